///usr/bin/env node
'use strict';
const dist_module_url = (file) => require('node:url').pathToFileURL(require('node:path').join(__dirname, '..', file)).href;
const dist_module_dir = (folder) => require('node:path').join(__dirname, '..', folder);
"use strict";var __create=Object.create;var __defProp=Object.defineProperty;var __getOwnPropDesc=Object.getOwnPropertyDescriptor;var __getOwnPropNames=Object.getOwnPropertyNames;var __getProtoOf=Object.getPrototypeOf,__hasOwnProp=Object.prototype.hasOwnProperty;var __esm=(fn,res,err)=>function(){if(err)throw err[0];try{return fn&&(res=(0,fn[__getOwnPropNames(fn)[0]])(fn=0)),res}catch(e){throw err=[e],e}};var __commonJS=(cb,mod)=>function(){try{return mod||(0,cb[__getOwnPropNames(cb)[0]])((mod={exports:{}}).exports,mod),mod.exports}catch(e){throw mod=0,e}};var __copyProps=(to,from,except,desc)=>{if(from&&typeof from=="object"||typeof from=="function")for(let key of __getOwnPropNames(from))!__hasOwnProp.call(to,key)&&key!==except&&__defProp(to,key,{get:()=>from[key],enumerable:!(desc=__getOwnPropDesc(from,key))||desc.enumerable});return to};var __toESM=(mod,isNodeMode,target)=>(target=mod!=null?__create(__getProtoOf(mod)):{},__copyProps(isNodeMode||!mod||!mod.__esModule?__defProp(target,"default",{value:mod,enumerable:!0}):target,mod));var MemoryError,UsageError,MissingDatabaseError,init_errors=__esm({"lib/errors.ts"(){"use strict";MemoryError=class extends Error{constructor(message,exitCode=1){super(message);this.exitCode=exitCode}exitCode;name="MemoryError"},UsageError=class extends MemoryError{name="UsageError"},MissingDatabaseError=class extends MemoryError{constructor(dbPath){super(`no memory database at ${dbPath} yet (it is created by the first captured tool call)`);this.dbPath=dbPath}dbPath;name="MissingDatabaseError"}}});function objectOf(value){return typeof value=="object"&&value!==null&&!Array.isArray(value)?value:{}}function describeError(error){if(error instanceof Error){let code=error.code;return typeof code=="string"&&!error.message.includes(code)?`${code}: ${error.message}`:error.message}return String(error)}var init_unknown=__esm({"lib/unknown.ts"(){"use strict"}});function wordWeights(df,total){let n=Math.max(total,1);return df.map(d=>Math.log(1+(n-Math.min(d,n)+.5)/(Math.min(d,n)+.5)))}function scoreParts(candidate,weights,df,best=[]){let carried=0,all=0,relevance=0,allMatched=!0,matched=[];for(let i=0;i<candidate.hits.length;i++){let hit=candidate.hits[i],weight=weights[i]??0;if(all+=weight,!hit){(df[i]??0)>0&&weight>0&&(allMatched=!1);continue}matched.push(i);let top=best[i],own=hit.own>0;!own&&(df[i]??0)>0&&weight>0&&(allMatched=!1);let share=hit.bridged?.5:1;carried+=(own?weight:weight*.3)*share;let raw=own?hit.own:hit.request*.3,scale=own?top?.own:top?.request;relevance+=weight*share*(scale&&scale>0?Math.min(1,raw/scale):1)}let coverage=all>0?carried/all:0,strength=all>0?relevance/all:0,score=coverage*(1-.1+.1*strength);return{id:candidate.id,allMatched:allMatched&&matched.length>0,coverage,strength,score,matched}}function bestHits(candidates,words){let best=Array.from({length:words},()=>({own:0,request:0}));for(let c=0;c<candidates.length;c++){let hits=candidates[c].hits;for(let i=0;i<hits.length;i++){let hit=hits[i],top=best[i];!hit||!top||(hit.own>top.own&&(top.own=hit.own),hit.request>top.request&&(top.request=hit.request))}}return best}function isResult(parts,df,total){if(parts.matched.length===0||parts.coverage===0)return!1;let limit=.2*total;for(let i of parts.matched)if((df[i]??0)<=limit)return!0;for(let d of df)if(d!==0&&d<=limit)return!1;return!0}function rankCandidates(candidates,df,total,stop=[]){let ignore=stop.some((isStop,i)=>!isStop&&i<df.length),weights=wordWeights(df,total).map((weight,i)=>ignore&&stop[i]?0:weight),best=bestHits(candidates,df.length),ranked=[];for(let c=0;c<candidates.length;c++){let parts=scoreParts(candidates[c],weights,df,best);isResult(parts,df,total)&&ranked.push(parts)}return ranked.sort(compareRanked)}function compareRanked(a,b){return a.allMatched!==b.allMatched?a.allMatched?-1:1:b.score>a.score?1:b.score<a.score?-1:0}var SCORE_TIE,init_rank=__esm({"lib/search/rank.ts"(){"use strict";SCORE_TIE=.005}});function primed(pattern){return"aB1".search(pattern),pattern}function identifierParts(token){return partsOf(token,ASCII_TEXT.test(token))}function tokens(text2){return tokensOf(text2,ASCII_TEXT.test(text2))}function partsOf(token,ascii){return ascii?token.split(ASCII_BOUNDARY).filter(Boolean):(boundary??=primed(new RegExp("(?<=\\p{Ll})(?=\\p{Lu})|(?<=\\p{Lu})(?=\\p{Lu}\\p{Ll})|(?<=\\p{L})(?=\\p{N})|(?<=\\p{N})(?=\\p{L})","u")),token.split(boundary).filter(Boolean))}function tokensOf(text2,ascii){return ascii?text2.match(ASCII_TOKEN)??[]:(tokenPattern??=primed(/[\p{L}\p{N}\p{Co}]+/gu),text2.match(tokenPattern)??[])}function indexedText(text2){let extra=[],seen=new Set,ascii=ASCII_TEXT.test(text2);for(let token of tokensOf(text2,ascii)){if(seen.has(token))continue;seen.add(token);let parts=partsOf(token,ascii);if(!(parts.length<2)&&(extra.push(parts.join(" ")),extra.length>=MAX_EXTRA_PARTS))break}return extra.length===0?text2:`${text2}
${extra.join(" ; ")}`}function headEnd(content){let newline=content.indexOf(`
`);return Math.min(newline<0?content.length:newline,HEAD_MAX)}function nameText(filePath,tags){return indexedText(`${filePath??""} ${tags.replaceAll(","," ")}`.trim())}function headText(content){return indexedText(content.slice(0,headEnd(content)))}function bodyText(content){return indexedText(content.slice(headEnd(content)))}function gramText(content,tags,filePath){return`${content}
${tags}
${filePath??""}`}function gramWords(content,filePath,projectPath){let path=filePath!==null&&filePath.startsWith(`${projectPath}/`)?filePath.slice(projectPath.length+1):filePath,distinct=new Set;for(let raw of`${content} ${path??""}`.split(/\s+/u)){let token=raw.replace(EDGE_SYNTAX,"");[...token].length>=3&&distinct.add(token)}let kept=[];for(let token of[...distinct].sort((a,b)=>b.length-a.length))kept.some(longer=>longer.includes(token))||kept.push(token);return kept.join(" ")}function requestText(request){return indexedText(request??"")}var EDGE_SYNTAX,tokenPattern,boundary,ASCII_TEXT,ASCII_TOKEN,ASCII_BOUNDARY,MAX_EXTRA_PARTS,HEAD_MAX,init_identifiers=__esm({"lib/identifiers.ts"(){"use strict";EDGE_SYNTAX=/^["'()*^:]+|["'()*^:]+$/g,ASCII_TEXT=/^[\x00-\x7f\u2192\u2026\u00b7\u2014\u2013\u201c\u201d\u2018\u2019]*$/,ASCII_TOKEN=/[A-Za-z0-9]+/g,ASCII_BOUNDARY=/(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])|(?<=[A-Za-z])(?=[0-9])|(?<=[0-9])(?=[A-Za-z])/;MAX_EXTRA_PARTS=400;HEAD_MAX=300}});var HANGUL_SPELLINGS,KOREAN_GLOSSARY,init_bridge_table=__esm({"lib/language/bridge-table.ts"(){"use strict";HANGUL_SPELLINGS=`
\uAE43 | git
\uAE43\uD5C8\uBE0C \uAE43\uD5D9 | github
\uAE43\uB7A9 | gitlab
\uCEE4\uBC0B | commit
\uD478\uC2DC \uD478\uC26C | push
\uD480 | pull
\uBE0C\uB79C\uCE58 | branch
\uBA38\uC9C0 | merge
\uB9AC\uBCA0\uC774\uC2A4 | rebase
\uCCB4\uD06C\uC544\uC6C3 | checkout
\uC2A4\uD0DC\uC2DC \uC2A4\uD14C\uC2DC | stash
\uD0DC\uADF8 | tag tags
\uD074\uB860 | clone
\uD3EC\uD06C | fork
\uB9AC\uBAA8\uD2B8 | remote
\uC624\uB9AC\uC9C4 | origin
\uD5E4\uB4DC | head
\uB9C8\uC2A4\uD130 | master
\uBA54\uC778 | main
\uCEE8\uD50C\uB9AD\uD2B8 | conflict conflicts
\uB9AC\uBC84\uD2B8 | revert
\uB9AC\uC14B | reset
\uCCB4\uB9AC\uD53D | cherry
\uB514\uD504 | diff
\uB85C\uADF8 | log logs
\uD480\uB9AC\uD018 \uD480\uB9AC\uD018\uC2A4\uD2B8 | pull request pr
\uC774\uC288 | issue issues
\uB9AC\uBDF0 | review
\uBE4C\uB4DC | build
\uB9AC\uBE4C\uB4DC | rebuild build
\uCEF4\uD30C\uC77C | compile compiler
\uD2B8\uB79C\uC2A4\uD30C\uC77C | transpile
\uBC88\uB4E4 \uBC88\uB4E4\uB7EC | bundle bundler
\uCE90\uC2DC \uCE90\uC26C | cache caches cached
\uB9B0\uD2B8 \uB9B0\uD130 | lint linter eslint
\uD3EC\uB9F7 \uD3EC\uB9E4\uD130 \uD3EC\uB9F7\uD130 | format formatter prettier
\uD14C\uC2A4\uD2B8 | test tests
\uC720\uB2DB | unit
\uBAA8\uD0B9 \uBAA9\uC5C5 | mock mocks
\uD53D\uC2A4\uCC98 | fixture fixtures
\uCEE4\uBC84\uB9AC\uC9C0 | coverage
\uB514\uBC84\uADF8 \uB514\uBC84\uAE45 | debug debugger
\uB514\uBC84\uAC70 | debugger
\uBE0C\uB808\uC774\uD06C\uD3EC\uC778\uD2B8 | breakpoint
\uC2A4\uD0DD | stack
\uD2B8\uB808\uC774\uC2A4 | trace traceback
\uC2A4\uD0DD\uD2B8\uB808\uC774\uC2A4 | traceback stack
\uC5D0\uB7EC | error errors
\uC775\uC149\uC158 | exception
\uC6CC\uB2DD | warning warnings
\uBC84\uADF8 | bug
\uD328\uCE58 | patch
\uD56B\uD53D\uC2A4 | hotfix
\uD06C\uB798\uC2DC \uD06C\uB798\uC26C | crash crashed
\uD0C0\uC784\uC544\uC6C3 | timeout
\uB514\uB809\uD130\uB9AC \uB514\uB809\uD1A0\uB9AC \uB514\uB809 | directory dir
\uD30C\uC77C | file files
\uC2EC\uB9C1\uD06C | symlink
\uB9AC\uD329\uD130\uB9C1 \uB9AC\uD329\uD1A0\uB9C1 \uB9AC\uD329\uD130 \uB9AC\uD329\uD1A0 | refactor refactoring
\uB9C8\uC774\uADF8\uB808\uC774\uC158 \uB9C8\uC774\uADF8\uB808\uC774\uD2B8 | migration migrate migrations
\uC2A4\uD0A4\uB9C8 | schema
\uCFFC\uB9AC | query queries
\uC778\uB371\uC2A4 | index
\uD2B8\uB79C\uC7AD\uC158 | transaction
\uB370\uC774\uD130\uBCA0\uC774\uC2A4 | database db
\uD14C\uC774\uBE14 | table tables
\uCEEC\uB7FC \uCE7C\uB7FC | column columns
\uB808\uCF54\uB4DC \uB85C\uC6B0 | record row rows
\uC2DC\uB4DC | seed
\uBC31\uC5C5 | backup
\uCEE8\uD14C\uC774\uB108 | container containers
\uB3C4\uCEE4 | docker
\uB3C4\uCEE4\uD30C\uC77C | dockerfile
\uC774\uBBF8\uC9C0 | image images
\uBCFC\uB968 | volume volumes
\uCFE0\uBC84\uB124\uD2F0\uC2A4 \uCFE0\uBC84 | kubernetes kubectl
\uD30C\uB4DC | pod pods
\uB178\uB4DC | node
\uC5D4\uD53C\uC5E0 | npm
\uC580 | yarn
\uD328\uD0A4\uC9C0 | package packages
\uBAA8\uB4C8 | module modules
\uB77C\uC774\uBE0C\uB7EC\uB9AC | library libraries
\uB514\uD39C\uB358\uC2DC | dependency dependencies
\uBC84\uC804 | version
\uC5C5\uB370\uC774\uD2B8 | update
\uC5C5\uADF8\uB808\uC774\uB4DC | upgrade
\uB2E4\uC6B4\uADF8\uB808\uC774\uB4DC | downgrade
\uC778\uC2A4\uD1A8 | install
\uC5B8\uC778\uC2A4\uD1A8 | uninstall
\uD30C\uC774\uC36C | python python3
\uD30C\uC774\uD504 | pipe
\uD54D | pip
\uCF58\uB2E4 | conda
\uC7A5\uACE0 | django
\uD50C\uB77C\uC2A4\uD06C | flask
\uB9AC\uC561\uD2B8 | react
\uB125\uC2A4\uD2B8 | next nextjs
\uBDF0 | vue view
\uC575\uADE4\uB7EC | angular
\uC2A4\uBCA8\uD2B8 | svelte
\uD0C0\uC785\uC2A4\uD06C\uB9BD\uD2B8 | typescript ts
\uC790\uBC14\uC2A4\uD06C\uB9BD\uD2B8 | javascript js
\uC790\uBC14 | java
\uCF54\uD2C0\uB9B0 | kotlin
\uC2A4\uC704\uD504\uD2B8 | swift
\uB7EC\uC2A4\uD2B8 | rust cargo
\uACE0\uB7AD | go golang
\uCE74\uACE0 | cargo
\uADF8\uB798\uB4E4 | gradle
\uBA54\uC774\uBE10 | maven mvn
\uB178\uB4DC\uBAA8\uB4C8 | node_modules
\uC6F9\uD329 | webpack
\uBC14\uC774\uD2B8 | byte bytes
\uBC14\uBCA8 | babel
\uC774\uC5D0\uC2A4\uB9B0\uD2B8 | eslint
\uD504\uB9AC\uD2F0\uC5B4 | prettier
\uC81C\uC2A4\uD2B8 | jest
\uBC14\uC774\uD14C\uC2A4\uD2B8 | vitest
\uD30C\uC774\uD14C\uC2A4\uD2B8 | pytest
\uD50C\uB808\uC774\uB77C\uC774\uD2B8 | playwright
\uC140\uB808\uB2C8\uC6C0 | selenium
\uC11C\uBC84 | server
\uC0AC\uC774\uD2B8 \uC6F9\uC0AC\uC774\uD2B8 | site website
\uC571 \uC5B4\uD50C \uC560\uD50C\uB9AC\uCF00\uC774\uC158 \uC5B4\uD50C\uB9AC\uCF00\uC774\uC158 | app application
\uC6F9 | web
\uD504\uB85C\uC81D\uD2B8 | project
\uD074\uB77C\uC774\uC5B8\uD2B8 | client
\uD504\uB860\uD2B8 \uD504\uB7F0\uD2B8 \uD504\uB860\uD2B8\uC5D4\uB4DC \uD504\uB7F0\uD2B8\uC5D4\uB4DC | frontend front
\uBC31\uC5D4\uB4DC | backend
\uC5D0\uC774\uD53C\uC544\uC774 | api
\uC5D4\uB4DC\uD3EC\uC778\uD2B8 | endpoint
\uB77C\uC6B0\uD2B8 \uB77C\uC6B0\uD130 \uB77C\uC6B0\uD305 | route router routes
\uBBF8\uB4E4\uC6E8\uC5B4 | middleware
\uCEE8\uD2B8\uB864\uB7EC | controller
\uBAA8\uB378 | model models
\uBDF0\uC14B | viewset viewsets
\uD15C\uD50C\uB9BF | template templates
\uCEF4\uD3EC\uB10C\uD2B8 | component components
\uD6C5 | hook hooks
\uC2A4\uD14C\uC774\uD2B8 | state
\uD504\uB86D\uC2A4 | props
\uB9AC\uB355\uC2A4 | redux
\uC2A4\uD1A0\uC5B4 | store
\uC138\uC158 | session sessions
\uCFE0\uD0A4 | cookie cookies
\uD1A0\uD070 | token tokens
\uC778\uC99D \uC5B4\uC2A4 | auth authentication
\uB85C\uADF8\uC778 | login
\uB85C\uADF8\uC544\uC6C3 | logout
\uD328\uC2A4\uC6CC\uB4DC | password
\uD574\uC2DC | hash
\uC2DC\uD06C\uB9BF | secret secrets
\uCEE8\uD53C\uADF8 | config configuration
\uC138\uD305 \uC138\uD305\uC2A4 | settings setting
\uC635\uC158 | option options
\uD50C\uB798\uADF8 | flag flags
\uD30C\uB77C\uBBF8\uD130 \uD30C\uB77C\uBA54\uD130 | parameter parameters param
\uC544\uADDC\uBA3C\uD2B8 | argument arguments args
\uB9AC\uD018\uC2A4\uD2B8 | request requests
\uB9AC\uC2A4\uD3F0\uC2A4 | response
\uD5E4\uB354 | header headers
\uBC14\uB514 | body
\uC81C\uC774\uC2A8 | json
\uC57C\uBBC8 \uC57C\uBA40 | yaml yml
\uC5D1\uC2A4\uC5E0\uC5D8 | xml
\uC528\uC5D0\uC2A4\uC5D0\uC2A4 | css
\uC5D0\uC774\uCE58\uD2F0\uC5E0\uC5D8 | html
\uC2A4\uD0C0\uC77C | style styles
\uD074\uB798\uC2A4 | class
\uBA54\uC11C\uB4DC \uBA54\uC18C\uB4DC | method methods
\uD0C0\uC785 | type types
\uC778\uD130\uD398\uC774\uC2A4 | interface
\uC624\uBE0C\uC81D\uD2B8 | object
\uBC30\uC5F4 \uC5B4\uB808\uC774 | array
\uB9AC\uC2A4\uD2B8 | list
\uB515\uC154\uB108\uB9AC | dict dictionary
\uC2A4\uD2B8\uB9C1 | string str
\uB110 | null
\uB17C | none
\uC5B8\uB514\uD30C\uC778\uB4DC | undefined
\uD504\uB85C\uD37C\uD2F0 | property properties
\uC5B4\uD2B8\uB9AC\uBDF0\uD2B8 | attribute
\uC784\uD3EC\uD2B8 | import imports
\uC775\uC2A4\uD3EC\uD2B8 | export
\uD504\uB85C\uC138\uC2A4 | process processes
\uC2A4\uB808\uB4DC \uC4F0\uB808\uB4DC | thread threads
\uD3EC\uD2B8 | port
\uD638\uC2A4\uD2B8 | host
\uB3C4\uBA54\uC778 | domain
\uD504\uB85D\uC2DC | proxy
\uC5D4\uC9C4\uC5D1\uC2A4 | nginx
\uC544\uD30C\uCE58 | apache
\uC720\uB354\uBE14\uC720\uC5D0\uC2A4\uC9C0\uC544\uC774 | uwsgi
\uAC74\uC720\uB2C8\uCF58 \uAD6C\uB2C8\uCF58 | gunicorn
\uC288\uD37C\uBC14\uC774\uC800 | supervisor supervisorctl
\uC2DC\uC2A4\uD15C\uB514 | systemd systemctl
\uC11C\uBE44\uC2A4 | service services
\uB370\uBAAC | daemon
\uD06C\uB860 | cron crontab
\uC2A4\uD06C\uB9BD\uD2B8 | script scripts
\uC178 \uC258 | shell bash sh
\uD130\uBBF8\uB110 | terminal
\uCEE4\uB9E8\uB4DC | command
\uCF58\uC194 | console
\uBC30\uC2DC | bash
\uD37C\uBBF8\uC158 | permission permissions
\uB8E8\uD2B8 | root
\uC218\uB3C4 | sudo
\uB9AC\uB205\uC2A4 | linux
\uC6B0\uBD84\uD22C | ubuntu
\uC708\uB3C4\uC6B0 \uC708\uB3C4 | windows
\uB9E5 \uB9E5\uBD81 | mac macos darwin
\uC5D0\uC774\uB354\uBE14\uC720\uC5D0\uC2A4 | aws
\uBC84\uD0B7 | bucket
\uB78C\uB2E4 | lambda
\uD074\uB77C\uC6B0\uB4DC | cloud
\uB514\uD50C\uB85C\uC774 \uB514\uD50C\uB85C\uC774\uBA3C\uD2B8 | deploy deployment
\uB9B4\uB9AC\uC2A4 \uB9B4\uB9AC\uC988 | release
\uD30C\uC774\uD504\uB77C\uC778 | pipeline
\uC6CC\uD06C\uD50C\uB85C \uC6CC\uD06C\uD50C\uB85C\uC6B0 | workflow workflows
\uC561\uC158 | action actions
\uC528\uC544\uC774 | ci
\uC2A4\uD14C\uC774\uC9D5 | staging
\uD504\uB85C\uB355\uC158 \uD504\uB85C\uB4DC | production prod
\uB85C\uCEEC | local localhost
\uB9AC\uBAA8\uD2B8\uC11C\uBC84 | remote
\uC6F9\uC18C\uCF13 | websocket
\uC18C\uCF13 | socket
\uD050 | queue
\uC6CC\uCEE4 | worker workers
\uC140\uB7EC\uB9AC | celery
\uB808\uB514\uC2A4 | redis
\uBABD\uACE0 \uBABD\uACE0\uB514\uBE44 | mongo mongodb mongoose
\uD3EC\uC2A4\uD2B8\uADF8\uB808\uC2A4 \uD3EC\uC2A4\uD2B8\uADF8\uB808 | postgres postgresql
\uB9C8\uC774\uC5D0\uC2A4\uD050\uC5D8 | mysql
\uC5D0\uC2A4\uD050\uC5D8\uB77C\uC774\uD2B8 | sqlite sqlite3
\uC5D0\uC2A4\uD050\uC5D8 | sql
\uC624\uC54C\uC5E0 | orm
\uD504\uB9AC\uC988\uB9C8 | prisma
\uC2A4\uD0DC\uD2F1 | static
\uBBF8\uB514\uC5B4 | media
\uC5D0\uC14B | asset assets
\uD3F0\uD2B8 | font fonts
\uC544\uC774\uCF58 | icon icons
\uBC84\uD2BC | button buttons
\uBAA8\uB2EC | modal
\uCE74\uB4DC | card
\uBC30\uC9C0 \uBC43\uC9C0 | badge
\uB808\uC774\uC544\uC6C3 | layout
\uB9C8\uC9C4 | margin
\uD328\uB529 | padding
\uBCF4\uB354 | border
\uBC31\uADF8\uB77C\uC6B4\uB4DC | background
\uCEEC\uB7EC | color colour
\uC0AC\uC774\uB4DC\uBC14 | sidebar
\uBA54\uB274 \uBA54\uB274\uBC14 | menu
\uB124\uBE44\uAC8C\uC774\uC158 \uB0B4\uBE44\uAC8C\uC774\uC158 | navigation nav
\uD5E4\uB354\uBC14 | header navbar
\uD478\uD130 | footer
\uD398\uC774\uC9C0 | page pages
\uD398\uC774\uC9C0\uB124\uC774\uC158 | pagination paginator
\uD3FC | form forms
\uC778\uD48B | input
\uC140\uB809\uD2B8 | select
\uD544\uD130 | filter filters
\uC18C\uD2B8 | sort ordering
\uC11C\uCE58 | search
\uC5B4\uB4DC\uBBFC | admin
\uB300\uC2DC\uBCF4\uB4DC | dashboard
\uC720\uC800 | user users
\uD504\uB85C\uD544 \uD504\uB85C\uD30C\uC77C | profile
\uADF8\uB8F9 | group groups
\uC2A4\uD0DC\uD504 | staff is_staff
\uC288\uD37C\uC720\uC800 | superuser
\uB9AC\uB2E4\uC774\uB809\uD2B8 | redirect
\uB80C\uB354 \uB80C\uB354\uB9C1 | render rendering
\uB9AC\uB80C\uB354 | rerender render
\uC774\uBCA4\uD2B8 | event events
\uB9AC\uC2A4\uB108 | listener
\uCF5C\uBC31 | callback
\uD504\uB85C\uBBF8\uC2A4 | promise
\uC5B4\uC2F1\uD06C | async await
\uC2F1\uD06C | sync
\uB8E8\uD504 | loop
\uBA54\uBAA8\uB9AC | memory
\uB9AC\uD06C | leak
\uD37C\uD3EC\uBA3C\uC2A4 | performance
\uBCA4\uCE58\uB9C8\uD06C \uBCA4\uCE58 | bench benchmark
\uD504\uB85C\uD30C\uC77C\uB9C1 | profile profiling
\uB85C\uAE45 | logging logger
\uB85C\uAC70 | logger
\uBAA8\uB2C8\uD130\uB9C1 | monitoring monitor
\uB178\uD2F0 | notification alert notify
\uC774\uBA54\uC77C \uBA54\uC77C | email mail
\uD06C\uB864\uB7EC \uD06C\uB864\uB9C1 | crawler crawl scrape
\uD30C\uC11C \uD30C\uC2F1 | parser parse parsing
\uC778\uCF54\uB529 | encoding encode
\uB514\uCF54\uB529 | decode decoding
\uC720\uB2C8\uCF54\uB4DC | unicode utf
\uB2E4\uC6B4\uB85C\uB4DC | download
\uC5C5\uB85C\uB4DC | upload
\uC2A4\uD06C\uB9B0\uC0F7 | screenshot
\uD1A0\uAE00 | toggle
\uD50C\uB7EC\uADF8\uC778 | plugin plugins
\uC775\uC2A4\uD150\uC158 | extension
\uC5D0\uB514\uD130 | editor
\uD504\uB86C\uD504\uD2B8 | prompt
\uC5D0\uC774\uC804\uD2B8 | agent
\uD074\uB85C\uB4DC | claude
\uCF54\uB4DC | code
\uB9AC\uB4DC\uBBF8 | readme
\uCF54\uBA58\uD2B8 | comment comments
\uD22C\uB450 | todo
\uCCB4\uD06C\uB9AC\uC2A4\uD2B8 | checklist
\uC2A4\uD399 | spec specs
\uB808\uD3EC \uB808\uD3EC\uC9C0\uD1A0\uB9AC \uB9AC\uD3EC\uC9C0\uD1A0\uB9AC | repo repository
\uD328\uC2A4 | pass passed
\uCEE4\uB125\uC158 | connection connect
\uB9AC\uD2B8\uB77C\uC774 | retry
\uB77D | lock locked
\uB370\uB4DC\uB77D | deadlock
`,KOREAN_GLOSSARY=`
\uC624\uB958 | error errors
\uC2E4\uD328 | fail failed failure error
\uC131\uACF5 | success succeeded passed
\uACBD\uACE0 | warning warn
\uC608\uC678 | exception
\uC124\uCE58 | install installed
\uC81C\uAC70 | remove uninstall delete
\uC0AD\uC81C | delete remove rm
\uC9C0\uC6B0\uAE30 \uC9C0\uC6B0 \uC9C0\uC6B4 \uC9C0\uC6CC \uC9C0\uC6E0 \uC9C0\uC6C0 | delete remove clear rm
\uC5C6\uC560 \uC5C6\uC564 \uC5C6\uC560\uAE30 \uBE7C\uAE30 \uBE80 | remove delete
\uACE0\uCCD0 \uACE0\uCE5C \uACE0\uCE58 | fix fixed
\uBC14\uAFD4 \uBC14\uAFBC \uBC14\uAFB8 \uBC14\uAFC8 | change replace switch
\uB123\uC5B4 \uB123\uC740 \uB123\uAE30 | add insert put
\uB9CC\uB4E4 \uB9CC\uB4E0 \uB9CC\uB4E4\uC5B4 | create make new
\uB3CC\uB824 \uB418\uB3CC | revert restore rollback
\uC62C\uB824 \uC62C\uB9B0 \uC62C\uB9AC | raise increase bump upload
\uCF1C\uAE30 \uCF1C | enable on
\uB044\uAE30 \uAEBC | disable off
\uC0DD\uC131 \uB9CC\uB4E4\uAE30 | create new mkdir
\uCD94\uAC00 | add added
\uC218\uC815 | fix edit modify update
\uACE0\uCE68 \uACE0\uCE58\uAE30 | fix fixed
\uBCC0\uACBD | change changes changed
\uAD50\uCCB4 | replace
\uAC31\uC2E0 | update refresh
\uBC30\uD3EC | deploy deployment release
\uC2E4\uD589 | run execute exec
\uC7AC\uC2E4\uD589 | rerun run
\uC2DC\uC791 | start
\uC7AC\uC2DC\uC791 | restart
\uC885\uB8CC \uC911\uC9C0 \uC911\uB2E8 | stop kill exit
\uC815\uC9C0 | stop
\uC7AC\uBD80\uD305 | reboot restart
\uB418\uB3CC\uB9AC\uAE30 \uB418\uB3CC\uB9BC \uB418\uB3CC\uB824 \uB864\uBC31 | revert rollback restore
\uBCF5\uAD6C \uBCF5\uC6D0 | restore recover
\uC6D0\uB798\uB300\uB85C \uC6D0\uC0C1\uBCF5\uAD6C | restore revert original
\uCD08\uAE30\uD654 | reset init initialize
\uD655\uC778 | check verify
\uAC80\uC0AC | check lint inspect
\uAC80\uC99D | validate validation verify
\uBE44\uAD50 | diff compare
\uBCD1\uD569 | merge
\uBD84\uAE30 | branch
\uC800\uC7A5 | save store
\uBD88\uB7EC\uC624\uAE30 \uB85C\uB4DC | load
\uAC00\uC838\uC624\uAE30 | import fetch pull
\uB0B4\uBCF4\uB0B4\uAE30 | export
\uC77D\uAE30 | read
\uC4F0\uAE30 | write
\uC5F4\uAE30 | open
\uB2EB\uAE30 | close
\uAC70\uBD80 | denied refused rejected
\uD5C8\uC6A9 | allow allowed
\uC811\uADFC | access
\uC778\uC99D\uC11C | certificate cert ssl
\uC18D\uC131 | property attribute
\uC815\uC758 | define defined definition
\uC815\uC758\uB418\uC9C0 | undefined
\uCC3E\uC744 | find found
\uC5C6\uC74C \uC5C6\uB294 \uC5C6\uB2E4 | missing no none not
\uB204\uB77D | missing
\uC874\uC7AC\uD558\uC9C0 | exist exists
\uAC12 | value
\uD615\uC2DD | format type
\uC720\uD6A8\uD558\uC9C0 \uC798\uBABB\uB41C | invalid
\uAD6C\uBB38 \uBB38\uBC95 | syntax
\uD638\uCD9C | call
\uBC18\uD658 | return returns
\uCD08\uACFC | exceeded exceed
\uC2DC\uAC04\uCD08\uACFC | timeout
\uBA54\uBAA8\uB9AC\uBD80\uC871 | memory
\uC911\uBCF5 | duplicate
\uB04A\uAE40 | disconnected closed
\uC804\uC1A1 | send
\uC218\uC2E0 | receive
\uBAA9\uB85D | list
\uD56D\uBAA9 | item entry
\uD544\uB4DC | field fields
\uC774\uB984 | name
\uC8FC\uC18C | address url
\uC0AC\uC6A9\uC911 | use used
\uC124\uC815 | settings config configuration
\uD658\uACBD | environment env
\uAE30\uB85D | log logs
\uCD9C\uB825 | output print
\uC785\uB825 | input
\uBA85\uB839 \uBA85\uB839\uC5B4 | command
\uC758\uC874 | dependency dependencies
\uD1B5\uACFC | pass passed
\uC815\uC801 | static
\uC218\uC9D1 | collect
\uB3D9\uC801 | dynamic
\uC784\uC2DC | temp tmp temporary
\uBC30\uACBD\uC0C9 | background
\uAE00\uC528 \uAE00\uC790 | font text
\uD06C\uAE30 | size
\uC5EC\uBC31 | margin padding
\uD14C\uB450\uB9AC | border
\uC228\uAE30\uAE30 \uC228\uAE40 | hide hidden
\uD45C\uC2DC \uBCF4\uC774\uAE30 | show display
\uC704\uCE58 | position
\uD68C\uC0C9 | gray grey
\uD770\uC0C9 \uD558\uC580\uC0C9 | white
\uAC80\uC740\uC0C9 \uAC80\uC815 | black
\uBE68\uAC04\uC0C9 | red
\uD30C\uB780\uC0C9 | blue
\uCD08\uB85D\uC0C9 | green
\uD654\uBA74 | screen
\uACC4\uC815 | account
\uBB38\uC81C | problem issue
\uC791\uC5C5 | task job work
\uCDA9\uB3CC | conflict conflicts
\uD3F4\uB354 | folder directory
\uACBD\uB85C | path
\uB514\uBE44 | database db
\uC758\uC874\uC131 | dependency dependencies
\uAC00\uC0C1\uD658\uACBD | venv virtualenv
\uC0C1\uD0DC\uAC12 | state
\uD68C\uC6D0\uAC00\uC785 | signup register
\uBE44\uBC00\uBC88\uD638 | password
\uC554\uD638\uD654 | encrypt encryption
\uD658\uACBD\uBCC0\uC218 | env environment
\uC124\uC815\uD30C\uC77C | config
\uC778\uC790 | argument arguments args
\uC694\uCCAD | request requests
\uC751\uB2F5 | response
\uD568\uC218 | function func def
\uBCC0\uC218 | variable variables var
\uC0C1\uC218 | constant const
\uAC1D\uCCB4 | object
\uBB38\uC790\uC5F4 | string str
\uAD8C\uD55C | permission permissions
\uBC30\uACBD | background
\uC0C9\uC0C1 \uC0C9 | color colour
\uB192\uC774 | height
\uB108\uBE44 \uB113\uC774 | width
\uC815\uB82C | sort ordering
\uAC80\uC0C9 | search
\uAD00\uB9AC\uC790 | admin
\uC0AC\uC6A9\uC790 | user users
\uBE44\uB3D9\uAE30 | async await
\uB3D9\uAE30\uD654 | sync
\uC7AC\uADC0 | recursion recursive
\uB204\uC218 | leak
\uC131\uB2A5 | performance
\uCD5C\uC801\uD654 | optimize optimization
\uC54C\uB9BC | notification alert notify
\uD655\uC7A5 | extension
\uBB38\uC11C | docs documentation doc
\uC8FC\uC11D | comment comments
\uC800\uC7A5\uC18C | repo repository
\uC5F0\uACB0 | connection connect
\uC7AC\uC2DC\uB3C4 | retry
\uC7A0\uAE08 | lock locked
`}});function head(text2,max){if(text2.length<=max)return text2;let end=isHighSurrogate(text2.charCodeAt(max-1))?max-1:max;return text2.slice(0,end)}function clip(text2,max){return text2.length<=max?text2:`${head(text2,Math.max(0,max-1))}\u2026`}function isHighSurrogate(code){return code>=55296&&code<=56319}function stripAnsi(text2){return text2.includes("\x1B")?text2.replace(ANSI,""):text2}function withoutEnding(word,endings,keep){for(let ending of endings)if(word.endsWith(ending)&&[...word].length-[...ending].length>=keep)return word.slice(0,-ending.length);return word}var ANSI,init_text=__esm({"lib/text.ts"(){"use strict";ANSI=/\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]/g}});function isHangul(word){return word!==""&&word.charCodeAt(0)>=128&&(hangulPattern??=/^[\uac00-\ud7a3]+$/).test(word)}function koreanStem(word){return isHangul(word)?withoutEnding(word,KOREAN_ENDINGS,2):word}var hangulPattern,KOREAN_ENDINGS,init_korean=__esm({"lib/language/korean.ts"(){"use strict";init_text();KOREAN_ENDINGS=["\uC5D0\uC11C\uB294","\uC73C\uB85C\uB294","\uC5D0\uAC8C\uC11C","\uC774\uB77C\uB294","\uD588\uB294\uB370","\uD558\uB824\uACE0","\uC5D0\uC11C","\uC5D0\uAC8C","\uD55C\uD14C","\uC73C\uB85C","\uBD80\uD130","\uAE4C\uC9C0","\uCC98\uB7FC","\uBCF4\uB2E4","\uB77C\uB294","\uC774\uB791","\uD558\uACE0","\uD588\uB358","\uD558\uB294","\uD558\uAE30","\uD574\uC11C","\uD588\uB2E4","\uD588\uC5B4","\uD588\uC9C0","\uD558\uB2E4","\uD574\uC918","\uB410\uC5B4","\uB418\uB294","\uB41C\uB2E4","\uD55C","\uB41C","\uD560","\uD568","\uB428","\uC744","\uB97C","\uC774","\uAC00","\uC740","\uB294","\uC758","\uC5D0","\uB85C","\uC640","\uACFC","\uB3C4","\uB9CC","\uB791"]}});function bridgeEntries(){let parse=(text2,table)=>text2.split(`
`).filter(line=>line.trim()!=="").map(line=>{let[korean="",english=""]=line.split("|").map(part=>part.trim());return{korean:korean.split(/\s+/),english:english.split(/\s+/),table}});return[...parse(HANGUL_SPELLINGS,"spelling"),...parse(KOREAN_GLOSSARY,"glossary")]}function lookup(){if(byKorean)return byKorean;byKorean=new Map;for(let entry of bridgeEntries())for(let korean of entry.korean)byKorean.set(korean,entry);return byKorean}function bridgeOf(word){if(!isHangul(word))return null;let table=lookup(),found=via=>{let entry=table.get(via);return entry?{via,english:entry.english,table:entry.table}:null},direct=found(word)??found(koreanStem(word));if(direct)return direct;let chars=[...word];for(let length=chars.length-1;length>=2;length--){let start=found(chars.slice(0,length).join(""));if(start)return start}return null}var BRIDGE_LABELS,byKorean,init_bridges=__esm({"lib/language/bridges.ts"(){"use strict";init_bridge_table();init_korean();BRIDGE_LABELS={spelling:"Hangul spelling of",glossary:"Korean word for"}}});function cleanText(text2){return stripAnsi(text2).replace(/[\t\n\r\v\f\u2028\u2029]+/g," ").replace(INVISIBLE,"").replace(/\s+/g," ").trim()}function displayPath(file,projectPath){let root=projectPath.endsWith("/")?projectPath:`${projectPath}/`;return cleanText(file.startsWith(root)?file.slice(root.length):file)}var INVISIBLE,init_sanitize=__esm({"lib/sanitize.ts"(){"use strict";init_text();INVISIBLE=/[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/g}});function lazyPattern(source,flags){let pattern;return()=>pattern??=new RegExp(source,flags)}function charTest(ascii,unicodeSource){let unicode=lazyPattern(unicodeSource,"u");return char=>char.charCodeAt(0)<128?ascii.test(char):unicode().test(char)}var init_unicode_pattern=__esm({"lib/unicode-pattern.ts"(){"use strict"}});function withoutSign(term){return term.startsWith("-")||term.startsWith("+")?term.replace(signPattern(),""):term}function searchTerms(query){let terms=[],seen=new Set;for(let raw of query.normalize("NFC").replace(INVISIBLE," ").split(/\s+/u)){if(OPERATORS.has(raw.replace(/[()]/g,"")))continue;let term=head(withoutSign(raw.replace(EDGE_SYNTAX,"")),MAX_TERM_CHARS),key=term.toLowerCase();if(!(term===""||seen.has(key))&&(seen.add(key),terms.push(term),terms.length===MAX_TERMS))break}return terms}var TIER_LABELS,MAX_TERMS,MAX_TERM_CHARS,OPERATORS,wordCharPattern,signPattern,init_plan=__esm({"lib/search/plan.ts"(){"use strict";init_identifiers();init_sanitize();init_text();init_unicode_pattern();TIER_LABELS={unicode61:"words (unicode61)",trigram:"substrings (trigram)",like:"plain text scan (LIKE)"},MAX_TERMS=32,MAX_TERM_CHARS=200,OPERATORS=new Set(["AND","OR","NOT","NEAR"]),wordCharPattern=lazyPattern(String.raw`[\p{L}\p{N}\p{Co}]`,"u"),signPattern=lazyPattern(String.raw`^[-+](?=[\p{L}\p{N}])`,"u")}});function phrase(parts){return`"${parts.join(" ").replaceAll('"','""')}"`}function wordExpression(term){let whole=tokens(term);if(whole.length===0)return null;let last=whole[whole.length-1];if(isHangul(last)&&[...last].length>=2){let stem=koreanStem(last);return`${phrase([...whole.slice(0,-1),stem])} *`}let parts=whole.flatMap(identifierParts);return parts.length===whole.length?phrase(whole):`(${phrase(whole)} OR ${phrase(parts)})`}function queryWords(query){return searchTerms(query).map(text2=>({text:text2,words:wordExpression(text2),grams:[...text2].length>=3?`"${text2.replaceAll('"','""')}"`:null,like:`%${text2.replace(/[\\%_]/g,char=>`\\${char}`)}%`,stop:STOP_WORDS.has(text2.toLowerCase()),...bridged(text2)}))}function bridged(term){let whole=tokens(term),bridge=whole.length===1?bridgeOf(whole[0]):null;return bridge?{bridge,bridged:bridge.english.map(word=>phrase(tokens(word))).join(" OR ")}:{bridge:null,bridged:null}}var STOP_WORDS,init_words=__esm({"lib/search/words.ts"(){"use strict";init_identifiers();init_bridges();init_korean();init_plan();STOP_WORDS=new Set(["a","an","the","to","of","in","on","at","by","for","from","with","and","or","is","are","was","were","be","it","its","this","that","as","into","has","have","had","do","does","did"])}});function sinceStartMs(){return process.uptime()*1e3}function activeDeadline(){return active}var active,init_deadline=__esm({"lib/db/deadline.ts"(){"use strict";active=null}});var require_node_module_on_call=__commonJS({"scripts/node-module-on-call.cjs"(exports2){"use strict";exports2.createRequire=filename=>require("node:module").createRequire(filename)}});function nodeSqlite(){if(loaded!==void 0)return loaded;let getBuiltin=process.getBuiltinModule,emitWarning=process.emitWarning;process.emitWarning=(()=>{});try{loaded=typeof getBuiltin=="function"?getBuiltin.call(process,"node:sqlite")??null:null}catch{loaded=null}finally{process.emitWarning=emitWarning}return loaded}function nodeSqliteProblem(){let sqlite=nodeSqlite();if(!sqlite)return"Node's own node:sqlite is missing (it needs Node 22.13 or newer)";try{let db=new sqlite.DatabaseSync(":memory:");try{db.exec("CREATE VIRTUAL TABLE probe USING fts5 (body, tokenize = 'trigram')")}finally{db.close()}return null}catch{return"Node's own node:sqlite lacks FTS5 with trigram (it needs Node 22.16 or newer)"}}function openNodeSqlite(path,options){let sqlite=nodeSqlite();if(!sqlite)throw new Error("node:sqlite is not available in this Node");if(options.fileMustExist&&path!==":memory:"&&!(0,import_node_fs2.existsSync)(path))throw Object.assign(new Error(`unable to open database file: ${path}`),{name:"SqliteError",code:"SQLITE_CANTOPEN"});let raw=translated(()=>new sqlite.DatabaseSync(path,options.readonly?{readOnly:!0}:{}));return new NodeSqliteConnection(raw,path,options.readonly??!1)}function translated(work){try{return work()}catch(error){let errcode=error?.errcode;if(typeof errcode!="number"||!(error instanceof Error))throw error;let name=RESULT_CODES[errcode&255]??"ERROR";throw Object.assign(new Error(error.message),{name:"SqliteError",code:`SQLITE_${name}`})}}function flatten(params){return params.flatMap(param=>Array.isArray(param)?param:[param])}var import_node_fs2,loaded,RESULT_CODES,NodeSqliteStatement,NodeSqliteConnection,init_node_sqlite=__esm({"lib/db/node-sqlite.ts"(){"use strict";import_node_fs2=require("node:fs");RESULT_CODES=["OK","ERROR","INTERNAL","PERM","ABORT","BUSY","LOCKED","NOMEM","READONLY","INTERRUPT","IOERR","CORRUPT","NOTFOUND","FULL","CANTOPEN","PROTOCOL","EMPTY","SCHEMA","TOOBIG","CONSTRAINT","MISMATCH","MISUSE","NOLFS","AUTH","FORMAT","RANGE","NOTADB"];NodeSqliteStatement=class{constructor(statement){this.statement=statement;statement.setAllowUnknownNamedParameters?.(!0)}statement;plucked=!1;pluck(toggle=!0){return this.plucked=toggle,this}run(...params){let result=translated(()=>this.statement.run(...flatten(params)));return{changes:Number(result.changes),lastInsertRowid:result.lastInsertRowid}}get(...params){let row=translated(()=>this.statement.get(...flatten(params)));return row==null?void 0:this.shape(row)}all(...params){return translated(()=>this.statement.all(...flatten(params))).map(row=>this.shape(row))}*iterate(...params){for(let row of this.all(...params))yield row}shape(row){return this.plucked?Object.values(row)[0]:{...row}}},NodeSqliteConnection=class{constructor(raw,name,readonly){this.raw=raw;this.name=name;this.readonly=readonly}raw;name;readonly;depth=0;closed=!1;get open(){return!this.closed}get inTransaction(){return this.raw.isTransaction??this.depth>0}get memory(){return this.name===":memory:"}prepare(sql){return new NodeSqliteStatement(translated(()=>this.raw.prepare(sql)))}exec(sql){return translated(()=>this.raw.exec(sql)),this}function(name,options,fn){return translated(()=>this.raw.function(name,{deterministic:options.deterministic??!1,varargs:options.varargs??!1},fn)),this}pragma(source,options={}){let rows=this.prepare(`PRAGMA ${source}`).all();if(!options.simple)return rows;let first=rows[0];return first===void 0?void 0:Object.values(first)[0]}close(){return this.closed||this.raw.close(),this.closed=!0,this}transaction(work){let run=begin=>(...args)=>{if(this.depth>0)return this.savepoint(()=>work(...args));this.exec(begin),this.depth++;try{let result=work(...args);return this.exec("COMMIT"),result}catch(error){if(this.raw.isTransaction!==!1)try{this.exec("ROLLBACK")}catch{}throw error}finally{this.depth--}};return Object.assign(run("BEGIN"),{deferred:run("BEGIN DEFERRED"),immediate:run("BEGIN IMMEDIATE"),exclusive:run("BEGIN EXCLUSIVE")})}savepoint(work){let name=`memory_savepoint_${this.depth}`;this.exec(`SAVEPOINT ${name}`),this.depth++;try{let result=work();return this.exec(`RELEASE ${name}`),result}catch(error){throw this.exec(`ROLLBACK TO ${name}`),this.exec(`RELEASE ${name}`),error}finally{this.depth--}}}}});function sqliteDriver(){return decided??=decide(),decided}function openConnection(path,options){let driver=sqliteDriver();if(!driver.ok)throw new NoDriverError(`${driver.problem}; ${driver.fix}`);return driver.open(path,options)}function builtinFirst(nodeVersion,addonMinNapi){return addonMinNapi===0&&Number(nodeVersion.split(".")[0])>=24}function decide(){if(builtinFirst(process.versions.node,ADDON_MIN_NAPI)&&nodeSqliteProblem()===null)return{ok:!0,name:"node:sqlite",open:openNodeSqlite,addonProblem:`its SQLite addon (better-sqlite3 12) can abort Node ${process.versions.node.split(".")[0]} when it frees a connection`};let addonProblem=loadAddon();if(typeof addonProblem!="string")return{ok:!0,name:"better-sqlite3",open:addonProblem};let builtinProblem=nodeSqliteProblem();return builtinProblem===null?{ok:!0,name:"node:sqlite",open:openNodeSqlite,addonProblem}:{ok:!1,problem:`under Node ${process.version}, ${addonProblem}, and ${builtinProblem}`,fix:ADDON_MIN_NAPI>0?"make Node 22.16 or newer the `node` on your PATH, then start a new session":"run ./install.sh again with this Node (it rebuilds better-sqlite3 for it), or use Node 22.16 or newer"}}function loadAddon(){if(Number(process.versions.napi??0)<ADDON_MIN_NAPI)return"its SQLite addon (better-sqlite3) needs Node 22.14 or newer";let Constructor;try{Constructor=requireBetterSqlite3(),new Constructor(":memory:").close()}catch(error){if(error?.code==="MODULE_NOT_FOUND")return"its SQLite addon (better-sqlite3) is not installed";let message=error instanceof Error?error.message:String(error),first=message.split(`
`)[0]??"";return/NODE_MODULE_VERSION|compiled against a different Node/.test(message)?"its SQLite addon (better-sqlite3) was built for another Node version":`its SQLite addon (better-sqlite3) does not load (${first.slice(0,160)})`}return(path,options)=>new Constructor(path,{readonly:options.readonly??!1,fileMustExist:options.fileMustExist??!1})}function requireBetterSqlite3(){return typeof require=="function"?require("better-sqlite3"):(0,import_node_module.createRequire)(dist_module_url("lib/db/driver.js"))("better-sqlite3")}var import_node_module,ADDON_MIN_NAPI,NoDriverError,decided,init_driver=__esm({"lib/db/driver.ts"(){"use strict";import_node_module=__toESM(require_node_module_on_call(),1);init_node_sqlite();ADDON_MIN_NAPI=10,NoDriverError=class extends Error{name="NoDriverError";code="NO_DRIVER"}}});function registerIndexFunctions(db){let options={deterministic:!0,varargs:!1};db.function("memory_name_text",options,(filePath,tags)=>nameText(orNull(filePath),text(tags))),db.function("memory_head_text",options,content=>headText(text(content))),db.function("memory_body_text",options,content=>bodyText(text(content))),db.function("memory_request_text",options,request=>requestText(orNull(request))),db.function("memory_gram_text",options,(content,tags,filePath)=>gramText(text(content),text(tags),orNull(filePath))),db.function("memory_gram_words",options,(content,filePath,projectPath)=>gramWords(text(content),orNull(filePath),text(projectPath)))}var text,orNull,init_index_functions=__esm({"lib/db/index-functions.ts"(){"use strict";init_identifiers();text=value=>typeof value=="string"?value:value==null?"":String(value),orNull=value=>value==null?null:text(value)}});function sidecarPaths(dbPath){let real=dbPath;try{real=import_node_fs3.realpathSync.native(dbPath)}catch{}return SIDECARS.map(suffix=>`${real}${suffix}`)}function assertNoSymlinkedSidecar(dbPath){for(let path of sidecarPaths(dbPath))if((0,import_node_fs3.lstatSync)(path,{throwIfNoEntry:!1})?.isSymbolicLink())throw new UnsafePathError(path,"is a symbolic link")}var import_node_fs3,UnsafePathError,SIDECARS,init_sidecars=__esm({"lib/db/sidecars.ts"(){"use strict";import_node_fs3=require("node:fs"),UnsafePathError=class extends Error{constructor(path,reason){super(`${path} ${reason}`);this.path=path}path;name="UnsafePathError";code="UNSAFE_PATH"},SIDECARS=["-wal","-shm"]}});var V3_BEST_MATCH,V7_INSERT,FILE,of,change,MIGRATIONS,LEGACY_TABLE_RENAMES,LEGACY_SUMMARIES_RENAME,LEGACY_MEMORIES_COPY,LEGACY_SUMMARIES_COPY,init_schema=__esm({"lib/db/schema.ts"(){"use strict";V3_BEST_MATCH=`
  ALTER TABLE memories ADD COLUMN request TEXT;

  DROP TRIGGER memories_after_insert;
  DROP TRIGGER memories_after_delete;
  DROP TRIGGER memories_after_update;
  DROP TABLE memories_fts;
  DROP TABLE memories_trigram;

  -- Memories with id <= pending_to are not in the search indexes yet; no row once all are.
  CREATE TABLE search_index_build (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    pending_to INTEGER NOT NULL
  );
  INSERT INTO search_index_build (id, pending_to) SELECT 1, max(id) FROM memories HAVING count(*) > 0;

  CREATE VIRTUAL TABLE memory_words USING fts5 (name, head, body, request,
    tokenize = 'porter unicode61 remove_diacritics 2', content = '', contentless_delete = 1);
  CREATE VIRTUAL TABLE memory_grams USING fts5 (text, request,
    tokenize = 'trigram remove_diacritics 1', content = '', contentless_delete = 1);

  -- A row still waiting for the batch indexer (search_index_build) is indexed by it, with its text of then.
  CREATE TRIGGER memories_after_insert AFTER INSERT ON memories
  WHEN NOT EXISTS (SELECT 1 FROM search_index_build WHERE pending_to >= new.id) BEGIN
    INSERT INTO memory_words (rowid, name, head, body, request)
    VALUES (new.id, memory_name_text(new.file_path, new.tags), memory_head_text(new.content),
            memory_body_text(new.content), memory_request_text(new.request));
    INSERT INTO memory_grams (rowid, text, request)
    VALUES (new.id, memory_gram_text(new.content, new.tags, new.file_path), coalesce(new.request, ''));
  END;
  CREATE TRIGGER memories_after_delete AFTER DELETE ON memories BEGIN
    DELETE FROM memory_words WHERE rowid = old.id;
    DELETE FROM memory_grams WHERE rowid = old.id;
  END;
  CREATE TRIGGER memories_after_update AFTER UPDATE OF content, tags, file_path, request ON memories
  WHEN NOT EXISTS (SELECT 1 FROM search_index_build WHERE pending_to >= new.id) BEGIN
    DELETE FROM memory_words WHERE rowid = old.id;
    DELETE FROM memory_grams WHERE rowid = old.id;
    INSERT INTO memory_words (rowid, name, head, body, request)
    VALUES (new.id, memory_name_text(new.file_path, new.tags), memory_head_text(new.content),
            memory_body_text(new.content), memory_request_text(new.request));
    INSERT INTO memory_grams (rowid, text, request)
    VALUES (new.id, memory_gram_text(new.content, new.tags, new.file_path), coalesce(new.request, ''));
  END;

  -- SessionStart's "recent errors" and "recent changes" of one project, flat in the number of rows.
  CREATE INDEX memories_project_importance ON memories (project_path, importance, created_at);
  DROP INDEX memories_importance;

  -- Search shows the error a run fixed next to the run: looked up by resolved_by, which few rows carry.
  CREATE INDEX memories_resolved_by ON memories (resolved_by) WHERE resolved_by IS NOT NULL;
  `,V7_INSERT=(v3=>v3.slice(v3.indexOf("CREATE TRIGGER memories_after_insert"),v3.indexOf("CREATE TRIGGER memories_after_delete")).replace("text(new.content, new.tags, new.file_path), coalesce(new.request, '')","words(new.content, new.file_path, new.project_path), memory_gram_words(new.request, NULL, '')"))(V3_BEST_MATCH),FILE="file_path, project_path, project, type",of=row=>FILE.replace(/\w+/g,column=>`${row}.${column}`),change=(row,n)=>`INSERT INTO memory_file_changes SELECT ${of(row)}, ${row}.created_at, ${n};`,MIGRATIONS=[`
  CREATE TABLE memories (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id   TEXT    NOT NULL,
    tool_name    TEXT    NOT NULL,
    type         TEXT    NOT NULL CHECK (type IN ('observation', 'file_edit', 'command', 'error')),
    project      TEXT    NOT NULL,
    project_path TEXT    NOT NULL,
    file_path    TEXT,
    content      TEXT    NOT NULL,
    tags         TEXT    NOT NULL DEFAULT '',
    importance   INTEGER NOT NULL CHECK (importance BETWEEN 1 AND 3),
    created_at   TEXT    NOT NULL,
    tool_use_id  TEXT    UNIQUE,
    agent_id     TEXT,
    exit_code    INTEGER,
    source       TEXT    NOT NULL DEFAULT 'hook'
  );
  CREATE INDEX memories_session ON memories (session_id, created_at);
  CREATE INDEX memories_project ON memories (project, created_at);
  CREATE INDEX memories_project_path ON memories (project_path, created_at);
  CREATE INDEX memories_importance ON memories (importance);
  CREATE INDEX memories_created ON memories (created_at);

  -- Standalone (not external-content) FTS tables: they accept DELETE by rowid, so deletes stay
  -- consistent without a full rebuild.
  CREATE VIRTUAL TABLE memories_fts USING fts5 (body, tags, file_path, tokenize = 'unicode61');
  CREATE VIRTUAL TABLE memories_trigram USING fts5 (body, tags, tokenize = 'trigram');

  CREATE TRIGGER memories_after_insert AFTER INSERT ON memories BEGIN
    INSERT INTO memories_fts (rowid, body, tags, file_path) VALUES (new.id, new.content, new.tags, coalesce(new.file_path, ''));
    INSERT INTO memories_trigram (rowid, body, tags) VALUES (new.id, new.content, new.tags);
  END;
  CREATE TRIGGER memories_after_delete AFTER DELETE ON memories BEGIN
    DELETE FROM memories_fts WHERE rowid = old.id;
    DELETE FROM memories_trigram WHERE rowid = old.id;
  END;
  CREATE TRIGGER memories_after_update AFTER UPDATE OF content, tags, file_path ON memories BEGIN
    DELETE FROM memories_fts WHERE rowid = old.id;
    DELETE FROM memories_trigram WHERE rowid = old.id;
    INSERT INTO memories_fts (rowid, body, tags, file_path) VALUES (new.id, new.content, new.tags, coalesce(new.file_path, ''));
    INSERT INTO memories_trigram (rowid, body, tags) VALUES (new.id, new.content, new.tags);
  END;

  CREATE TABLE session_summaries (
    session_id    TEXT    PRIMARY KEY,
    project       TEXT    NOT NULL,
    project_path  TEXT    NOT NULL,
    summary       TEXT    NOT NULL,
    tools_used    TEXT    NOT NULL DEFAULT '[]',
    files_changed TEXT    NOT NULL DEFAULT '[]',
    memory_count  INTEGER NOT NULL,
    error_count   INTEGER NOT NULL DEFAULT 0,
    duration_sec  INTEGER NOT NULL,
    started_at    TEXT    NOT NULL,
    ended_at      TEXT    NOT NULL,
    updated_at    TEXT    NOT NULL
  );
  CREATE INDEX session_summaries_project_path ON session_summaries (project_path, ended_at);
  CREATE INDEX session_summaries_project ON session_summaries (project, ended_at);
  `,`
  ALTER TABLE memories ADD COLUMN command_key TEXT;
  ALTER TABLE memories ADD COLUMN resolved_by INTEGER;
  ALTER TABLE memories ADD COLUMN resolved_at TEXT;
  CREATE INDEX memories_open_errors ON memories (project_path, command_key) WHERE type = 'error' AND resolved_by IS NULL;

  ALTER TABLE session_summaries ADD COLUMN request TEXT;
  ALTER TABLE session_summaries ADD COLUMN outcome TEXT;

  CREATE TABLE prompts (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id   TEXT    NOT NULL,
    project      TEXT    NOT NULL,
    project_path TEXT    NOT NULL,
    text         TEXT    NOT NULL,
    created_at   TEXT    NOT NULL,
    source       TEXT    NOT NULL DEFAULT 'hook',
    UNIQUE (session_id, text)
  );
  CREATE INDEX prompts_session ON prompts (session_id, created_at);
  CREATE INDEX prompts_created ON prompts (created_at);

  CREATE TABLE transcript_reads (
    path       TEXT    PRIMARY KEY,
    offset     INTEGER NOT NULL,
    updated_at TEXT    NOT NULL
  );
  `,V3_BEST_MATCH,`
  CREATE TABLE recall_injections (
    session_id  TEXT    NOT NULL,
    memory_id   INTEGER NOT NULL,
    injected_at TEXT    NOT NULL,
    PRIMARY KEY (session_id, memory_id)
  ) WITHOUT ROWID;
  CREATE INDEX recall_injections_at ON recall_injections (injected_at);
  `,`
  CREATE INDEX memories_stats ON memories (project, type, tool_name, created_at, session_id);
  CREATE INDEX memories_files ON memories (file_path, project_path, created_at, type, project) WHERE file_path IS NOT NULL;
  `,`
  CREATE TABLE memory_counts (
    project_path TEXT    NOT NULL PRIMARY KEY,
    memories     INTEGER NOT NULL,
    first_id     INTEGER NOT NULL,
    last_id      INTEGER NOT NULL
  ) WITHOUT ROWID;
  INSERT INTO memory_counts (project_path, memories, first_id, last_id)
  SELECT project_path, count(*), min(id), max(id) FROM memories GROUP BY project_path;
  CREATE TRIGGER memory_counts_insert AFTER INSERT ON memories BEGIN
    INSERT INTO memory_counts VALUES (new.project_path, 1, new.id, new.id)
    ON CONFLICT DO UPDATE SET memories = memories + 1, first_id = min(first_id, new.id), last_id = max(last_id, new.id);
  END;
  CREATE TRIGGER memory_counts_delete AFTER DELETE ON memories BEGIN
    UPDATE memory_counts SET memories = memories - 1 WHERE project_path = old.project_path;
    DELETE FROM memory_counts WHERE project_path = old.project_path AND memories <= 0;
  END;
  CREATE TRIGGER memory_counts_move AFTER UPDATE OF project_path ON memories
  WHEN old.project_path IS NOT new.project_path BEGIN
    UPDATE memory_counts SET memories = memories - 1 WHERE project_path = old.project_path;
    DELETE FROM memory_counts WHERE project_path = old.project_path AND memories <= 0;
    INSERT INTO memory_counts VALUES (new.project_path, 1, new.id, new.id)
    ON CONFLICT DO UPDATE SET memories = memories + 1, first_id = min(first_id, new.id), last_id = max(last_id, new.id);
  END;
  `,`DROP INDEX memories_project_path;DROP INDEX memories_project;DROP TRIGGER memories_after_insert;${V7_INSERT}
CREATE TABLE memory_files (${FILE}, memories, last_at, PRIMARY KEY (${FILE})) WITHOUT ROWID;
INSERT INTO memory_files SELECT ${FILE}, count(*), max(created_at)
FROM memories WHERE file_path IS NOT NULL GROUP BY 1,2,3,4;
DROP INDEX memories_files;
CREATE VIEW memory_file_changes (${FILE}, at, n) AS SELECT 0,0,0,0,0,0 WHERE 0;
CREATE TRIGGER memory_file_change INSTEAD OF INSERT ON memory_file_changes WHEN new.file_path IS NOT NULL BEGIN
INSERT INTO memory_files VALUES (${of("new")}, new.n, new.at)
ON CONFLICT DO UPDATE SET memories = memories + excluded.memories, last_at = max(last_at, excluded.last_at);
DELETE FROM memory_files WHERE (${FILE}) = (${of("new")}) AND memories < 1;
UPDATE memory_files SET last_at = (SELECT created_at FROM memories WHERE (${FILE}) = (${of("new")})
ORDER BY created_at DESC LIMIT 1) WHERE new.n < 0 AND last_at = new.at AND (${FILE}) = (${of("new")});
END;
CREATE TRIGGER memory_files_insert AFTER INSERT ON memories BEGIN ${change("new",1)} END;
CREATE TRIGGER memory_files_delete AFTER DELETE ON memories BEGIN ${change("old",-1)} END;
CREATE TRIGGER memory_files_update AFTER UPDATE OF ${FILE}, created_at ON memories
BEGIN ${change("old",-1)} ${change("new",1)} END;`],LEGACY_TABLE_RENAMES=`
  DROP TABLE IF EXISTS memory_words;
  DROP TABLE IF EXISTS memory_grams;
  DROP TABLE IF EXISTS memories_fts;
  DROP TABLE IF EXISTS memories_trigram;
  ALTER TABLE memories RENAME TO legacy_memories;
`,LEGACY_SUMMARIES_RENAME="ALTER TABLE session_summaries RENAME TO legacy_session_summaries;",LEGACY_MEMORIES_COPY=`
  INSERT INTO memories (session_id, tool_name, type, project, project_path, file_path, content, tags,
                        importance, created_at, source)
  SELECT coalesce(session_id, 'unknown'), coalesce(tool_name, 'unknown'),
         CASE WHEN type IN ('observation', 'file_edit', 'command', 'error') THEN type ELSE 'observation' END,
         coalesce(project, 'unknown'), coalesce(project, 'unknown'), file_path, coalesce(content, ''),
         coalesce(tags, ''), CASE WHEN importance BETWEEN 1 AND 3 THEN importance ELSE 1 END,
         coalesce(strftime('%Y-%m-%dT%H:%M:%fZ', created_at), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), 'legacy'
  FROM legacy_memories ORDER BY id;
`,LEGACY_SUMMARIES_COPY=`
  INSERT OR IGNORE INTO session_summaries (session_id, project, project_path, summary, tools_used, files_changed,
                                           memory_count, error_count, duration_sec, started_at, ended_at, updated_at)
  SELECT s.session_id, coalesce(s.project, 'unknown'), coalesce(s.project, 'unknown'), coalesce(s.summary, ''),
         coalesce(s.tools_used, '[]'), coalesce(s.files_changed, '[]'), coalesce(s.memory_count, 0),
         (SELECT count(*) FROM memories m WHERE m.session_id = s.session_id AND m.type = 'error'),
         coalesce(s.duration_sec, 0),
         coalesce((SELECT min(created_at) FROM memories m WHERE m.session_id = s.session_id), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
         coalesce((SELECT max(created_at) FROM memories m WHERE m.session_id = s.session_id), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
         strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM legacy_session_summaries s WHERE s.session_id IS NOT NULL;
`}});function openDb(path,options){if((0,import_node_fs4.existsSync)(path))options.readonly||privatizeEmptyFile(path);else{if(!options.create)return null;createPrivateFile(path)}assertNoSymlinkedSidecar(path);let deadline=activeDeadline(),db=openConnection(path,{fileMustExist:!0,readonly:options.readonly??!1});try{return registerIndexFunctions(db),db.pragma(`busy_timeout = ${deadline?Math.max(1,Math.min(5e3,deadline.remainingMs())):5e3}`),options.oneShot&&db.pragma(`cache_size = ${ONE_SHOT_CACHE_PAGES}`),options.queryOnly?(db.pragma("query_only = ON"),assertSchemaReadable(db)):options.readonly?assertSchemaReadable(db):(ensureWal(db),db.pragma("synchronous = NORMAL"),migrate(db)),db}catch(error){throw db.close(),error}}function withDb(path,options,work){let db=openDb(path,options);if(!db)return null;try{return work(db)}finally{db.close()}}function createPrivateFile(path){let dir=(0,import_node_path.dirname)(path);(0,import_node_fs4.existsSync)(dir)||(0,import_node_fs4.mkdirSync)(dir,{recursive:!0,mode:448}),(0,import_node_fs4.closeSync)((0,import_node_fs4.openSync)(path,"a",384))}function privatizeEmptyFile(path){let stat=(0,import_node_fs4.lstatSync)(path,{throwIfNoEntry:!1});stat?.isFile()&&stat.size===0&&stat.uid===process.geteuid?.()&&(stat.mode&63)!==0&&(0,import_node_fs4.chmodSync)(path,384)}function ensureWal(db){if(String(db.pragma("journal_mode",{simple:!0})).toLowerCase()==="wal")return;let deadline=activeDeadline(),giveUpAt=sinceStartMs()+Math.min(WAL_SWITCH_MAX_MS,deadline?deadline.remainingMs():WAL_SWITCH_MAX_MS);for(let attempt=0;;attempt++)try{let mode=db.pragma("journal_mode = WAL",{simple:!0});if(String(mode).toLowerCase()==="wal")return;throw new StoreError(`could not switch the database to WAL (journal_mode is ${String(mode)})`,"NO_WAL")}catch(error){if(isBusy(error)&&sinceStartMs()<giveUpAt){sleepMs(10+Math.min(attempt,10)*5);continue}throw error}}function migrate(db){userVersion(db)!==SCHEMA_VERSION&&(migratedHere.add(db),db.transaction(()=>{let current=userVersion(db);if(current>SCHEMA_VERSION)throw new StoreError(`database schema v${current} is newer than this version of claude-memory-hooks (v${SCHEMA_VERSION})`,"SCHEMA_TOO_NEW");let legacy=current===0&&hasTable(db,"memories"),legacySummaries=legacy&&hasTable(db,"session_summaries");legacy&&(dropAll(db,"TRIGGER","type = 'trigger'"),db.exec(LEGACY_TABLE_RENAMES),legacySummaries&&db.exec(LEGACY_SUMMARIES_RENAME),dropAll(db,"INDEX","type = 'index' AND sql IS NOT NULL AND tbl_name LIKE 'legacy_%'"));for(let version=current;version<SCHEMA_VERSION;version++)db.exec(MIGRATIONS[version]);legacy&&db.exec(LEGACY_MEMORIES_COPY),legacySummaries&&db.exec(LEGACY_SUMMARIES_COPY),db.pragma(`user_version = ${SCHEMA_VERSION}`)}).immediate())}function dropAll(db,kind,where){let names=db.prepare(`SELECT name FROM sqlite_master WHERE ${where}`).pluck().all();for(let name of names)db.exec(`DROP ${kind} "${name.replaceAll('"','""')}"`)}function hasTable(db,name){return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name)!==void 0}function assertSchemaReadable(db){let current=userVersion(db);if(current>SCHEMA_VERSION)throw new StoreError(`database schema v${current} is newer than this version of claude-memory-hooks (v${SCHEMA_VERSION})`,"SCHEMA_TOO_NEW");if(current<SCHEMA_VERSION)throw new StoreError(`database schema v${current} needs migrating; run any hook or \`memory doctor\``,"SCHEMA_OLD")}function userVersion(db){return Number(db.pragma("user_version",{simple:!0}))}function isBusy(error){let code=error?.code;return typeof code=="string"&&(code.startsWith("SQLITE_BUSY")||code.startsWith("SQLITE_LOCKED"))}function sleepMs(ms){Atomics.wait(sleeper,0,0,ms)}function inTransaction(db,work){return withBusyRetry(()=>db.transaction(work).immediate())}function prepared(db,sql){let cache=statementCache.get(db);cache||statementCache.set(db,cache=new Map);let statement=cache.get(sql);return statement||cache.set(sql,statement=db.prepare(sql)),statement}function withBusyRetry(work,attempts=5){activeDeadline()&&(attempts=1);for(let attempt=1;;attempt++)try{return work()}catch(error){if(attempt>=attempts||!isBusy(error))throw error;sleepMs(25*attempt+Math.floor(Math.random()*50))}}var import_node_fs4,import_node_path,StoreError,ONE_SHOT_CACHE_PAGES,WAL_SWITCH_MAX_MS,SCHEMA_VERSION,migratedHere,sleeper,statementCache,init_open=__esm({"lib/db/open.ts"(){"use strict";import_node_fs4=require("node:fs"),import_node_path=require("node:path");init_deadline();init_driver();init_index_functions();init_sidecars();init_schema();StoreError=class extends Error{constructor(message,code){super(message);this.code=code}code;name="StoreError"},ONE_SHOT_CACHE_PAGES=32;WAL_SWITCH_MAX_MS=1e3;SCHEMA_VERSION=MIGRATIONS.length,migratedHere=new WeakSet;sleeper=new Int32Array(new SharedArrayBuffer(4));statementCache=new WeakMap}});function memoryTotal(db){return prepared(db,"SELECT coalesce(sum(memories), 0) FROM memory_counts").pluck().get()}function projectSpan(db,projectPath){return prepared(db,"SELECT memories, first_id AS first, last_id AS last FROM memory_counts WHERE project_path = ?").get(projectPath)??{memories:0,first:0,last:0}}var init_counts=__esm({"lib/db/counts.ts"(){"use strict";init_open()}});function bind(filters){let{ids,...rest}=filters;return{...rest,ids:ids===null?null:JSON.stringify(ids)}}function recentMemories(db,filters,limit){return prepared(db,`
    SELECT m.* FROM memories m WHERE ${WHERE}
    ORDER BY m.created_at DESC, m.id DESC LIMIT @limit`).all({...bind(filters),limit})}function sessionSummaries(db,filters,limit){return prepared(db,`
    SELECT s.* FROM session_summaries s
    WHERE (@project IS NULL OR s.project = @project)
      AND (@projectPath IS NULL OR s.project_path = @projectPath)
      AND (@since IS NULL OR s.ended_at >= @since)
      AND (@before IS NULL OR s.ended_at < @before)
      AND (@sessionId IS NULL OR s.session_id = @sessionId)
      AND (@type IS NULL OR EXISTS (SELECT 1 FROM memories m WHERE m.session_id = s.session_id AND m.type = @type))
    ORDER BY s.ended_at DESC LIMIT @limit`).all({...bind(filters),limit}).map(row=>({...row,tools_used:jsonList(row.tools_used),files_changed:jsonList(row.files_changed)}))}function jsonList(value){try{let parsed=JSON.parse(String(value));return Array.isArray(parsed)?parsed.map(String):[]}catch{return[]}}var NO_FILTERS,WHERE,init_search=__esm({"lib/db/search.ts"(){"use strict";init_plan();init_open();NO_FILTERS={project:null,projectPath:null,type:null,since:null,before:null,sessionId:null,ids:null},WHERE=`
  (@project IS NULL OR m.project = @project)
  AND (@projectPath IS NULL OR m.project_path = @projectPath)
  AND (@type IS NULL OR m.type = @type)
  AND (@since IS NULL OR m.created_at >= @since)
  AND (@before IS NULL OR m.created_at < @before)
  AND (@sessionId IS NULL OR m.session_id = @sessionId)
  AND (@ids IS NULL OR m.id IN (SELECT value FROM json_each(@ids)))`}});function pendingTo(db){return prepared(db,"SELECT pending_to FROM search_index_build WHERE id = 1").pluck().get()??null}function indexPending(db,maxRows,options={}){let batch=Math.max(1,options.batch??500),done=0;for(;done<maxRows&&!(options.until?.()??!1);){let size=Math.min(batch,maxRows-done),step=withBusyRetry(()=>db.transaction(()=>{let high=pendingTo(db);if(high===null)return-1;let ids=prepared(db,"SELECT id FROM memories WHERE id <= ? ORDER BY id DESC LIMIT ?").pluck().all(high,size),low=ids.length<size?Number.MIN_SAFE_INTEGER:ids[ids.length-1];return ids.length>0&&(prepared(db,WORDS_FROM).run({low,high}),prepared(db,GRAMS_FROM).run({low,high})),ids.length<size?prepared(db,"DELETE FROM search_index_build WHERE id = 1").run():prepared(db,"UPDATE search_index_build SET pending_to = ? WHERE id = 1").run(low-1),ids.length<size?-1-ids.length:ids.length}).immediate());if(step<0)return done+(-1-step);done+=step}return done}function indexPendingBriefly(db,budgetMs,maxRows=Number.MAX_SAFE_INTEGER){if(pendingTo(db)===null)return 0;let busyTimeout=Number(db.pragma("busy_timeout",{simple:!0})),until=performance.now()+budgetMs;db.pragma("busy_timeout = 20");try{return indexPending(db,maxRows,{until:()=>performance.now()>until})}catch(error){if(isBusy(error))return 0;throw error}finally{db.pragma(`busy_timeout = ${busyTimeout}`)}}var WORDS_FROM,GRAMS_FROM,init_search_index=__esm({"lib/db/search-index.ts"(){"use strict";init_open();WORDS_FROM=`
  INSERT INTO memory_words (rowid, name, head, body, request)
  SELECT id, memory_name_text(file_path, tags), memory_head_text(content), memory_body_text(content), memory_request_text(request)
  FROM memories WHERE id BETWEEN @low AND @high`,GRAMS_FROM=`
  INSERT INTO memory_grams (rowid, text, request)
  SELECT id, memory_gram_words(content, file_path, project_path), memory_gram_words(request, NULL, '')
  FROM memories WHERE id BETWEEN @low AND @high`}});function addHits(rows,into,bridged2=!1){for(let i=0;i<rows.length;i++){let{id,own,request}=rows[i];if(into.has(id))continue;let hit={own:Math.max(0,own),request:Math.max(0,request)};into.set(id,bridged2?{...hit,bridged:bridged2}:hit)}}function ownCount(hits){let count=0;return hits.forEach(hit=>{hit.own>0&&count++}),count}function likeHits(db,word,to,into){let rows=prepared(db,LIKE_HITS).all({p:word.like,to,cap:LIKE_CAP});for(let{id,own,request}of rows)into.has(id)||into.set(id,{own:own?1:0,request:request?1:0})}function ftsWord(db,index,match,exactDf,bridged2=!1){let hits=new Map,cap=bridged2?BRIDGE_HIT_CAP:HIT_CAP;if(addHits(prepared(db,newestHitsSql(index)).all({match,cap}),hits,bridged2),hits.size<cap)return{hits,df:ownCount(hits),capped:null};let df=exactDf?prepared(db,countSql(index)).pluck().get({match}):hits.size;return{hits,df,capped:bridged2?{index,match,bridged:bridged2}:{index,match}}}function wordHits(db,word,pending,exactDf){let found={hits:new Map,df:0,capped:null},tier="unicode61";word.words!==null&&(found=ftsWord(db,"memory_words",word.words,exactDf)),found.hits.size===0&&word.grams!==null&&(found=ftsWord(db,"memory_grams",word.grams,exactDf),tier="trigram");let{hits}=found,{capped}=found,df=found.df;if(hits.size===0&&word.grams===null)likeHits(db,word,Number.MAX_SAFE_INTEGER,hits),tier="like",df=ownCount(hits);else if(pending!==null){let before=new Set(hits.keys());likeHits(db,word,pending,hits);for(let[id,hit]of hits)!before.has(id)&&hit.own>0&&df++}let bridgeDf=0;if(word.bridged!==null&&df<BRIDGE_HIT_CAP){let across=ftsWord(db,"memory_words",word.bridged,exactDf,!0);across.hits.forEach((hit,id)=>{let direct=hits.get(id);direct&&(direct.own>0||hit.own===0)||(hits.set(id,direct?{...hit,request:direct.request}:hit),hit.own>0&&bridgeDf++)}),across.capped&&(bridgeDf=Math.max(bridgeDf,across.df-df)),capped??=across.capped}return{hits,tier,df:df+bridgeDf,capped,bridgeDf}}function completeCapped(db,perWord){if(!perWord.some(word=>word.capped!==null))return;let found=new Set;for(let word of perWord)if(!word.capped)for(let id of word.hits.keys())found.add(id);if(found.size!==0)for(let word of perWord){if(!word.capped)continue;let missing=[...found].filter(id=>!word.hits.has(id));missing.length!==0&&addHits(prepared(db,hitsInSql(word.capped.index)).all({match:word.capped.match,ids:JSON.stringify(missing)}),word.hits,word.capped.bridged)}}function bestMatches(db,query,filters,options){let words=queryWords(query),texts=words.map(word=>word.text);if(words.length===0)return{words:texts,tier:"unicode61",matches:[],more:!1,total:0,atLeast:!1,lookups:[]};let pending=pendingTo(db),perWord=words.map(word=>wordHits(db,word,pending,words.length>1));completeCapped(db,perWord);let tier=TIER_ORDER[Math.max(...perWord.map(word=>TIER_ORDER.indexOf(word.tier)))],byId=new Map,candidates=[];perWord.forEach(({hits},i)=>{hits.forEach((hit,id)=>{let row=byId.get(id);row||(row=new Array(words.length).fill(null),byId.set(id,row),candidates.push({id,hits:row})),row[i]=hit})});let memories=memoryTotal(db),ranked=rankCandidates(candidates,perWord.map(({df})=>df),memories,words.map(word=>word.stop)),offset=options.offset??0,wanted=offset+options.limit+1,here=options.here??null,{found,rankOf}=placeRanked(db,ranked,filters,{here,memories,wanted}),withFixes=followFixes(db,found,filters,wanted,rankOf),page=withFixes.slice(offset,offset+options.limit),whole=new Map(prepared(db,"SELECT m.* FROM memories m WHERE m.id IN (SELECT value FROM json_each(@ids))").all({ids:JSON.stringify(page.map(({row})=>row.id))}).map(row=>[row.id,row])),more=withFixes.length>offset+options.limit,total=options.count?more?found.length<wanted?found.length:countUnderFilters(db,ranked,filters):offset+page.length:null;return{words:texts,tier,more,total,atLeast:more&&perWord.some(word=>word.capped!==null),lookups:words.map((word,i)=>{let found2=perWord[i];return{text:word.text,tier:found2.tier,df:found2.df-found2.bridgeDf,stop:word.stop,bridge:word.bridge,bridgeDf:found2.bridgeDf}}),matches:page.map(({rank,row,fixes})=>({row:whole.get(row.id),score:Math.round(rank.score*1e3)/1e3,matched:rank.matched.map(i=>texts[i]),bridged:rank.matched.filter(i=>perWord[i]?.hits.get(row.id)?.bridged).map(i=>texts[i]),allMatched:rank.allMatched,...fixes===void 0?{}:{fixes}}))}}function placeRanked(db,ranked,filters,place){let{here,memories,wanted}=place,found=[],readRows=prepared(db,`SELECT ${PLACEMENT} FROM memories m WHERE m.id IN (SELECT value FROM json_each(@window)) AND ${WHERE}`),read=(from,to)=>{let window=ranked.slice(from,to),rows=readRows.all({...bind(filters),window:JSON.stringify(window.map(({id})=>id))}),rowById=new Map(rows.map(row=>[row.id,row]));for(let rank of window){let row=rowById.get(rank.id);row&&found.push({rank,row})}},start=0,firstWindow=ranked.slice(0,WINDOW),windowRanks=!hasFilters(filters)&&!hereReorders(db,here,firstWindow,memories)?new Map(firstWindow.map(rank=>[rank.id,rank])):null;if(windowRanks){let{from,end}=lastBucket(firstWindow,wanted);if(read(0,from),from<end){let newest=prepared(db,NEWEST_PLACED_SQL).all({window:JSON.stringify(firstWindow.slice(from,end).map(({id})=>id)),limit:wanted-from});for(let row of newest)found.push({rank:windowRanks.get(row.id),row})}start=end,found.length<Math.min(wanted,firstWindow.length)&&(found.length=0,read(0,firstWindow.length),start=firstWindow.length)}for(;start<ranked.length&&found.length<wanted;start+=WINDOW)read(start,start+WINDOW);return found.sort((a,b)=>order(a,b,here)),{found,rankOf:id=>found.find(other=>other.row.id===id)?.rank??windowRanks?.get(id)}}function hasFilters(filters){return!Object.values(filters).every(value=>value===null)}function hereReorders(db,here,window,memories){if(here===null||window.length===0)return!1;let span=projectSpan(db,here);if(span.memories===0||span.memories===memories)return!1;let lo=Number.MAX_SAFE_INTEGER,hi=0;for(let i=0;i<window.length;i++){let id=window[i].id;id<lo&&(lo=id),id>hi&&(hi=id)}return span.first<=hi&&span.last>=lo}function lastBucket(window,wanted){if(window.length<=wanted)return{from:window.length,end:window.length};let last=window[wanted-1],bucket=Math.round(last.score/SCORE_TIE),same=i=>{let rank=window[i];return rank.allMatched===last.allMatched&&Math.round(rank.score/SCORE_TIE)===bucket},from=wanted-1;for(;from>0&&same(from-1);)from--;let end=wanted;for(;end<window.length&&same(end);)end++;return{from,end}}function countUnderFilters(db,ranked,filters){return hasFilters(filters)?prepared(db,`SELECT count(*) FROM memories m WHERE m.id IN (SELECT value FROM json_each(@ranked)) AND ${WHERE}`).pluck().get({...bind(filters),ranked:JSON.stringify(ranked.map(({id})=>id))}):ranked.length}function followFixes(db,found,filters,wanted,rankOf){let out=[],placed=new Set,errors=0;for(let item of found){if(out.length>=wanted)break;if(placed.has(item.row.id))continue;if(out.push(item),placed.add(item.row.id),item.row.type!=="error"&&errors<FIXED_ERRORS&&item.rank.coverage>=.5){let failed=prepared(db,FIXED_SQL).get({...bind(filters),id:item.row.id});if(failed&&!placed.has(failed.id)){errors++;let own2=rankOf(failed.id);out.push({rank:own2??{...item.rank,matched:[],allMatched:!1},row:failed}),placed.add(failed.id)}continue}if(item.row.type!=="error"||errors>=FIXED_ERRORS||item.rank.coverage<.5)continue;errors++;let until=new Date(Date.parse(item.row.created_at)+FIX_WINDOW_MS).toISOString(),fix=prepared(db,FIX_SQL).get({...bind(filters),resolvedBy:item.row.resolved_by??null,sessionId:item.row.session_id,id:item.row.id,until});if(!fix||placed.has(fix.id))continue;let own=rankOf(fix.id);out.push({rank:own??{...item.rank,matched:[],allMatched:!1},row:fix,fixes:item.row.id}),placed.add(fix.id)}return out}function order(a,b,here){if(a.rank.allMatched!==b.rank.allMatched)return a.rank.allMatched?-1:1;if(here!==null){let aHere=a.row.project_path===here;if(aHere!==(b.row.project_path===here))return aHere?-1:1}let bucket=Math.round(b.rank.score/SCORE_TIE)-Math.round(a.rank.score/SCORE_TIE);return bucket!==0?bucket:a.row.created_at!==b.row.created_at?a.row.created_at<b.row.created_at?1:-1:b.row.id-a.row.id}var WORD_SCORES,GRAM_SCORES,scores,newestHitsSql,countSql,hitsInSql,LIKE_HITS,HIT_CAP,BRIDGE_HIT_CAP,LIKE_CAP,WINDOW,TIER_ORDER,PLACEMENT,NEWEST_PLACED_SQL,FIXED_ERRORS,FIX_WINDOW_MS,FIX_SQL,FIXED_SQL,init_best_matches=__esm({"lib/db/best-matches.ts"(){"use strict";init_rank();init_words();init_counts();init_open();init_search();init_search_index();WORD_SCORES="rowid AS id, -bm25(memory_words, 4.0, 3.0, 1.0, 0.0) AS own, -bm25(memory_words, 0.0, 0.0, 0.0, 1.0) AS request",GRAM_SCORES="rowid AS id, -bm25(memory_grams, 1.0, 0.0) AS own, -bm25(memory_grams, 0.0, 1.0) AS request",scores=index=>index==="memory_words"?WORD_SCORES:GRAM_SCORES,newestHitsSql=index=>`SELECT ${scores(index)} FROM ${index} WHERE ${index} MATCH @match ORDER BY rowid DESC LIMIT @cap`,countSql=index=>`SELECT count(*) FROM ${index} WHERE ${index} MATCH @match`,hitsInSql=index=>`SELECT ${scores(index)} FROM ${index} WHERE ${index} MATCH @match AND rowid IN (SELECT value FROM json_each(@ids))`,LIKE_HITS=`
  SELECT id, (content LIKE @p ESCAPE '\\' OR tags LIKE @p ESCAPE '\\' OR coalesce(file_path, '') LIKE @p ESCAPE '\\') AS own,
         (coalesce(request, '') LIKE @p ESCAPE '\\') AS request
  FROM memories WHERE id <= @to AND (own OR request)
  ORDER BY id DESC LIMIT @cap`,HIT_CAP=2e3,BRIDGE_HIT_CAP=300,LIKE_CAP=5e3,WINDOW=400;TIER_ORDER=["unicode61","trigram","like"];PLACEMENT="m.id, m.project_path, m.created_at, m.type, m.session_id, m.resolved_by",NEWEST_PLACED_SQL=`
  SELECT ${PLACEMENT} FROM memories m WHERE m.id IN (SELECT value FROM json_each(@window))
  ORDER BY m.created_at DESC, m.id DESC LIMIT @limit`;FIXED_ERRORS=5,FIX_WINDOW_MS=30*6e4,FIX_SQL=`
  SELECT ${PLACEMENT} FROM memories m
  WHERE m.id = coalesce((
      SELECT n.id FROM memories n
      WHERE n.session_id = @sessionId AND n.id > @id AND n.type IN ('file_edit', 'command')
        AND n.created_at <= @until ORDER BY n.id LIMIT 1), @resolvedBy)
    AND ${WHERE}`,FIXED_SQL=`SELECT ${PLACEMENT} FROM memories m WHERE m.resolved_by = @id AND ${WHERE} ORDER BY m.id DESC LIMIT 1`}});function crypto(){return loadedCrypto??=builtin("node:crypto"),loadedCrypto}function os(){return loadedOs??=builtin("node:os"),loadedOs}function builtin(name){return(typeof require=="function"?require:(0,import_node_module2.createRequire)(dist_module_url("lib/lazy-builtins.js")))(name)}var import_node_module2,loadedCrypto,loadedOs,init_lazy_builtins=__esm({"lib/lazy-builtins.ts"(){"use strict";import_node_module2=__toESM(require_node_module_on_call(),1)}});function systemTempDir(){if(process.platform==="win32")return os().tmpdir();let dir=process.env.TMPDIR||process.env.TMP||process.env.TEMP||"/tmp";return dir.length>1&&dir.endsWith("/")?dir.slice(0,-1):dir}function homeDir(env){return env.HOME||env.USERPROFILE||os().homedir()}function claudeDir(env){return env.CLAUDE_CONFIG_DIR||(0,import_node_path2.join)(homeDir(env),".claude")}function defaultDbPath(env){return(0,import_node_path2.join)(claudeDir(env),"memory.db")}function repairNotePath(dbPath){return`${dbPath}.needs-repair`}function baseName(path){let trimmed=path.replace(/[\\/]+$/,""),cut=Math.max(trimmed.lastIndexOf("/"),trimmed.lastIndexOf("\\"));return trimmed.slice(cut+1)||trimmed}var import_node_path2,init_paths=__esm({"lib/paths.ts"(){"use strict";import_node_path2=require("node:path");init_lazy_builtins()}});function resolveProject(env,cwd){let declared=env.CLAUDE_PROJECT_DIR;return projectAt(declared||(cwd?gitTopLevel(cwd)??cwd:"unknown"))}function projectAt(path){let clean=stripTrailingSeparators(path);return{name:baseName(clean)||clean,path:clean}}function gitTopLevel(start){if(!start.startsWith("/"))return null;let dir=stripTrailingSeparators(start)||"/";for(let depth=0;depth<64;depth++){if(exists(`${dir==="/"?"":dir}/.git`))return dir;let parent=(0,import_node_path3.dirname)(dir);if(parent===dir)return null;dir=parent}return null}function exists(path){try{return(0,import_node_fs5.statSync)(path,{throwIfNoEntry:!1})!==void 0}catch{return!1}}function stripTrailingSeparators(path){return path.length>1?path.replace(/(?<=.)[\\/]+$/,""):path}var import_node_fs5,import_node_path3,init_project=__esm({"lib/project.ts"(){"use strict";import_node_fs5=require("node:fs"),import_node_path3=require("node:path");init_paths()}});function markedSegments(marked){let segments=[],flat=cleanText(marked),hit=!1,text2="";for(let char of flat)char===MARK_START||char===MARK_END?(text2&&segments.push({text:text2,hit}),text2="",hit=char===MARK_START):text2+=char;return text2&&segments.push({text:text2,hit}),segments}function likeSnippet(content,terms,width=120){let text2=cleanText(content),hits=highlightSpans(text2,terms),chars=[...text2],start=0,first=hits[0];first&&(start=Math.max(0,[...text2.slice(0,first.start)].length-Math.floor(width/3)));let windowStart=chars.slice(0,start).join("").length,windowEnd=windowStart+chars.slice(start,start+width).join("").length,marked="",at=windowStart;for(let hit of hits)hit.start<at||hit.end>windowEnd||(marked+=`${text2.slice(at,hit.start)}${MARK_START}${text2.slice(hit.start,hit.end)}${MARK_END}`,at=hit.end);return marked+=text2.slice(at,windowEnd),`${start>0?"\u2026":""}${marked}${start+width<chars.length?"\u2026":""}`}function highlightSpans(text2,terms){let candidates=[];for(let term of terms){if(term==="")continue;let pattern=new RegExp(escapeRegExp(term),"giu"),all=[...text2.matchAll(pattern)].map(match=>({start:match.index,end:match.index+match[0].length})),parts=all.filter(span=>atPartEdge(text2,span.start)&&([...term].length>1||atPartEdge(text2,span.end)));candidates.push(...parts.length>0||[...term].length===1?parts:all)}candidates.sort((a,b)=>a.start-b.start||b.end-a.end);let spans=[];for(let span of candidates)span.start>=(spans.at(-1)?.end??0)&&spans.push(span);return spans}function charBefore(text2,index){return[...text2.slice(Math.max(0,index-2),index)].at(-1)??""}function charAt(text2,index){let code=text2.codePointAt(index);return code===void 0?"":String.fromCodePoint(code)}function partBoundary(left,right,afterRight){return left===""||right===""||!isWordChar(left)||!isWordChar(right)||isDigit(left)!==isDigit(right)||isLower(left)&&isUpper(right)?!0:isUpper(left)&&isUpper(right)&&isLower(afterRight)}function atPartEdge(text2,index){let right=charAt(text2,index);return partBoundary(charBefore(text2,index),right,charAt(text2,index+right.length))}function escapeRegExp(text2){return text2.replace(/[\\^$.*+?()[\]{}|/]/g,"\\$&")}var MARK_START,MARK_END,isWordChar,isUpper,isLower,isDigit,init_snippet=__esm({"lib/search/snippet.ts"(){"use strict";init_sanitize();init_unicode_pattern();MARK_START="\uE000",MARK_END="\uE001";isWordChar=charTest(/[A-Za-z0-9]/,String.raw`[\p{L}\p{N}]`),isUpper=charTest(/[A-Z]/,String.raw`\p{Lu}`),isLower=charTest(/[a-z]/,String.raw`\p{Ll}`),isDigit=charTest(/[0-9]/,String.raw`\p{N}`)}});function filterSql(filters){let conditions=[],params={};for(let key of Object.keys(CONDITIONS)){let value=filters[key];value!=null&&(conditions.push(CONDITIONS[key]),params[key]=typeof value=="string"?value:JSON.stringify(value))}return{where:conditions.length===0?"1":conditions.join(" AND "),params}}function memoryStats(db,filters,days,top){let filtered=filterSql(filters),byPath=(filters.projectPath??null)!==null,named=!byPath&&(filters.project??null)!==null?projectPairs(db,filters.project):null,timed=(filters.since??null)!==null||(filters.before??null)!==null,where=named&&timed?`${filtered.where} AND ${NAMED}`:filtered.where,params=named&&timed?{...filtered.params,...named}:filtered.params,groups=prepared(db,`
    SELECT m.project AS project, m.type AS type, m.tool_name AS tool, count(*) AS count,
           min(m.created_at) AS oldest, max(m.created_at) AS newest
    FROM memories m WHERE ${where}
    GROUP BY m.project, m.type, m.tool_name`).all(params),sum=key=>{let counts=new Map;for(let group of groups)counts.set(group[key],(counts.get(group[key])??0)+group.count);return[...counts].map(([name,count])=>({name,count})).sort((a,b)=>b.count-a.count||Buffer.compare(Buffer.from(a.name),Buffer.from(b.name))).slice(0,50)},byType=sum("type"),oldest=groups.reduce((min,group)=>min===null||group.oldest<min?group.oldest:min,null),newest=groups.reduce((max,group)=>max===null||group.newest>max?group.newest:max,null),sessions=prepared(db,`SELECT count(DISTINCT m.session_id) FROM memories m WHERE ${where}`).pluck().get(params),summaries=prepared(db,`
    SELECT count(*) AS n FROM session_summaries s
    WHERE s.session_id IN (SELECT m.session_id FROM memories m WHERE ${where})`).get(params),byTime=byPath?`${where} AND m.importance IN (1, 2, 3)`:named&&!timed?`${where} AND ${NAMED}`:where,perDay=prepared(db,`
    SELECT d.value ->> '$.day' AS name,
           (SELECT count(*) FROM memories m WHERE ${byTime}
              AND m.created_at >= d.value ->> '$.from' AND m.created_at < d.value ->> '$.to') AS count,
           (SELECT count(*) FROM memories m WHERE ${byTime} AND m.type = 'error'
              AND m.created_at >= d.value ->> '$.from' AND m.created_at < d.value ->> '$.to') AS errors
    FROM json_each(@days) d ORDER BY d.key`).all({...params,...named,days:JSON.stringify(days)}),topFiles=prepared(db,COUNTED.every(key=>filters[key]===null||filters[key]===void 0)?`
    SELECT m.file_path AS name, m.project_path AS project_path, sum(m.memories) AS count FROM memory_files m
    WHERE ${where} AND m.memories > 0
    GROUP BY m.file_path, m.project_path ORDER BY count DESC, max(m.last_at) DESC LIMIT @top`:`
    SELECT m.file_path AS name, m.project_path AS project_path, count(*) AS count FROM memories m
    WHERE ${where} AND m.file_path IS NOT NULL
    GROUP BY m.file_path, m.project_path ORDER BY count DESC, max(m.created_at) DESC LIMIT @top`).all({...params,top}),commandHeads=named?newestCommands(db,filtered.where,filtered.params,!1,commandTools(groups)):newestCommands(db,where,params,byPath,null);return{total:groups.reduce((total,group)=>total+group.count,0),sessions,errors:byType.find(count=>count.name==="error")?.count??0,summaries:summaries.n,oldest,newest,byType,byTool:sum("tool"),byProject:sum("project"),perDay,topFiles,commandHeads}}function projectPairs(db,project){let nextType=prepared(db,"SELECT m.type FROM memories m WHERE m.project = @project AND m.type > @type ORDER BY m.type LIMIT 1").pluck(),nextTool=prepared(db,`SELECT m.tool_name FROM memories m WHERE m.project = @project AND m.type = @type AND m.tool_name > @tool
     ORDER BY m.tool_name LIMIT 1`).pluck(),types=[],tools=new Set,type=nextType.get({project,type:""});for(;type!==void 0;){types.push(type);let tool=nextTool.get({project,type,tool:""});for(;tool!==void 0;)tools.add(tool),tool=nextTool.get({project,type,tool});type=nextType.get({project,type})}return{types:JSON.stringify(types),tools:JSON.stringify([...tools])}}function commandTools(groups){return[...new Set(groups.filter(group=>group.type==="command").map(group=>group.tool))]}function newestCommands(db,where,params,byPath,tools){let sql=extra=>`
    SELECT substr(m.content, 1, 200) AS head, m.created_at AS at FROM memories m
    WHERE ${where}${extra} AND m.type = 'command' ORDER BY m.created_at DESC LIMIT ${COMMAND_HEADS}`;if(tools===null)return prepared(db,sql(byPath?" AND m.importance IN (1, 2, 3)":"")).all(params).map(row=>row.head);let heads=tools.flatMap(tool=>prepared(db,sql(" AND m.tool_name = @tool")).all({...params,tool}));return tools.length>1&&heads.sort((a,b)=>a.at<b.at?1:a.at>b.at?-1:0),heads.slice(0,COMMAND_HEADS).map(row=>row.head)}var CONDITIONS,COUNTED,NAMED,COMMAND_HEADS,init_stats=__esm({"lib/db/stats.ts"(){"use strict";init_open();CONDITIONS={project:"m.project = @project",projectPath:"m.project_path = @projectPath",type:"m.type = @type",since:"m.created_at >= @since",before:"m.created_at < @before",sessionId:"m.session_id = @sessionId",ids:"m.id IN (SELECT value FROM json_each(@ids))"},COUNTED=["since","before","sessionId","ids"];NAMED="m.type IN (SELECT value FROM json_each(@types)) AND m.tool_name IN (SELECT value FROM json_each(@tools))";COMMAND_HEADS=5e3}});function splitCommand(command){let parts=[],current="",quote=null;for(let i=0;i<command.length;i++){let char=command[i];if(quote){if(char==="\\"&&quote==='"'&&i+1<command.length){current+=char+command[++i];continue}char===quote&&(quote=null),current+=char;continue}if(char==="\\"&&i+1<command.length){current+=char+command[++i];continue}if(char==='"'||char==="'"){quote=char,current+=char;continue}if(char===";"||char===`
`||char==="|"||char==="&"&&!isRedirectAmp(command,i)){current.trim()&&parts.push(current.trim()),current="",(char==="|"||char==="&")&&command[i+1]===char&&i++;continue}current+=char}return current.trim()&&parts.push(current.trim()),parts}function isRedirectAmp(command,at){return command[at-1]===">"||command[at+1]===">"}function commandWords(segment){let words=segment.split(/\s+/).filter(Boolean),start=0;for(;start<words.length;){let word=words[start];if(isAssignment(word)||COMMAND_PREFIXES.has(word)||word==="("||word==="{")start++;else break}return words.slice(start).map(word=>word.includes("(")||word.includes(")")?word.replace(/^\(+|\)+$/g,""):word)}function isAssignment(word){return word.includes("=")&&/^[A-Za-z_][A-Za-z0-9_]*=/.test(word)}function writesFile(segment){return segment.includes("sed")&&(/\bsed\b[^|]*\s-i\b/.test(segment)||/\bsed\s+-[a-zA-Z]*i/.test(segment))?!0:segment.includes(">")&&/(?:^|[^<&0-9>])>>?\s*(?!&|\/dev\/null)[^\s>&]/.test(segment.replace(/'[^']*'|"[^"]*"/g,'""'))}function isNoiseSegment(segment){if(writesFile(segment))return!1;let words=commandWords(segment),program=programName(words[0]??"");return program===""||words.length===2&&/^(?:--version|-v|-V|--help|-h|version)$/.test(words[1]??"")?!0:program==="git"?isReadOnlyGit(words.slice(1)):program==="find"?!words.some(word=>/^-(?:delete|exec|execdir|ok|okdir)$/.test(word)):NOISE_COMMANDS.has(program)}function isReadOnlyGit(args){let sub=args.find(arg=>!arg.startsWith("-"))??"status";if(GIT_READ_ONLY.has(sub))return!0;let rest=args.slice(args.indexOf(sub)+1);return sub==="branch"||sub==="tag"||sub==="remote"||sub==="stash"?rest.every(arg=>/^(?:-[avrl]+|--list|--all|--verbose|-vv|list|show)$/.test(arg)):sub==="config"?rest.some(arg=>/^(?:--get|--list|-l|--get-all)$/.test(arg)):!1}function programName(word){let base=word.slice(word.lastIndexOf("/")+1);return base.includes('"')||base.includes("'")?base.replace(/^["']|["']$/g,""):base}function commandKey(content){let line=head(content,400).split(`
`)[0]?.replace(/\s{2}# .*$/,"")??"",segment=splitCommand(line).find(part=>!isNoiseSegment(part))??splitCommand(line)[0];if(!segment)return null;let words=commandWords(segment),program=(words[0]??"").replace(/^.*\//,"");if(!program)return null;let args=words.slice(1).filter(word=>!word.startsWith("-")),[sub,script]=args;return!SUBCOMMAND_TOOLS.has(program)||!sub||!/^[\w:.-]+$/.test(sub)?program:RUNS_SCRIPT.has(sub)&&/^(?:npm|pnpm|yarn|bun)$/.test(program)&&script&&/^[\w:.@/-]+$/.test(script)?`${program} ${sub} ${script}`:`${program} ${sub}`}var NOISE_COMMANDS,GIT_READ_ONLY,COMMAND_PREFIXES,SUBCOMMAND_TOOLS,RUNS_SCRIPT,init_shell=__esm({"lib/shell.ts"(){"use strict";init_text();NOISE_COMMANDS=new Set(["ls","ll","la","dir","cat","bat","head","tail","less","more","echo","printf","pwd","cd","pushd","popd","which","whereis","type","whoami","id","date","cal","clear","history","true","false",":","sleep","wc","sort","uniq","tree","file","stat","du","df","grep","egrep","fgrep","rg","ag","ack","find","fd","locate","env","printenv","export","set","unset","alias","man","help","tldr","diff","cmp","jq","yq","cut","tr","basename","dirname","realpath","readlink","uname","hostname","ps","top","htop","free","uptime","lsof","nproc","test","[","[[","column","nl","od","xxd","hexdump","md5sum","sha1sum","sha256sum","shasum","awk","sed","wait","jobs","source","."]),GIT_READ_ONLY=new Set(["status","log","diff","show","rev-parse","blame","ls-files","ls-tree","grep","describe","reflog","shortlog","whatchanged","cat-file","rev-list","for-each-ref","show-ref","name-rev","merge-base","help"]),COMMAND_PREFIXES=new Set(["sudo","time","command","builtin","nohup","exec","nice"]);SUBCOMMAND_TOOLS=new Set(["git","gh","npm","pnpm","yarn","bun","cargo","go","docker","podman","kubectl","helm","uv","pip","poetry","deno","dotnet","terraform","systemctl","brew","apt","apt-get","make","npx"]),RUNS_SCRIPT=new Set(["run","run-script"])}});function localDay(date){let pad=n=>String(n).padStart(2,"0");return`${date.getFullYear()}-${pad(date.getMonth()+1)}-${pad(date.getDate())}`}function chartStart(now,days=CHART_DAYS){return new Date(now.getFullYear(),now.getMonth(),now.getDate()-(days-1))}function databaseBytes(dbPath){let size=path=>(0,import_node_fs6.statSync)(path,{throwIfNoEntry:!1})?.size??0;return{bytes:size(dbPath),wal_bytes:size(`${dbPath}-wal`)}}function chartDays(now,days=CHART_DAYS){let start=chartStart(now,days);return Array.from({length:days},(_,index)=>{let from=new Date(start.getFullYear(),start.getMonth(),start.getDate()+index),to=new Date(start.getFullYear(),start.getMonth(),start.getDate()+index+1);return{day:localDay(from),from:from.toISOString(),to:to.toISOString()}})}function computeStats(db,filters,dbPath,now,top,days=CHART_DAYS){let raw=memoryStats(db,filters,chartDays(now,days),top);return buildStats(raw,{path:dbPath,...databaseBytes(dbPath)},top)}function buildStats(raw,database,top){let perDay=raw.perDay.map(day=>({day:day.name,count:day.count,errors:day.errors}));return{total:raw.total,sessions:raw.sessions,summaries:raw.summaries,errors:raw.errors,oldest:raw.oldest,newest:raw.newest,database,by_type:raw.byType,by_tool:raw.byTool,by_project:raw.byProject,per_day:perDay,top_commands:topCommands(raw.commandHeads,top),top_files:raw.topFiles.map(file=>({file:file.name,project_path:file.project_path,count:file.count}))}}function topCommands(commandHeads,top){let commands=new Map;for(let head2 of commandHeads){let key=commandKey(head2);key&&commands.set(key,(commands.get(key)??0)+1)}return[...commands].sort((a,b)=>b[1]-a[1]||a[0].localeCompare(b[0])).slice(0,top).map(([command,count])=>({command,count}))}var import_node_fs6,CHART_DAYS,init_stats2=__esm({"lib/stats.ts"(){"use strict";import_node_fs6=require("node:fs");init_stats();init_shell();CHART_DAYS=14}});function loadConfig(env){let warnings=[],int=(name,fallback,min,max)=>{let raw=env[name];if(raw===void 0||raw==="")return fallback;let value=Number(raw);return Number.isInteger(value)?Math.min(max,Math.max(min,value)):(warnings.push(`${name}=${raw} is not a whole number; using ${fallback}`),fallback)};return{dbPath:env.CLAUDE_MEMORY_DB||defaultDbPath(env),disabled:isDisabled(env),contextChars:int("CLAUDE_MEMORY_CONTEXT_CHARS",2e3,300,CONTEXT_CHARS_MAX),retentionDays:int("CLAUDE_MEMORY_RETENTION_DAYS",90,1,36500),errorRetentionDays:int("CLAUDE_MEMORY_ERROR_RETENTION_DAYS",365,1,36500),contextDays:int("CLAUDE_MEMORY_CONTEXT_DAYS",21,1,36500),dedupeWindowSec:60,now:clockFrom(env.CLAUDE_MEMORY_NOW,warnings),warnings}}function isDisabled(env){return isTruthy(env.CLAUDE_MEMORY_DISABLE)}function isTruthy(value){return value!==void 0&&/^(1|true|yes|on)$/i.test(value.trim())}function clockFrom(fixed,warnings){if(!fixed)return()=>new Date;let time=Date.parse(fixed);return Number.isNaN(time)?(warnings.push(`CLAUDE_MEMORY_NOW=${fixed} is not a date; using the real clock`),()=>new Date):()=>new Date(time)}var CONTEXT_CHARS_MAX,init_config=__esm({"lib/config.ts"(){"use strict";init_paths();CONTEXT_CHARS_MAX=9e3}});function isCapturedTool(name){return CAPTURED.has(name)}var MEMORY_TYPES,IMPORTANCE,CAPTURED_TOOLS,LEGACY_CAPTURED_TOOLS,CAPTURED,CAPTURED_TOOLS_MATCHER,init_memory=__esm({"lib/memory.ts"(){"use strict";MEMORY_TYPES=["observation","file_edit","command","error"],IMPORTANCE={routine:1,change:2,error:3},CAPTURED_TOOLS=["Edit","Write","Bash","NotebookEdit"],LEGACY_CAPTURED_TOOLS=["MultiEdit"],CAPTURED=new Set([...CAPTURED_TOOLS,...LEGACY_CAPTURED_TOOLS]);CAPTURED_TOOLS_MATCHER=CAPTURED_TOOLS.join("|")}});function resolveErrors(db,projectPath,key,byId,at){return prepared(db,RESOLVE_SQL).run({byId,at,projectPath,key:key.key,isTest:key.isTest?1:0}).changes}var RESOLVE_SQL,init_resolution=__esm({"lib/db/resolution.ts"(){"use strict";init_open();RESOLVE_SQL=`
  UPDATE memories SET resolved_by = @byId, resolved_at = @at
  WHERE type = 'error' AND resolved_by IS NULL AND project_path = @projectPath AND created_at <= @at
    AND (command_key = @key OR (@isTest = 1 AND substr(command_key, 1, length(@key)) = @key
                                AND substr(command_key, length(@key) + 1, 1) IN (' ', ':', '/')))`}});var REQUEST_MAX,REQUEST_OF_SESSION,MemoryStore,init_memories=__esm({"lib/db/memories.ts"(){"use strict";init_memory();init_open();init_resolution();REQUEST_MAX=500,REQUEST_OF_SESSION=`SELECT substr(p.text, 1, ${REQUEST_MAX}) FROM prompts p
  WHERE p.session_id = @sessionId AND p.created_at <= @createdAt ORDER BY p.created_at DESC, p.id DESC LIMIT 1`,MemoryStore=class{constructor(db){this.db=db}db;insert(memory,dedupeWindowSec){let insert=prepared(this.db,`
      INSERT INTO memories (session_id, tool_name, type, project, project_path, file_path, content, tags,
                            importance, created_at, tool_use_id, agent_id, exit_code, source, command_key, request)
      VALUES (@sessionId, @toolName, @type, @project, @projectPath, @filePath, @content, @tags,
              @importance, @createdAt, @toolUseId, @agentId, @exitCode, @source, @key,
              coalesce(@request, (${REQUEST_OF_SESSION})))`),write=this.db.transaction(()=>{let duplicate=this.findDuplicate(memory,dedupeWindowSec);if(duplicate)return duplicate;let{commandKey:key,...row}=memory,{lastInsertRowid}=insert.run({...row,key:key?.key??null,request:memory.request??null});return key&&memory.type==="command"&&resolveErrors(this.db,memory.projectPath,key,Number(lastInsertRowid),memory.createdAt),"stored"});return withBusyRetry(()=>write.immediate())}findDuplicate(memory,dedupeWindowSec){let byToolUse=prepared(this.db,"SELECT 1 FROM memories WHERE tool_use_id = ?"),byContent=prepared(this.db,"SELECT 1 FROM memories WHERE session_id = ? AND created_at BETWEEN ? AND ? AND content = ? LIMIT 1");if(memory.toolUseId&&byToolUse.get(memory.toolUseId))return"duplicate-tool-use";let time=Date.parse(memory.createdAt),from=new Date(time-dedupeWindowSec*1e3).toISOString(),to=new Date(time+dedupeWindowSec*1e3).toISOString();return byContent.get(memory.sessionId,from,to,memory.content)?"duplicate-content":null}refresh(memory,apply){if(!memory.toolUseId)return"missing";let stored=prepared(this.db,`
      SELECT id, session_id AS sessionId, created_at AS createdAt, type, content, tags, file_path AS filePath,
             importance, exit_code AS exitCode, command_key AS commandKey, request
      FROM memories WHERE tool_use_id = ?`).get(memory.toolUseId);if(!stored)return"missing";let request=memory.request??prepared(this.db,REQUEST_OF_SESSION).pluck().get({sessionId:stored.sessionId,createdAt:stored.createdAt})??null,next={type:memory.type,content:memory.content,tags:memory.tags,filePath:memory.filePath,importance:memory.importance,exitCode:memory.exitCode,commandKey:memory.commandKey?.key??null,request};return Object.keys(next).every(key=>next[key]===stored[key])?"unchanged":(apply&&withBusyRetry(()=>prepared(this.db,`
        UPDATE memories SET type = @type, content = @content, tags = @tags, file_path = @filePath, importance = @importance,
               exit_code = @exitCode, command_key = @commandKey, request = @request
        WHERE id = @id`).run({...next,id:stored.id})),"refreshed")}sessionRows(sessionId,limit=1e4){return prepared(this.db,`
      SELECT type, tool_name AS toolName, file_path AS filePath, content, created_at AS createdAt,
             project, project_path AS projectPath, resolved_at AS resolvedAt
      FROM memories WHERE session_id = ? ORDER BY created_at, id LIMIT ?`).all(sessionId,limit)}upsertSummary(row){let upsert=prepared(this.db,`
      INSERT INTO session_summaries (session_id, project, project_path, summary, tools_used, files_changed,
                                     memory_count, error_count, duration_sec, started_at, ended_at, updated_at,
                                     request, outcome)
      VALUES (@sessionId, @project, @projectPath, @summary, @toolsUsed, @filesChanged,
              @memoryCount, @errorCount, @durationSec, @startedAt, @endedAt, @updatedAt, @request, @outcome)
      ON CONFLICT (session_id) DO UPDATE SET
        project = excluded.project, project_path = excluded.project_path, summary = excluded.summary,
        tools_used = excluded.tools_used, files_changed = excluded.files_changed,
        memory_count = excluded.memory_count, error_count = excluded.error_count,
        duration_sec = excluded.duration_sec, started_at = excluded.started_at,
        ended_at = excluded.ended_at, updated_at = excluded.updated_at,
        request = coalesce(excluded.request, request), outcome = coalesce(excluded.outcome, outcome)`);withBusyRetry(()=>upsert.run({...row,toolsUsed:JSON.stringify(row.toolsUsed),filesChanged:JSON.stringify(row.filesChanged),request:row.request??null,outcome:row.outcome??null}))}recentSummaries(projectPath,limit,since=""){return prepared(this.db,`
      SELECT summary, ended_at AS endedAt, session_id AS sessionId, request, outcome, error_count AS errorCount,
             (SELECT count(*) FROM memories m WHERE m.session_id = s.session_id AND m.type = 'error'
                AND m.resolved_by IS NULL) AS openErrors
      FROM session_summaries s
      WHERE project_path = ? AND ended_at >= ? ORDER BY ended_at DESC LIMIT ?`).all(projectPath,since,limit)}hasSummary(sessionId){return prepared(this.db,"SELECT 1 FROM session_summaries WHERE session_id = ?").get(sessionId)!==void 0}recentByImportance(projectPath,importance,limit,since=""){return prepared(this.db,`
      SELECT content, file_path AS filePath, created_at AS createdAt, session_id AS sessionId FROM memories
      WHERE project_path = ? AND importance = ? AND created_at >= ? ORDER BY created_at DESC, id DESC LIMIT ?`).all(projectPath,importance,since,limit)}openErrors(projectPath,limit,since=""){return prepared(this.db,`
      SELECT content, file_path AS filePath, created_at AS createdAt, session_id AS sessionId FROM memories
      WHERE project_path = ? AND type = 'error' AND resolved_by IS NULL AND created_at >= ?
      ORDER BY created_at DESC, id DESC LIMIT ?`).all(projectPath,since,limit)}deleteExpired(cutoffIso,batchSize=2e3,errorCutoffIso=""){let batch=prepared(this.db,`
      DELETE FROM memories WHERE id IN (
        SELECT id FROM memories WHERE (created_at < ? AND importance < ?) OR (type = 'error' AND created_at < ?) LIMIT ?)`),total=0;for(;;){let{changes}=withBusyRetry(()=>batch.run(cutoffIso,IMPORTANCE.error,errorCutoffIso,batchSize));if(total+=changes,changes<batchSize)break}return withBusyRetry(()=>this.db.transaction(()=>{prepared(this.db,`DELETE FROM session_summaries WHERE ended_at < ?
        AND NOT EXISTS (SELECT 1 FROM memories m WHERE m.session_id = session_summaries.session_id)`).run(cutoffIso),prepared(this.db,`DELETE FROM prompts WHERE created_at < ?
        AND NOT EXISTS (SELECT 1 FROM memories m WHERE m.session_id = prompts.session_id)`).run(cutoffIso),prepared(this.db,"DELETE FROM transcript_reads WHERE updated_at < ?").run(cutoffIso)}).immediate()),total}}}});function readRegularFile(path,maxBytes){let fd;try{fd=(0,import_node_fs7.openSync)(path,import_node_fs7.constants.O_RDONLY|import_node_fs7.constants.O_NOFOLLOW)}catch{return null}try{let stat=(0,import_node_fs7.fstatSync)(fd);if(!stat.isFile()||stat.size>maxBytes)return null;let buffer=Buffer.alloc(stat.size),read=0;for(;read<stat.size;){let n=(0,import_node_fs7.readSync)(fd,buffer,read,stat.size-read,read);if(n===0)break;read+=n}return buffer.subarray(0,read).toString("utf8")}finally{(0,import_node_fs7.closeSync)(fd)}}var import_node_fs7,CREATE_FLAGS,init_safe_fs=__esm({"lib/safe-fs.ts"(){"use strict";import_node_fs7=require("node:fs");init_lazy_builtins();init_sidecars();CREATE_FLAGS=import_node_fs7.constants.O_WRONLY|import_node_fs7.constants.O_CREAT|import_node_fs7.constants.O_EXCL|import_node_fs7.constants.O_NOFOLLOW}});function repairNote(dbPath){let text2=readRegularFile(repairNotePath(dbPath),NOTE_MAX_BYTES);return text2===null?null:text2.trim()}var DAY_MS,NOTE_MAX_BYTES,init_damage=__esm({"lib/damage.ts"(){"use strict";init_paths();init_safe_fs();DAY_MS=1440*60*1e3,NOTE_MAX_BYTES=4096}});var DISK_FULL_BYTES,init_faults=__esm({"lib/faults.ts"(){"use strict";DISK_FULL_BYTES=1024*1024}});function spoolDirs(dbPath,env){return[ownSpoolDir(dbPath),(0,import_node_path4.join)(sharedSpoolRoot(env),spoolKey(dbPath))]}function ownSpoolDir(dbPath){return`${dbPath}.spool`}function sharedSpoolRoot(env){return(0,import_node_path4.join)(env.TMPDIR||systemTempDir(),`claude-memory-${process.geteuid?.()??"user"}`)}function spoolKey(dbPath){return crypto().createHash("sha256").update(dbPath).digest("hex").slice(0,16)}function existingSpoolDirs(dbPath,env){let shared=[];try{shared=(0,import_node_fs8.readdirSync)(sharedSpoolRoot(env))}catch{}return shared.length>0?spoolDirs(dbPath,env):[ownSpoolDir(dbPath)]}function listPending(dbPath,env){let found=[];for(let dir of existingSpoolDirs(dbPath,env)){let names;try{names=(0,import_node_fs8.readdirSync)(dir)}catch{continue}for(let name of names){if(!PENDING.test(name))continue;let stat=(0,import_node_fs8.lstatSync)((0,import_node_path4.join)(dir,name),{throwIfNoEntry:!1});stat?.isFile()&&found.push({name,event:{path:(0,import_node_path4.join)(dir,name),bytes:stat.size}})}}return found.sort((a,b)=>a.name<b.name?-1:a.name>b.name?1:0).map(entry=>entry.event)}function drainSpool(dbPath,env,storeBatch,deadline){let pending=listPending(dbPath,env),stored=0,rejected=0;for(let start=0;start<pending.length&&!deadline?.expired();start+=BATCH){let batch=[];for(let event of pending.slice(start,start+BATCH)){let memory=parseSpooled(readRegularFile(event.path,ITEM_MAX_BYTES));memory?batch.push({path:event.path,memory}):(reject(event.path),rejected+=1)}let taken;try{taken=storeBatch(batch.map(item=>item.memory))}catch{break}batch.forEach((item,index)=>{taken[index]?(removeIfPresent(item.path),stored+=1):(reject(item.path),rejected+=1)})}return{stored,rejected,left:pending.length-stored-rejected}}function reject(path){try{(0,import_node_fs8.renameSync)(path,`${path}.rejected`)}catch{}}function removeIfPresent(path){try{(0,import_node_fs8.unlinkSync)(path)}catch{}}function parseSpooled(text2){if(text2===null)return null;let value;try{value=JSON.parse(text2)}catch{return null}let record=objectOf(value);if(!STRING_FIELDS.every(field=>typeof record[field]=="string")||!NULLABLE_STRING_FIELDS.every(field=>record[field]===null||typeof record[field]=="string"))return null;let{toolName,type,importance,exitCode,source}=record;return typeof toolName!="string"||!isCapturedTool(toolName)||!MEMORY_TYPES.some(known=>known===type)||importance!==1&&importance!==2&&importance!==3||exitCode!==null&&typeof exitCode!="number"||source!=="hook"&&source!=="import"?null:{sessionId:record.sessionId,toolName,type,project:record.project,projectPath:record.projectPath,filePath:record.filePath,content:record.content,tags:record.tags,importance,createdAt:record.createdAt,toolUseId:record.toolUseId,agentId:record.agentId,exitCode,source}}var import_node_fs8,import_node_path4,SPOOL_MAX_BYTES,ITEM_MAX_BYTES,PENDING,BATCH,STRING_FIELDS,NULLABLE_STRING_FIELDS,init_spool=__esm({"lib/spool.ts"(){"use strict";init_lazy_builtins();import_node_fs8=require("node:fs"),import_node_path4=require("node:path");init_memory();init_paths();init_safe_fs();init_unknown();SPOOL_MAX_BYTES=16*1024*1024,ITEM_MAX_BYTES=256*1024,PENDING=/^\d{15}-\d+-[0-9a-f]{8,}\.json$/;BATCH=200;STRING_FIELDS=["sessionId","project","projectPath","content","tags","createdAt"],NULLABLE_STRING_FIELDS=["filePath","toolUseId","agentId"]}});function drainPending(store,config,env){if(repairNote(config.dbPath)!==null)return null;try{if(listPending(config.dbPath,env).length===0)return null;let storeBatch=memories=>inTransaction(store.db,()=>memories.map(memory=>{try{return store.insert(memory,config.dedupeWindowSec),!0}catch(error){if(isConstraint(error))return!1;throw error}}));return drainSpool(config.dbPath,env,storeBatch,activeDeadline())}catch{return null}}function isConstraint(error){let code=error?.code;return typeof code=="string"&&code.startsWith("SQLITE_CONSTRAINT")}var init_store_or_defer=__esm({"lib/store-or-defer.ts"(){"use strict";init_damage();init_deadline();init_open();init_faults();init_spool();init_unknown()}});function cliConfig(){return loadConfig(process.env)}function withDatabase(config,work,options={}){let result=withDb(config.dbPath,{create:!1,oneShot:options.oneShot??!1},db=>(drainPending(new MemoryStore(db),config,process.env),work(db)));if(result===null)throw new MissingDatabaseError(config.dbPath);return result}var init_database=__esm({"commands/_database.ts"(){"use strict";init_config();init_memories();init_open();init_errors();init_store_or_defer()}});function parseWhen(flag,value,now){let text2=value.trim(),fail={ok:!1,error:`${flag} expects a duration like 7d or 12h, or a date like 2026-11-01 (got "${head(text2,40)}")`},duration2=DURATION.exec(text2);if(duration2){let ms=Number(duration2[1])*UNIT_MS[duration2[2].toLowerCase()];return{ok:!0,value:new Date(now.getTime()-ms).toISOString()}}let day=/^(\d{4})-(\d{2})-(\d{2})$/.exec(text2);if(day){let[year,month,date]=[Number(day[1]),Number(day[2]),Number(day[3])],local=new Date(year,month-1,date);return local.getFullYear()!==year||local.getMonth()!==month-1||local.getDate()!==date?fail:{ok:!0,value:local.toISOString()}}if(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text2)){let time=Date.parse(text2);if(!Number.isNaN(time))return{ok:!0,value:new Date(time).toISOString()}}return fail}function parseType(value){let found=MEMORY_TYPES.find(type=>type===value.trim());return found?{ok:!0,value:found}:{ok:!1,error:`--type expects one of ${MEMORY_TYPES.join(", ")} (got "${head(value,40)}")`}}var DURATION,UNIT_MS,init_filters=__esm({"lib/search/filters.ts"(){"use strict";init_memory();init_text();DURATION=/^(\d{1,6})\s*(m|min|h|d|w|y)$/i,UNIT_MS={m:6e4,min:6e4,h:36e5,d:864e5,w:7*864e5,y:365*864e5}}});function parseLimit(value){let n=/^\d{1,6}$/.test(value.trim())?Number(value.trim()):NaN;return n>=1&&n<=LIMIT_MAX?{ok:!0,value:n}:{ok:!1,error:`--limit expects a whole number from 1 to ${LIMIT_MAX} (got "${head(value,40)}")`}}function valueOf(parsed){if(!parsed.ok)throw new UsageError(parsed.error);return parsed.value}function filtersFrom(options,now){if(options.here&&options.project!==void 0)throw new UsageError("use either --project <name> or --here, not both");let project=options.project===void 0?null:options.project.trim();if(project==="")throw new UsageError("--project expects a project name (see `memory search --stats`)");return{...NO_FILTERS,project,projectPath:options.here?resolveProject(process.env,process.cwd()).path:null,type:options.type===void 0?null:valueOf(parseType(options.type)),since:options.since===void 0?null:valueOf(parseWhen("--since",options.since,now))}}function limitFrom(options,fallback){return options.limit===void 0?fallback:valueOf(parseLimit(options.limit))}var LIMIT_MAX,init_flags=__esm({"commands/_flags.ts"(){"use strict";init_search();init_errors();init_project();init_filters();init_text();LIMIT_MAX=1e4}});var require_picocolors=__commonJS({"node_modules/picocolors/picocolors.js"(exports2,module2){var p=process||{},argv=p.argv||[],env=p.env||{},isColorSupported=!(env.NO_COLOR||argv.includes("--no-color"))&&(!!env.FORCE_COLOR||argv.includes("--color")||p.platform==="win32"||(p.stdout||{}).isTTY&&env.TERM!=="dumb"||!!env.CI),formatter=(open,close,replace=open)=>input=>{let string=""+input,index=string.indexOf(close,open.length);return~index?open+replaceClose(string,close,replace,index)+close:open+string+close},replaceClose=(string,close,replace,index)=>{let result="",cursor=0;do result+=string.substring(cursor,index)+replace,cursor=index+close.length,index=string.indexOf(close,cursor);while(~index);return result+string.substring(cursor)},createColors=(enabled=isColorSupported)=>{let f=enabled?formatter:()=>String;return{isColorSupported:enabled,reset:f("\x1B[0m","\x1B[0m"),bold:f("\x1B[1m","\x1B[22m","\x1B[22m\x1B[1m"),dim:f("\x1B[2m","\x1B[22m","\x1B[22m\x1B[2m"),italic:f("\x1B[3m","\x1B[23m"),underline:f("\x1B[4m","\x1B[24m"),inverse:f("\x1B[7m","\x1B[27m"),hidden:f("\x1B[8m","\x1B[28m"),strikethrough:f("\x1B[9m","\x1B[29m"),black:f("\x1B[30m","\x1B[39m"),red:f("\x1B[31m","\x1B[39m"),green:f("\x1B[32m","\x1B[39m"),yellow:f("\x1B[33m","\x1B[39m"),blue:f("\x1B[34m","\x1B[39m"),magenta:f("\x1B[35m","\x1B[39m"),cyan:f("\x1B[36m","\x1B[39m"),white:f("\x1B[37m","\x1B[39m"),gray:f("\x1B[90m","\x1B[39m"),bgBlack:f("\x1B[40m","\x1B[49m"),bgRed:f("\x1B[41m","\x1B[49m"),bgGreen:f("\x1B[42m","\x1B[49m"),bgYellow:f("\x1B[43m","\x1B[49m"),bgBlue:f("\x1B[44m","\x1B[49m"),bgMagenta:f("\x1B[45m","\x1B[49m"),bgCyan:f("\x1B[46m","\x1B[49m"),bgWhite:f("\x1B[47m","\x1B[49m"),blackBright:f("\x1B[90m","\x1B[39m"),redBright:f("\x1B[91m","\x1B[39m"),greenBright:f("\x1B[92m","\x1B[39m"),yellowBright:f("\x1B[93m","\x1B[39m"),blueBright:f("\x1B[94m","\x1B[39m"),magentaBright:f("\x1B[95m","\x1B[39m"),cyanBright:f("\x1B[96m","\x1B[39m"),whiteBright:f("\x1B[97m","\x1B[39m"),bgBlackBright:f("\x1B[100m","\x1B[49m"),bgRedBright:f("\x1B[101m","\x1B[49m"),bgGreenBright:f("\x1B[102m","\x1B[49m"),bgYellowBright:f("\x1B[103m","\x1B[49m"),bgBlueBright:f("\x1B[104m","\x1B[49m"),bgMagentaBright:f("\x1B[105m","\x1B[49m"),bgCyanBright:f("\x1B[106m","\x1B[49m"),bgWhiteBright:f("\x1B[107m","\x1B[49m")}};module2.exports=createColors();module2.exports.createColors=createColors}});function colorsFor(stream,env){let set=name=>(env[name]??"")!=="",forced=set("FORCE_COLOR")&&env.FORCE_COLOR!=="0";return!set("NO_COLOR")&&(forced||stream.isTTY===!0)?require_picocolors().createColors(!0):PLAIN}function relativeTime(iso,now){let time=Date.parse(iso);if(Number.isNaN(time))return cleanText(iso);let seconds=Math.max(0,Math.round((now.getTime()-time)/1e3));if(seconds<45)return"just now";let minutes=Math.round(seconds/60);if(minutes<60)return`${minutes}m ago`;let hours=Math.round(minutes/60);if(hours<24)return`${hours}h ago`;let days=Math.round(hours/24);return days<14?`${days}d ago`:days<56?`${Math.round(days/7)}w ago`:localDay(new Date(time))}function duration(seconds){if(seconds<60)return`${seconds}s`;let minutes=Math.round(seconds/60);return minutes<60?`${minutes}m`:`${Math.floor(minutes/60)}h ${minutes%60}m`}function plural(count,word,many=`${word}s`){return`${count} ${count===1?word:many}`}function renderSnippet(marked,c){return markedSegments(marked).map(segment=>segment.hit?c.isColorSupported?c.bold(c.yellow(segment.text)):`**${segment.text}**`:segment.text).join("")}function renderMemory(row,body,now,c){return`${[c.dim(`#${row.id}`),c.yellow(relativeTime(row.created_at,now)),c.cyan(cleanText(row.project)),c.magenta(`${cleanText(row.tool_name)}/${cleanText(row.type)}`),row.file_path?c.green(displayPath(row.file_path,row.project_path)):"",resolutionMark(row,now,c)].filter(Boolean).join("  ")}
    ${body}`}function resolutionMark(row,now,c){if(row.type!=="error"||row.resolved_by===null||row.resolved_by===void 0)return"";let when=row.resolved_at?`${relativeTime(row.resolved_at,now)} `:"";return c.green(`fixed ${when}by #${row.resolved_by}`)}function renderPlainMemory(row,now,c){let content=row.type==="error"?c.red(clip(cleanText(row.content),200)):clip(cleanText(row.content),200);return renderMemory(row,content,now,c)}function renderSummary(row,now,c){let facts=[plural(row.memory_count,"memory","memories"),row.error_count>0?c.red(plural(row.error_count,"error")):"",duration(row.duration_sec)].filter(Boolean).join(", "),head2=[c.yellow(relativeTime(row.ended_at,now)),c.cyan(cleanText(row.project)),c.dim(cleanText(row.session_id)),facts].join("  "),lines=row.summary.split(`
`).map(line=>cleanText(line)).filter(Boolean);return[head2,...lines.map(line=>`    ${clip(line,300)}`)].join(`
`)}var import_node_module3,identity,PLAIN,init_format=__esm({"commands/_format.ts"(){"use strict";import_node_module3=__toESM(require_node_module_on_call(),1);init_sanitize();init_snippet();init_stats2();init_text();identity=text2=>String(text2),PLAIN=new Proxy({},{get:(_target,name)=>name==="isColorSupported"?!1:identity})}});init_errors();init_unknown();function exitCodeFor(error){return error instanceof MemoryError?(process.stderr.write(`memory: ${error.message}
`),error.exitCode):(process.stderr.write(`memory: ${describeError(error)}
`),1)}var import_node_fs=require("node:fs");function writeOut(text2){let bytes=Buffer.from(text2,"utf8"),done=0;try{for(;done<bytes.length;)done+=(0,import_node_fs.writeSync)(1,bytes,done)}catch(error){let code=error.code;if(code==="EPIPE")return;if(code==="EAGAIN")process.stdout.write(bytes.subarray(done));else throw error}}var stdoutTerminal={get isTTY(){try{return(0,import_node_fs.fstatSync)(1).isCharacterDevice()}catch{return!1}}};var import_node_fs9=require("node:fs");init_best_matches();init_search();init_search_index();init_errors();init_sanitize();init_project();init_plan();init_bridges();init_snippet();init_stats2();init_text();init_database();init_flags();init_format();init_sanitize();init_stats2();init_text();init_format();var BAR_WIDTH=32,EIGHTHS=["","\u258F","\u258E","\u258D","\u258C","\u258B","\u258A","\u2589"];function bar(value,max,width=BAR_WIDTH){if(value<=0||max<=0)return"";let eighths=Math.max(1,Math.round(value/max*width*8));return"\u2588".repeat(Math.floor(eighths/8))+(EIGHTHS[eighths%8]??"")}function formatBytes(bytes){return bytes<1024?`${bytes} B`:bytes<1024*1024?`${(bytes/1024).toFixed(1)} KB`:`${(bytes/1024/1024).toFixed(1)} MB`}var WEEKDAYS=["Sun","Mon","Tue","Wed","Thu","Fri","Sat"];function renderStats(stats,now,c){let label=text2=>c.bold(text2.padEnd(13)),counts=list=>list.slice(0,8).map(item=>`${cleanText(item.name)} ${c.bold(String(item.count))}`).join(c.dim(" \xB7 "))||c.dim("none"),when=iso=>iso?`${localDay(new Date(iso))} (${relativeTime(iso,now)})`:c.dim("\u2014"),lines=[`${label("Memories")}${c.bold(String(stats.total))}  ${c.dim(`in ${plural(stats.sessions,"session")}, ${stats.summaries} summarised`)}`,`${label("Errors")}${stats.errors>0?c.red(String(stats.errors)):"0"}`,`${label("Oldest")}${when(stats.oldest)}`,`${label("Newest")}${when(stats.newest)}`,`${label("Database")}${formatBytes(stats.database.bytes)} + ${formatBytes(stats.database.wal_bytes)} WAL  ${c.dim(stats.database.path)}`,"",`${label("By type")}${counts(stats.by_type)}`,`${label("By tool")}${counts(stats.by_tool)}`,`${label("By project")}${counts(stats.by_project)}`,"",c.bold(`Last ${CHART_DAYS} days`)],max=Math.max(0,...stats.per_day.map(day=>day.count));for(let{day,count}of stats.per_day){let[year,month,date]=day.split("-").map(Number),weekday=WEEKDAYS[new Date(year,month-1,date).getDay()]??"";lines.push(`  ${day.slice(5)} ${weekday}  ${c.cyan(bar(count,max).padEnd(BAR_WIDTH))} ${count}`)}lines.push("",c.bold("Top commands")),stats.top_commands.length===0&&lines.push(`  ${c.dim("none")}`);for(let{command,count}of stats.top_commands)lines.push(`  ${String(count).padStart(5)}  ${clip(cleanText(command),80)}`);lines.push("",c.bold("Top files")),stats.top_files.length===0&&lines.push(`  ${c.dim("none")}`);for(let{file,project_path:projectPath,count}of stats.top_files)lines.push(`  ${String(count).padStart(5)}  ${clip(displayPath(file,projectPath),100)}`);return lines.join(`
`)}var SEARCH_INDEX_MS=250;function searchWords(query){return runSearch(query,{})}function runSearch(query,options){let modes=["recent","stats","summaries","reindex"].filter(mode2=>options[mode2]);if(modes.length>1)throw new UsageError(`choose one of --${modes.join(", --")}`);let[mode]=modes;if(mode&&query.length>0)throw new UsageError(`--${mode} takes no search words (got "${clip(query.join(" "),40)}")`);if(!mode&&query.length===0)throw new UsageError("give words to search for, or one of --recent, --stats, --summaries, --reindex");let config=cliConfig(),now=config.now(),filters=filtersFrom(options,now),limit=limitFrom(options,mode==="stats"||mode==="summaries"?10:20),c=colorsFor(stdoutTerminal,process.env),json=value=>`${JSON.stringify(value,null,2)}
`;return mode==="stats"&&!(0,import_node_fs9.existsSync)(config.dbPath)?options.json?json({total:0,sessions:0,summaries:0,errors:0,database:{path:config.dbPath,exists:!1}}):`No memories yet: ${config.dbPath} is created by the first edit, command or error a session records.
`:withDatabase(config,db=>{if(mode==="reindex"){let indexed=indexPending(db,Number.MAX_SAFE_INTEGER);return options.json?json({indexed}):`${indexed===0?"Every memory was already in the search index.":`Indexed ${plural(indexed,"memory","memories")}; every memory is in the search index.`}
`}if(mode==="stats"){let stats=computeStats(db,filters,config.dbPath,now,limit);return options.json?json(stats):`${renderStats(stats,now,c)}
`}if(mode==="summaries"){let rows=sessionSummaries(db,filters,limit);return options.json?json(rows):rows.length===0?`No session summaries yet (they are written when a session ends).
`:`${rows.map(row=>renderSummary(row,now,c)).join(`

`)}
`}if(mode==="recent"){let rows=recentMemories(db,filters,limit);return options.json?json(rows):rows.length===0?`No memories yet for these filters.
`:`${rows.map(row=>renderPlainMemory(row,now,c)).join(`

`)}
`}indexPendingBriefly(db,SEARCH_INDEX_MS);let text2=query.join(" "),shown=clip(cleanText(text2),80),here=resolveProject(process.env,process.cwd()).path,found=bestMatches(db,text2,filters,{limit,here,count:!options.json});if(found.words.length===0)return options.json?json([]):`Nothing to search for in "${shown}": try words or parts of words.
`;let hits=found.matches;if(options.json)return json(hits.map(({row,score,matched,bridged:bridged2,fixes})=>({...row,tier:found.tier,score,matched,...bridged2.length===0?{}:{bridged:bridged2},...fixes===void 0?{}:{fixes}})));let explained=options.explain?`${explainWords(found)}
`:"";if(hits.length===0)return`${explained}No memories match "${shown}".
`;let english=new Map(found.lookups.map(word=>[word.text,word.bridge?.english??[]])),total=found.total??hits.length,counted=`${found.atLeast?"at least ":""}${plural(total,"memory","memories")}`,header=`${c.bold(counted)} ${total===1&&!found.atLeast?"matches":"match"} "${shown}" ${c.dim(`\xB7 best match first \xB7 ${TIER_LABELS[found.tier]}`)}`,more=found.more?`
${c.dim(`Showing the first ${hits.length} of ${found.atLeast?"at least ":""}${total}; use --limit for more.`)}`:"",body=hits.map(hit=>{let marked=hit.matched.flatMap(word=>hit.bridged.includes(word)?english.get(word)??[]:[word]),text3=renderMemory(hit.row,renderSnippet(likeSnippet(hit.row.content,marked),c),now,c),via=word=>hit.bridged.includes(word)?`${cleanText(word)} (as ${(english.get(word)??[]).join("/")})`:cleanText(word),notes=[hit.fixes===void 0?"":`the next step after error #${hit.fixes}`,hit.allMatched&&(!options.explain||hit.bridged.length===0)||hit.matched.length===0?"":`matched: ${hit.matched.map(via).join(", ")}`].filter(Boolean).join(" \xB7 ");return notes?text3.replace(`
`,`  ${c.dim(notes)}
`):text3}).join(`

`);return`${explained}${header}

${body}
${more}${more?`
`:""}`},{oneShot:mode!=="reindex"})}function explainWords(found){return`Words:
${found.lookups.map(word=>{let parts=[`${plural(word.df,"memory","memories")} (${TIER_LABELS[word.tier]})`];return word.stop&&parts.push("a function word: weighs nothing beside the others"),word.bridge&&parts.push(`bridge: ${cleanText(word.bridge.via)} = ${BRIDGE_LABELS[word.bridge.table]} ${word.bridge.english.join(", ")}, ${plural(word.bridgeDf,"more memory","more memories")} (each weighs less than the word itself)`),`  ${cleanText(word.text)}: ${parts.join("; ")}`}).join(`
`)}
`}try{writeOut(searchWords(process.argv.slice(3)))}catch(error){process.exitCode=exitCodeFor(error)}
