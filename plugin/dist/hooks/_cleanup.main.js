var bundleFileUrl=require("node:url").pathToFileURL(__filename).href;
"use strict";var __getOwnPropNames=Object.getOwnPropertyNames;var __esm=(fn,res,err)=>function(){if(err)throw err[0];try{return fn&&(res=(0,fn[__getOwnPropNames(fn)[0]])(fn=0)),res}catch(e){throw err=[e],e}};function systemTempDir(){return(0,import_node_os.tmpdir)()}function homeDir(env){return env.HOME||env.USERPROFILE||(0,import_node_os.homedir)()}function claudeDir(env){return env.CLAUDE_CONFIG_DIR||(0,import_node_path.join)(homeDir(env),".claude")}function defaultDbPath(env){return(0,import_node_path.join)(claudeDir(env),"memory.db")}function repairNotePath(dbPath){return`${dbPath}.needs-repair`}var import_node_path,import_node_os,init_paths=__esm({"lib/paths.ts"(){"use strict";import_node_path=require("node:path"),import_node_os=require("node:os")}});function sinceStartMs(){return process.uptime()*1e3}function startDeadline(ms){return active=Deadline.after(ms),active}function activeDeadline(){return active}var Deadline,active,init_deadline=__esm({"lib/db/deadline.ts"(){"use strict";Deadline=class _Deadline{constructor(at){this.at=at}at;static after(ms,from=sinceStartMs()){return new _Deadline(from+ms)}remainingMs(){return Math.max(0,Math.floor(this.at-sinceStartMs()))}expired(){return this.remainingMs()<=0}},active=null}});function writeFileAtomic(path,data,mtime){writes+=1;let temp=(0,import_node_path3.join)((0,import_node_path3.dirname)(path),`.${(0,import_node_path3.basename)(path)}.${process.pid}.${Date.now().toString(36)}.${writes}.tmp`),fd=(0,import_node_fs2.openSync)(temp,CREATE_FLAGS,384);try{try{(0,import_node_fs2.writeSync)(fd,data),mtime&&(0,import_node_fs2.futimesSync)(fd,mtime,mtime)}finally{(0,import_node_fs2.closeSync)(fd)}(0,import_node_fs2.renameSync)(temp,path)}catch(error){try{(0,import_node_fs2.unlinkSync)(temp)}catch{}throw error}}function readRegularFile(path,maxBytes){let fd;try{fd=(0,import_node_fs2.openSync)(path,import_node_fs2.constants.O_RDONLY|import_node_fs2.constants.O_NOFOLLOW)}catch{return null}try{let stat=(0,import_node_fs2.fstatSync)(fd);if(!stat.isFile()||stat.size>maxBytes)return null;let buffer=Buffer.alloc(stat.size),read2=0;for(;read2<stat.size;){let n=(0,import_node_fs2.readSync)(fd,buffer,read2,stat.size-read2,read2);if(n===0)break;read2+=n}return buffer.subarray(0,read2).toString("utf8")}finally{(0,import_node_fs2.closeSync)(fd)}}var import_node_fs2,import_node_path3,UnsafePathError,writes,CREATE_FLAGS,init_safe_fs=__esm({"lib/io/safe-fs.ts"(){"use strict";import_node_fs2=require("node:fs"),import_node_path3=require("node:path"),UnsafePathError=class extends Error{constructor(path,reason){super(`${path} ${reason}`);this.path=path}path;name="UnsafePathError";code="UNSAFE_PATH"},writes=0,CREATE_FLAGS=import_node_fs2.constants.O_WRONLY|import_node_fs2.constants.O_CREAT|import_node_fs2.constants.O_EXCL|import_node_fs2.constants.O_NOFOLLOW}});function ownRoot(){return(0,import_node_url.fileURLToPath)(new URL("../..",bundleFileUrl))}function ownFile(...parts){return(0,import_node_path4.join)(ownRoot(),...parts)}function isPlugin(){return plugin??=(0,import_node_fs3.existsSync)(ownFile(".claude-plugin","plugin.json")),plugin}var import_node_fs3,import_node_path4,import_node_url,SETTINGS_MAX_BYTES,plugin,init_own_files=__esm({"lib/runtime/own-files.ts"(){"use strict";import_node_fs3=require("node:fs"),import_node_path4=require("node:path"),import_node_url=require("node:url");init_paths();init_safe_fs();SETTINGS_MAX_BYTES=4*1024*1024}});function nodeSqlite(){if(loaded!==void 0)return loaded;let getBuiltin=process.getBuiltinModule,emitWarning=process.emitWarning;process.emitWarning=(()=>{});try{loaded=typeof getBuiltin=="function"?getBuiltin.call(process,"node:sqlite")??null:null}catch{loaded=null}finally{process.emitWarning=emitWarning}return loaded}function nodeSqliteProblem(){let sqlite=nodeSqlite();if(!sqlite)return"Node's own node:sqlite is missing (it needs Node 22.13 or newer)";try{let db=new sqlite.DatabaseSync(":memory:");try{db.exec("CREATE VIRTUAL TABLE probe USING fts5 (body, tokenize = 'trigram')")}finally{db.close()}return null}catch{return"Node's own node:sqlite lacks FTS5 with trigram (it needs Node 22.16 or newer)"}}function openNodeSqlite(path,options){let sqlite=nodeSqlite();if(!sqlite)throw new Error("node:sqlite is not available in this Node");if(options.fileMustExist&&path!==":memory:"&&!(0,import_node_fs4.existsSync)(path))throw Object.assign(new Error(`unable to open database file: ${path}`),{name:"SqliteError",code:"SQLITE_CANTOPEN"});let raw=translated(()=>new sqlite.DatabaseSync(path,options.readonly?{readOnly:!0}:{}));return new NodeSqliteConnection(raw,path,options.readonly??!1)}function translated(work){try{return work()}catch(error){let errcode=error?.errcode;if(typeof errcode!="number"||!(error instanceof Error))throw error;let name=RESULT_CODES[errcode&255]??"ERROR";throw Object.assign(new Error(error.message),{name:"SqliteError",code:`SQLITE_${name}`})}}function flatten(params){return params.flatMap(param=>Array.isArray(param)?param:[param])}var import_node_fs4,loaded,RESULT_CODES,NodeSqliteStatement,NodeSqliteConnection,init_node_sqlite=__esm({"lib/db/node-sqlite.ts"(){"use strict";import_node_fs4=require("node:fs");RESULT_CODES=["OK","ERROR","INTERNAL","PERM","ABORT","BUSY","LOCKED","NOMEM","READONLY","INTERRUPT","IOERR","CORRUPT","NOTFOUND","FULL","CANTOPEN","PROTOCOL","EMPTY","SCHEMA","TOOBIG","CONSTRAINT","MISMATCH","MISUSE","NOLFS","AUTH","FORMAT","RANGE","NOTADB"];NodeSqliteStatement=class{constructor(statement){this.statement=statement;statement.setAllowUnknownNamedParameters?.(!0)}statement;plucked=!1;pluck(toggle=!0){return this.plucked=toggle,this}run(...params){let result=translated(()=>this.statement.run(...flatten(params)));return{changes:Number(result.changes),lastInsertRowid:result.lastInsertRowid}}get(...params){let row=translated(()=>this.statement.get(...flatten(params)));return row==null?void 0:this.shape(row)}all(...params){return translated(()=>this.statement.all(...flatten(params))).map(row=>this.shape(row))}*iterate(...params){for(let row of this.all(...params))yield row}shape(row){return this.plucked?Object.values(row)[0]:{...row}}},NodeSqliteConnection=class{constructor(raw,name,readonly){this.raw=raw;this.name=name;this.readonly=readonly}raw;name;readonly;depth=0;closed=!1;get open(){return!this.closed}get inTransaction(){return this.raw.isTransaction??this.depth>0}get memory(){return this.name===":memory:"}prepare(sql){return new NodeSqliteStatement(translated(()=>this.raw.prepare(sql)))}exec(sql){return translated(()=>this.raw.exec(sql)),this}function(name,options,fn){return translated(()=>this.raw.function(name,{deterministic:options.deterministic??!1,varargs:options.varargs??!1},fn)),this}pragma(source,options={}){let rows=this.prepare(`PRAGMA ${source}`).all();if(!options.simple)return rows;let first=rows[0];return first===void 0?void 0:Object.values(first)[0]}close(){return this.closed||this.raw.close(),this.closed=!0,this}transaction(work){let run=begin=>(...args)=>{if(this.depth>0)return this.savepoint(()=>work(...args));this.exec(begin),this.depth++;try{let result=work(...args);return this.exec("COMMIT"),result}catch(error){if(this.raw.isTransaction!==!1)try{this.exec("ROLLBACK")}catch{}throw error}finally{this.depth--}};return Object.assign(run("BEGIN"),{deferred:run("BEGIN DEFERRED"),immediate:run("BEGIN IMMEDIATE"),exclusive:run("BEGIN EXCLUSIVE")})}savepoint(work){let name=`memory_savepoint_${this.depth}`;this.exec(`SAVEPOINT ${name}`),this.depth++;try{let result=work();return this.exec(`RELEASE ${name}`),result}catch(error){throw this.exec(`ROLLBACK TO ${name}`),this.exec(`RELEASE ${name}`),error}finally{this.depth--}}}}});function addonMinNapi(){return isPlugin()?PLUGIN_ADDON_MIN_NAPI:0}function sqliteDriver(){return decided??=decide(),decided}function openConnection(path,options){let driver=sqliteDriver();if(!driver.ok)throw new NoDriverError(`${driver.problem}; ${driver.fix}`);return driver.open(path,options)}function builtinFirst(nodeVersion,addonMinNapi2){return addonMinNapi2===0&&Number(nodeVersion.split(".")[0])>=24}function decide(){if(builtinFirst(process.versions.node,addonMinNapi())&&nodeSqliteProblem()===null)return{ok:!0,name:"node:sqlite",open:openNodeSqlite,addonProblem:`its SQLite addon (better-sqlite3 12) can abort Node ${process.versions.node.split(".")[0]} when it frees a connection`};let addonProblem=loadAddon();if(typeof addonProblem!="string")return{ok:!0,name:"better-sqlite3",open:addonProblem};let builtinProblem=nodeSqliteProblem();return builtinProblem===null?{ok:!0,name:"node:sqlite",open:openNodeSqlite,addonProblem}:{ok:!1,problem:`under Node ${process.version}, ${addonProblem}, and ${builtinProblem}`,fix:addonMinNapi()>0?"make Node 22.16 or newer the `node` on your PATH, then start a new session":"run ./install.sh again with this Node (it rebuilds better-sqlite3 for it), or use Node 22.16 or newer"}}function loadAddon(){if(Number(process.versions.napi??0)<addonMinNapi())return"its SQLite addon (better-sqlite3) needs Node 22.14 or newer";let Constructor;try{Constructor=requireBetterSqlite3(),new Constructor(":memory:").close()}catch(error){if(error?.code==="MODULE_NOT_FOUND")return"its SQLite addon (better-sqlite3) is not installed";let message=error instanceof Error?error.message:String(error),first=message.split(`
`)[0]??"";return/NODE_MODULE_VERSION|compiled against a different Node/.test(message)?"its SQLite addon (better-sqlite3) was built for another Node version":`its SQLite addon (better-sqlite3) does not load (${first.slice(0,160)})`}return(path,options)=>new Constructor(path,{readonly:options.readonly??!1,fileMustExist:options.fileMustExist??!1})}function requireBetterSqlite3(){return(0,import_node_module.createRequire)(bundleFileUrl)("better-sqlite3")}var import_node_module,PLUGIN_ADDON_MIN_NAPI,NoDriverError,decided,init_driver=__esm({"lib/db/driver.ts"(){"use strict";import_node_module=require("node:module");init_own_files();init_node_sqlite();PLUGIN_ADDON_MIN_NAPI=10;NoDriverError=class extends Error{name="NoDriverError";code="NO_DRIVER"}}});function primed(pattern){return"aB1".search(pattern),pattern}function tokens(text2){return tokensOf(text2,ASCII_TEXT.test(text2))}function partsOf(token,ascii){return ascii?token.split(ASCII_BOUNDARY).filter(Boolean):(boundary??=primed(new RegExp("(?<=\\p{Ll})(?=\\p{Lu})|(?<=\\p{Lu})(?=\\p{Lu}\\p{Ll})|(?<=\\p{L})(?=\\p{N})|(?<=\\p{N})(?=\\p{L})","u")),token.split(boundary).filter(Boolean))}function tokensOf(text2,ascii){return ascii?text2.match(ASCII_TOKEN)??[]:(tokenPattern??=primed(/[\p{L}\p{N}\p{Co}]+/gu),text2.match(tokenPattern)??[])}function indexedText(text2){let extra=[],seen=new Set,ascii=ASCII_TEXT.test(text2);for(let token of tokensOf(text2,ascii)){if(seen.has(token))continue;seen.add(token);let parts=partsOf(token,ascii);if(!(parts.length<2)&&(extra.push(parts.join(" ")),extra.length>=MAX_EXTRA_PARTS))break}return extra.length===0?text2:`${text2}
${extra.join(" ; ")}`}function headEnd(content){let newline=content.indexOf(`
`);return Math.min(newline<0?content.length:newline,HEAD_MAX)}function nameText(filePath,tags){return indexedText(`${filePath??""} ${tags.replaceAll(","," ")}`.trim())}function headText(content){return indexedText(content.slice(0,headEnd(content)))}function bodyText(content){return indexedText(content.slice(headEnd(content)))}function gramText(content,tags,filePath){return`${content}
${tags}
${filePath??""}`}function gramWords(content,filePath,projectPath){let path=filePath!==null&&filePath.startsWith(`${projectPath}/`)?filePath.slice(projectPath.length+1):filePath,distinct=new Set;for(let raw of`${content} ${path??""}`.split(/\s+/u)){let token=raw.replace(EDGE_SYNTAX,"");[...token].length>=3&&distinct.add(token)}let kept=[];for(let token of[...distinct].sort((a,b)=>b.length-a.length))kept.some(longer=>longer.includes(token))||kept.push(token);return kept.join(" ")}function requestText(request){return indexedText(request??"")}function intentText(intent){if(!intent)return"";let seen=new Set;for(let token of tokens(intent)){let word=token.toLowerCase();PROSE.test(word)||seen.add(word)}return indexedText([...seen].join(" "))}var EDGE_SYNTAX,tokenPattern,boundary,ASCII_TEXT,ASCII_TOKEN,ASCII_BOUNDARY,MAX_EXTRA_PARTS,HEAD_MAX,PROSE,init_identifiers=__esm({"lib/text/identifiers.ts"(){"use strict";EDGE_SYNTAX=/^["'()*^:]+|["'()*^:]+$/g,ASCII_TEXT=/^[\x00-\x7f\u2192\u2026\u00b7\u2014\u2013\u201c\u201d\u2018\u2019]*$/,ASCII_TOKEN=/[A-Za-z0-9]+/g,ASCII_BOUNDARY=/(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])|(?<=[A-Za-z])(?=[0-9])|(?<=[0-9])(?=[A-Za-z])/;MAX_EXTRA_PARTS=400;HEAD_MAX=300;PROSE=/^(?:a|an|the|to|of|in|on|at|by|for|from|with|and|or|is|are|be|it|its|this|that|as|into|now|then|let|me|i|i'll|i'm|we|will|so|first|next|again|check|need|see|just)$/}});function registerIndexFunctions(db){let options={deterministic:!0,varargs:!1};db.function("memory_name_text",options,(filePath,tags)=>nameText(orNull(filePath),text(tags))),db.function("memory_head_text",options,content=>headText(text(content))),db.function("memory_body_text",options,content=>bodyText(text(content))),db.function("memory_request_text",options,request=>requestText(orNull(request))),db.function("memory_gram_text",options,(content,tags,filePath)=>gramText(text(content),text(tags),orNull(filePath))),db.function("memory_intent_text",options,intent=>intentText(orNull(intent))),db.function("memory_gram_words",options,(content,filePath,projectPath)=>gramWords(text(content),orNull(filePath),text(projectPath)))}var text,orNull,init_index_functions=__esm({"lib/db/index-functions.ts"(){"use strict";init_identifiers();text=value=>typeof value=="string"?value:value==null?"":String(value),orNull=value=>value==null?null:text(value)}});function sidecarPaths(dbPath){let real=dbPath;try{real=import_node_fs5.realpathSync.native(dbPath)}catch{}return SIDECARS.map(suffix=>`${real}${suffix}`)}function assertNoSymlinkedSidecar(dbPath){for(let path of sidecarPaths(dbPath))if((0,import_node_fs5.lstatSync)(path,{throwIfNoEntry:!1})?.isSymbolicLink())throw new UnsafePathError(path,"is a symbolic link")}var import_node_fs5,SIDECARS,init_sidecars=__esm({"lib/db/sidecars.ts"(){"use strict";import_node_fs5=require("node:fs");init_safe_fs();SIDECARS=["-wal","-shm"]}});var V3_BEST_MATCH,V7_INSERT,FILE,of,change,V9_TABLES,V9_INSERT,V9_UPDATE,MIGRATIONS,TOMBSTONES_SINCE,HOLD_SESSIONS,LEGACY_TABLE_RENAMES,LEGACY_SUMMARIES_RENAME,LEGACY_MEMORIES_COPY,LEGACY_SUMMARIES_COPY,init_schema=__esm({"lib/db/schema.ts"(){"use strict";V3_BEST_MATCH=`
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
  `,V7_INSERT=(v3=>v3.slice(v3.indexOf("CREATE TRIGGER memories_after_insert"),v3.indexOf("CREATE TRIGGER memories_after_delete")).replace("text(new.content, new.tags, new.file_path), coalesce(new.request, '')","words(new.content, new.file_path, new.project_path), memory_gram_words(new.request, NULL, '')"))(V3_BEST_MATCH),FILE="file_path, project_path, project, type",of=row=>FILE.replace(/\w+/g,column=>`${row}.${column}`),change=(row,n)=>`INSERT INTO memory_file_changes SELECT ${of(row)}, ${row}.created_at, ${n};`,V9_TABLES=V3_BEST_MATCH.slice(V3_BEST_MATCH.indexOf("CREATE VIRTUAL"),V3_BEST_MATCH.indexOf("  -- A row")).replace("request,","request, intent,"),V9_INSERT=V7_INSERT.replace("request)","request, intent)").replace("text(new.request)","$&, memory_intent_text(new.intent)"),V9_UPDATE=V9_INSERT.replace("insert AFTER INSERT","update AFTER UPDATE OF content, tags, file_path, request, intent").replace("BEGIN","$& DELETE FROM memory_words WHERE rowid = old.id; DELETE FROM memory_grams WHERE rowid = old.id;"),MIGRATIONS=[`
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
BEGIN ${change("old",-1)} ${change("new",1)} END;`,`CREATE TABLE forgotten (id INTEGER PRIMARY KEY, memory_id INTEGER, session_id TEXT NOT NULL, project TEXT NOT NULL,
tool_name TEXT NOT NULL, type TEXT NOT NULL, created_at TEXT NOT NULL, tool_use_id TEXT, content_key TEXT NOT NULL,
forgotten_at TEXT NOT NULL);
CREATE INDEX forgotten_tool_use ON forgotten (tool_use_id) WHERE tool_use_id IS NOT NULL;
CREATE INDEX forgotten_content ON forgotten (content_key);`,`ALTER TABLE memories ADD COLUMN intent TEXT;
DROP TRIGGER memories_after_insert;DROP TRIGGER memories_after_update;DROP TABLE memory_words;DROP TABLE memory_grams;
${V9_TABLES}INSERT OR REPLACE INTO search_index_build (id, pending_to) SELECT 1, max(id) FROM memories HAVING count(*) > 0;
${V9_INSERT}${V9_UPDATE}`,"CREATE INDEX memories_dedupe ON memories (session_id, length(content), substr(content, -16));",`ALTER TABLE memories ADD COLUMN agent TEXT NOT NULL DEFAULT 'claude-code';
ALTER TABLE session_summaries ADD COLUMN agent TEXT NOT NULL DEFAULT 'claude-code';`,`CREATE TABLE disabled_sessions (session_id TEXT PRIMARY KEY, disabled_at TEXT NOT NULL) WITHOUT ROWID;
${["memories","prompts","session_summaries"].map(table=>`CREATE TRIGGER ${table}_disabled BEFORE INSERT ON ${table}
WHEN EXISTS (SELECT 1 FROM disabled_sessions WHERE session_id = new.session_id) BEGIN SELECT RAISE(IGNORE); END;`).join(`
`)}`,"CREATE TABLE held_sessions (session_id TEXT PRIMARY KEY, held_at TEXT NOT NULL) WITHOUT ROWID;"],TOMBSTONES_SINCE=MIGRATIONS.findIndex(sql=>sql.includes("CREATE TABLE forgotten"))+1,HOLD_SESSIONS=`INSERT OR IGNORE INTO held_sessions (session_id, held_at)
SELECT session_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM memories
UNION SELECT session_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM session_summaries;`,LEGACY_TABLE_RENAMES=`
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
`}});function openDb(path,options){if((0,import_node_fs6.existsSync)(path))options.readonly||privatizeEmptyFile(path);else{if(!options.create)return null;createPrivateFile(path)}assertNoSymlinkedSidecar(path);let deadline=activeDeadline(),db=openConnection(path,{fileMustExist:!0,readonly:options.readonly??!1});try{return registerIndexFunctions(db),db.pragma(`busy_timeout = ${deadline?Math.max(1,Math.min(5e3,deadline.remainingMs())):5e3}`),options.oneShot&&db.pragma(`cache_size = ${ONE_SHOT_CACHE_PAGES}`),options.queryOnly?(db.pragma("query_only = ON"),assertSchemaReadable(db)):options.readonly?assertSchemaReadable(db):(ensureWal(db),db.pragma("synchronous = NORMAL"),migrate(db)),db}catch(error){throw db.close(),error}}function withDb(path,options,work){let db=openDb(path,options);if(!db)return null;try{return work(db)}finally{db.close()}}function createPrivateFile(path){let dir=(0,import_node_path5.dirname)(path);(0,import_node_fs6.existsSync)(dir)||(0,import_node_fs6.mkdirSync)(dir,{recursive:!0,mode:448}),(0,import_node_fs6.closeSync)((0,import_node_fs6.openSync)(path,"a",384))}function privatizeEmptyFile(path){let stat=(0,import_node_fs6.lstatSync)(path,{throwIfNoEntry:!1});stat?.isFile()&&stat.size===0&&stat.uid===process.geteuid?.()&&(stat.mode&63)!==0&&(0,import_node_fs6.chmodSync)(path,384)}function ensureWal(db){if(String(db.pragma("journal_mode",{simple:!0})).toLowerCase()==="wal")return;let deadline=activeDeadline(),giveUpAt=sinceStartMs()+Math.min(WAL_SWITCH_MAX_MS,deadline?deadline.remainingMs():WAL_SWITCH_MAX_MS);for(let attempt=0;;attempt++)try{let mode=db.pragma("journal_mode = WAL",{simple:!0});if(String(mode).toLowerCase()==="wal")return;throw new StoreError(`could not switch the database to WAL (journal_mode is ${String(mode)})`,"NO_WAL")}catch(error){if(isBusy(error)&&sinceStartMs()<giveUpAt){sleepMs(10+Math.min(attempt,10)*5);continue}throw error}}function migrate(db){userVersion(db)!==SCHEMA_VERSION&&(migratedHere.add(db),db.transaction(()=>{let current=userVersion(db);if(current>SCHEMA_VERSION)throw tooNew(current);let legacy=current===0&&hasTable(db,"memories"),legacySummaries=legacy&&hasTable(db,"session_summaries");legacy&&(dropAll(db,"TRIGGER","type = 'trigger'"),db.exec(LEGACY_TABLE_RENAMES),legacySummaries&&db.exec(LEGACY_SUMMARIES_RENAME),dropAll(db,"INDEX","type = 'index' AND sql IS NOT NULL AND tbl_name LIKE 'legacy_%'"));for(let version=current;version<SCHEMA_VERSION;version++)db.exec(MIGRATIONS[version]);legacy&&db.exec(LEGACY_MEMORIES_COPY),legacySummaries&&db.exec(LEGACY_SUMMARIES_COPY),current<TOMBSTONES_SINCE&&db.exec(HOLD_SESSIONS),db.pragma(`user_version = ${SCHEMA_VERSION}`)}).immediate())}function dropAll(db,kind,where){let names=db.prepare(`SELECT name FROM sqlite_master WHERE ${where}`).pluck().all();for(let name of names)db.exec(`DROP ${kind} "${name.replaceAll('"','""')}"`)}function hasTable(db,name){return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name)!==void 0}function assertSchemaReadable(db){let current=userVersion(db);if(current>SCHEMA_VERSION)throw tooNew(current);if(current<SCHEMA_VERSION)throw new StoreError(`database schema v${current} needs migrating; \`memory doctor --repair\` migrates it (so does the next captured tool call)`,"SCHEMA_OLD")}function tooNew(current){return new StoreError(`database schema v${current} is newer than this claude-memory-hooks (v${SCHEMA_VERSION}), which leaves it as it is: install the newer version again`,"SCHEMA_TOO_NEW")}function userVersion(db){return Number(db.pragma("user_version",{simple:!0}))}function isBusy(error){let code=error?.code;return typeof code=="string"&&(code.startsWith("SQLITE_BUSY")||code.startsWith("SQLITE_LOCKED"))}function sleepMs(ms){Atomics.wait(sleeper,0,0,ms)}function inTransaction(db,work){return withBusyRetry(()=>db.transaction(work).immediate())}function prepared(db,sql){let cache=statementCache.get(db);cache||statementCache.set(db,cache=new Map);let statement=cache.get(sql);return statement||cache.set(sql,statement=db.prepare(sql)),statement}function withBusyRetry(work,attempts=5){activeDeadline()&&(attempts=1);for(let attempt=1;;attempt++)try{return work()}catch(error){if(attempt>=attempts||!isBusy(error))throw error;sleepMs(25*attempt+Math.floor(Math.random()*50))}}var import_node_fs6,import_node_path5,StoreError,ONE_SHOT_CACHE_PAGES,WAL_SWITCH_MAX_MS,SCHEMA_VERSION,migratedHere,sleeper,statementCache,init_open=__esm({"lib/db/open.ts"(){"use strict";import_node_fs6=require("node:fs"),import_node_path5=require("node:path");init_deadline();init_driver();init_index_functions();init_sidecars();init_schema();StoreError=class extends Error{constructor(message,code){super(message);this.code=code}code;name="StoreError"},ONE_SHOT_CACHE_PAGES=32;WAL_SWITCH_MAX_MS=1e3;SCHEMA_VERSION=MIGRATIONS.length,migratedHere=new WeakSet;sleeper=new Int32Array(new SharedArrayBuffer(4));statementCache=new WeakMap}});function isCapturedTool(name){return CAPTURED.has(name)}function isAgentName(value){return AGENTS.includes(value)}var MEMORY_TYPES,IMPORTANCE,CAPTURED_TOOLS,LEGACY_CAPTURED_TOOLS,CAPTURED,CAPTURED_TOOLS_MATCHER,AGENTS,DEFAULT_AGENT,INTENT_MAX,init_memory=__esm({"lib/memory.ts"(){"use strict";MEMORY_TYPES=["observation","file_edit","command","error"],IMPORTANCE={routine:1,change:2,error:3},CAPTURED_TOOLS=["Edit","Write","Bash","NotebookEdit"],LEGACY_CAPTURED_TOOLS=["MultiEdit"],CAPTURED=new Set([...CAPTURED_TOOLS,...LEGACY_CAPTURED_TOOLS]);CAPTURED_TOOLS_MATCHER=CAPTURED_TOOLS.join("|"),AGENTS=["claude-code","codex","gemini","cursor","opencode"],DEFAULT_AGENT="claude-code";INTENT_MAX=320}});function resolveErrors(db,projectPath,key,byId,at){return prepared(db,RESOLVE_SQL).run({byId,at,projectPath,key:key.key,isTest:key.isTest?1:0}).changes}var RESOLVE_SQL,init_resolution=__esm({"lib/db/resolution.ts"(){"use strict";init_open();RESOLVE_SQL=`UPDATE memories SET resolved_by = @byId, resolved_at = @at
WHERE type = 'error' AND resolved_by IS NULL AND project_path = @projectPath AND created_at <= @at
AND command_key >= @key AND command_key < @key || ';'
AND (command_key = @key OR (@isTest = 1 AND substr(command_key, length(@key) + 1, 1) IN (' ', ':', '/')))`}});function crypto(){return process.getBuiltinModule("node:crypto")}var init_builtins=__esm({"lib/runtime/builtins.ts"(){"use strict"}});function contentKey(sessionId,content){return crypto().createHash("sha256").update(sessionId).update("\0").update(content).digest("hex")}function isForgotten(db,memory){return memory.toolUseId&&prepared(db,"SELECT 1 FROM forgotten WHERE tool_use_id = ?").get(memory.toolUseId)?!0:prepared(db,"SELECT 1 FROM forgotten WHERE content_key = ?").get(contentKey(memory.sessionId,memory.content))!==void 0}function isHeld(db,memory){return prepared(db,"SELECT 1 FROM held_sessions WHERE session_id = ? AND held_at > ?").get(memory.sessionId,memory.createdAt)!==void 0}var init_tombstones=__esm({"lib/db/tombstones.ts"(){"use strict";init_builtins();init_open()}});function isSessionDisabled(db,sessionId){return prepared(db,"SELECT 1 FROM disabled_sessions WHERE session_id = ?").get(sessionId)!==void 0}var init_disabled_sessions=__esm({"lib/db/disabled-sessions.ts"(){"use strict";init_open()}});var REQUEST_MAX,REQUEST_OF_SESSION,INSERT,DUPLICATE_CONTENT,LIVE,MemoryStore,init_memories=__esm({"lib/db/memories.ts"(){"use strict";init_memory();init_open();init_resolution();init_tombstones();init_disabled_sessions();REQUEST_MAX=500,REQUEST_OF_SESSION=`SELECT substr(p.text, 1, ${REQUEST_MAX}) FROM prompts p
  WHERE p.session_id = @sessionId AND p.created_at <= @createdAt ORDER BY p.created_at DESC, p.id DESC LIMIT 1`,INSERT=`INSERT INTO memories (session_id, tool_name, type, project, project_path, file_path, content,
tags, importance, created_at, tool_use_id, agent_id, exit_code, source, command_key, request, intent, agent)
VALUES (@sessionId, @toolName, @type, @project, @projectPath, @filePath, @content, @tags, @importance,
@createdAt, @toolUseId, @agentId, @exitCode, @source, @key, coalesce(@request, (${REQUEST_OF_SESSION})), @intent, @agent)`,DUPLICATE_CONTENT=`SELECT 1 FROM memories WHERE session_id = @sessionId
AND length(content) = length(@content) AND substr(content, -16) = substr(@content, -16)
AND +created_at BETWEEN @from AND @to AND content = @content LIMIT 1`,LIVE=()=>!1,MemoryStore=class{constructor(db){this.db=db}db;insert(memory,dedupeWindowSec,keepOutHeld=LIVE){return this.insertAll([memory],dedupeWindowSec,keepOutHeld)[0]}insertAll(memories,dedupeWindowSec,keepOutHeld=LIVE){let write=this.db.transaction(()=>memories.map(memory=>this.store(memory,dedupeWindowSec,keepOutHeld)));return withBusyRetry(()=>write.immediate())}store(memory,dedupeWindowSec,keepOutHeld){let duplicate=this.findDuplicate(memory,dedupeWindowSec,keepOutHeld);if(duplicate)return duplicate;let{commandKey:key,...row}=memory,{lastInsertRowid}=prepared(this.db,INSERT).run({...row,key:key?.key??null,request:memory.request??null,intent:memory.intent??null,agent:memory.agent??DEFAULT_AGENT});return key&&memory.type==="command"&&resolveErrors(this.db,memory.projectPath,key,Number(lastInsertRowid),memory.createdAt),"stored"}findDuplicate(memory,dedupeWindowSec,keepOutHeld=LIVE){let byToolUse=prepared(this.db,"SELECT 1 FROM memories WHERE tool_use_id = ?"),byContent=prepared(this.db,DUPLICATE_CONTENT);if(memory.toolUseId&&byToolUse.get(memory.toolUseId))return"duplicate-tool-use";if(isForgotten(this.db,memory))return"forgotten";if(isSessionDisabled(this.db,memory.sessionId))return"disabled";if(keepOutHeld(memory)&&isHeld(this.db,memory))return"held";let time=Date.parse(memory.createdAt),from=new Date(time-dedupeWindowSec*1e3).toISOString(),to=new Date(time+dedupeWindowSec*1e3).toISOString();return byContent.get({sessionId:memory.sessionId,content:memory.content,from,to})?"duplicate-content":null}refresh(memory,apply){if(!memory.toolUseId)return"missing";let stored=prepared(this.db,`
      SELECT id, session_id AS sessionId, created_at AS createdAt, type, content, tags, file_path AS filePath,
             importance, exit_code AS exitCode, command_key AS commandKey, request, intent
      FROM memories WHERE tool_use_id = ?`).get(memory.toolUseId);if(!stored)return"missing";let request=memory.request??prepared(this.db,REQUEST_OF_SESSION).pluck().get({sessionId:stored.sessionId,createdAt:stored.createdAt})??null,next={type:memory.type,content:memory.content,tags:memory.tags,filePath:memory.filePath,importance:memory.importance,exitCode:memory.exitCode,commandKey:memory.commandKey?.key??null,request,intent:memory.intent??null};return Object.keys(next).every(key=>next[key]===stored[key])?"unchanged":(apply&&withBusyRetry(()=>prepared(this.db,`
        UPDATE memories SET type = @type, content = @content, tags = @tags, file_path = @filePath, importance = @importance,
               exit_code = @exitCode, command_key = @commandKey, request = @request, intent = @intent
        WHERE id = @id`).run({...next,id:stored.id})),"refreshed")}completeIntent(toolUseId,intent){withBusyRetry(()=>prepared(this.db,`UPDATE memories SET intent = @intent
        WHERE tool_use_id = @toolUseId AND (intent IS NULL OR length(intent) < length(@intent))`).run({toolUseId,intent}))}sessionRows(sessionId,limit=1e4){return prepared(this.db,`
      SELECT type, tool_name AS toolName, file_path AS filePath, content, created_at AS createdAt,
             project, project_path AS projectPath, resolved_at AS resolvedAt
      FROM memories WHERE session_id = ? ORDER BY created_at, id LIMIT ?`).all(sessionId,limit)}upsertSummary(row){let upsert=prepared(this.db,`
      INSERT INTO session_summaries (session_id, project, project_path, summary, tools_used, files_changed,
                                     memory_count, error_count, duration_sec, started_at, ended_at, updated_at,
                                     request, outcome, agent)
      VALUES (@sessionId, @project, @projectPath, @summary, @toolsUsed, @filesChanged,
              @memoryCount, @errorCount, @durationSec, @startedAt, @endedAt, @updatedAt, @request, @outcome, @agent)
      ON CONFLICT (session_id) DO UPDATE SET
        project = excluded.project, project_path = excluded.project_path, summary = excluded.summary,
        tools_used = excluded.tools_used, files_changed = excluded.files_changed,
        memory_count = excluded.memory_count, error_count = excluded.error_count,
        duration_sec = excluded.duration_sec, started_at = excluded.started_at,
        ended_at = excluded.ended_at, updated_at = excluded.updated_at,
        request = coalesce(excluded.request, request), outcome = coalesce(excluded.outcome, outcome)`);withBusyRetry(()=>upsert.run({...row,toolsUsed:JSON.stringify(row.toolsUsed),filesChanged:JSON.stringify(row.filesChanged),request:row.request??null,outcome:row.outcome??null,agent:row.agent??DEFAULT_AGENT}))}recentSummaries(projectPath,limit,since=""){let columns=`summary, ended_at AS endedAt, session_id AS sessionId, request, outcome, error_count AS errorCount,
             memory_count AS memoryCount, agent,
             (SELECT count(*) FROM memories m WHERE m.session_id = s.session_id AND m.type = 'error'
                AND m.resolved_by IS NULL) AS openErrors`,rows=prepared(this.db,`SELECT ${columns} FROM session_summaries s WHERE project_path = ? AND ended_at >= ?
      ORDER BY memory_count > 0 DESC, ended_at DESC LIMIT ?`).all(projectPath,since,limit),newest=prepared(this.db,`SELECT ${columns} FROM session_summaries s WHERE project_path = ? AND ended_at >= ? ORDER BY ended_at DESC LIMIT 1`).get(projectPath,since);return(newest&&!rows.some(row=>row.sessionId===newest.sessionId)?[...rows,newest]:rows).sort((a,b)=>a.endedAt<b.endedAt?1:a.endedAt>b.endedAt?-1:0)}hasSummary(sessionId){return prepared(this.db,"SELECT 1 FROM session_summaries WHERE session_id = ?").get(sessionId)!==void 0}recentByImportance(projectPath,importance,limit,since=""){return prepared(this.db,`
      SELECT content, file_path AS filePath, created_at AS createdAt, session_id AS sessionId, agent FROM memories
      WHERE project_path = ? AND importance = ? AND created_at >= ? ORDER BY created_at DESC, id DESC LIMIT ?`).all(projectPath,importance,since,limit)}openErrors(projectPath,limit,since=""){return prepared(this.db,`
      SELECT content, file_path AS filePath, max(created_at) AS createdAt, session_id AS sessionId, count(*) AS times,
             agent
      FROM memories
      WHERE project_path = ? AND type = 'error' AND resolved_by IS NULL AND created_at >= ?
      GROUP BY coalesce(command_key, tool_name || char(0) || content)
      ORDER BY createdAt DESC, max(id) DESC LIMIT ?`).all(projectPath,since,limit)}deleteExpired(cutoffIso,batchSize=2e3,errorCutoffIso=""){let batch=prepared(this.db,`
      DELETE FROM memories WHERE id IN (
        SELECT id FROM memories WHERE (created_at < ? AND importance < ?) OR (type = 'error' AND created_at < ?) LIMIT ?)`),total=0;for(;;){let{changes}=withBusyRetry(()=>batch.run(cutoffIso,IMPORTANCE.error,errorCutoffIso,batchSize));if(total+=changes,changes<batchSize)break}return withBusyRetry(()=>this.db.transaction(()=>{prepared(this.db,`DELETE FROM session_summaries WHERE ended_at < ?
        AND NOT EXISTS (SELECT 1 FROM memories m WHERE m.session_id = session_summaries.session_id)`).run(cutoffIso),prepared(this.db,`DELETE FROM prompts WHERE created_at < ?
        AND NOT EXISTS (SELECT 1 FROM memories m WHERE m.session_id = prompts.session_id)`).run(cutoffIso),prepared(this.db,"DELETE FROM transcript_reads WHERE updated_at < ?").run(cutoffIso)}).immediate()),total}}}});init_paths();var import_node_path2=require("node:path");init_paths();var import_node_fs=require("node:fs"),read=new Map;function settingsFile(path){let file=read.get(path);return file||(file=readNow(path),read.set(path,file)),file}function readNow(path){if(!(0,import_node_fs.existsSync)(path))return{ok:!0,values:{}};let text2;try{text2=(0,import_node_fs.readFileSync)(path,"utf8")}catch{return{ok:!0,values:{}}}try{let parsed=text2.trim()===""?{}:JSON.parse(text2);return typeof parsed!="object"||parsed===null||Array.isArray(parsed)?{ok:!1,reason:`${path} is not a JSON object`}:{ok:!0,values:parsed}}catch{return{ok:!1,reason:`${path} is not valid JSON`}}}var SETTINGS={db:{key:"db",env:"CLAUDE_MEMORY_DB",default:null},disabled:{key:"disabled",env:"CLAUDE_MEMORY_DISABLE",default:!1},contextChars:{key:"contextChars",env:"CLAUDE_MEMORY_CONTEXT_CHARS",default:2e3},contextDays:{key:"contextDays",env:"CLAUDE_MEMORY_CONTEXT_DAYS",default:21},retentionDays:{key:"retentionDays",env:"CLAUDE_MEMORY_RETENTION_DAYS",default:90},errorRetentionDays:{key:"errorRetentionDays",env:"CLAUDE_MEMORY_ERROR_RETENTION_DAYS",default:365},recall:{key:"recall",env:"CLAUDE_MEMORY_RECALL",default:!1},stdinTimeoutMs:{key:"stdinTimeoutMs",env:"CLAUDE_MEMORY_STDIN_TIMEOUT_MS",default:9e3},captureBudgetMs:{key:"captureBudgetMs",env:"CLAUDE_MEMORY_CAPTURE_BUDGET_MS",default:8e3},teamUrl:{key:"team.url",env:"CLAUDE_MEMORY_TEAM_URL",default:null},teamHost:{key:"team.host",env:"CLAUDE_MEMORY_TEAM_HOST",default:null},teamPii:{key:"team.pii",env:"CLAUDE_MEMORY_TEAM_PII",default:null},teamPiiPatterns:{key:"team.piiPatterns",env:null,default:null},teamConnectTimeoutMs:{key:"team.connectTimeoutMs",env:"CLAUDE_MEMORY_TEAM_TIMEOUT_MS",default:5e3},teamAutoPushMinutes:{key:"team.autoPushMinutes",env:"CLAUDE_MEMORY_TEAM_AUTO_PUSH",default:0},now:{key:null,env:"CLAUDE_MEMORY_NOW",default:null},configFile:{key:null,env:"CLAUDE_MEMORY_CONFIG",default:null}};function configFilePath(env){return env.CLAUDE_MEMORY_CONFIG||(0,import_node_path2.join)(claudeDir(env),"memory.json")}var Reader=class{constructor(env){this.env=env;this.path=configFilePath(env);let file=settingsFile(this.path);file.ok||this.warnings.push(`${file.reason}; its settings are ignored`),this.values=file.ok?file.values:{}}env;path;warnings=[];values;raw(name,skipEnv=!1){let{key,env}=SETTINGS[name],fromEnv=env===null||skipEnv?void 0:this.env[env];if(env!==null&&fromEnv!==void 0&&fromEnv.trim()!=="")return{value:fromEnv.trim(),from:"environment",label:`${env}=${fromEnv}`};if(key===null)return{value:void 0,from:"default",label:name};let[first,second]=key.split("."),value=this.values[first];if(second!==void 0){let section=value;section!==void 0&&(typeof section!="object"||section===null||Array.isArray(section))?(this.warn(`${this.path}: "${first}" is not an object; ignored`),value=void 0):value=section?.[second]}return value===void 0?{value:void 0,from:"default",label:key}:{value,from:"config file",label:`${this.path}: "${key}"`}}warn(text2){this.warnings.includes(text2)||this.warnings.push(text2)}whole(name,fallback,min,max,reject2=!1){let{value,label}=this.raw(name);if(value===void 0)return fallback;let n=typeof value=="number"||typeof value=="string"?Number(value):NaN;return!Number.isInteger(n)||reject2&&(n<min||n>max)?(this.warn(`${label} is not a whole number${reject2?` from ${min} to ${max}`:""}; using ${fallback}`),fallback):Math.min(max,Math.max(min,n))}onOff(name,fallback,skipEnv=!1){let found=this.raw(name,skipEnv);if(found.value===void 0)return{on:fallback,from:"default"};let on=typeof found.value=="boolean"?found.value:onOff(String(found.value));return on!==null?{on,from:found.from}:(this.warn(`${found.label} is not on or off (1/0, true/false); ignored`),found.from==="environment"?this.onOff(name,fallback,!0):{on:fallback,from:"default"})}text(name){let{value,label}=this.raw(name);return value===void 0?null:typeof value=="string"&&value.trim()!==""?value.trim():(this.warn(`${label} is not a text; ignored`),null)}};function onOff(text2){let word=text2.trim().toLowerCase();return/^(1|true|yes|on)$/.test(word)?!0:/^(0|false|no|off)$/.test(word)?!1:null}function loadConfig(env){return coreFrom(new Reader(env))}function coreFrom(read2){let env=read2.env;return{dbPath:read2.text("db")??defaultDbPath(env),disabled:read2.onOff("disabled",SETTINGS.disabled.default).on,contextChars:read2.whole("contextChars",SETTINGS.contextChars.default,300,9e3),retentionDays:read2.whole("retentionDays",SETTINGS.retentionDays.default,1,36500),errorRetentionDays:read2.whole("errorRetentionDays",SETTINGS.errorRetentionDays.default,1,36500),contextDays:read2.whole("contextDays",SETTINGS.contextDays.default,1,36500),dedupeWindowSec:60,now:clockFrom(env.CLAUDE_MEMORY_NOW,read2),stdinTimeoutMs:stdinTimeoutFrom(read2),captureBudgetMs:captureBudgetFrom(read2),warnings:read2.warnings}}function clockFrom(fixed,read2){if(!fixed)return()=>new Date;let time=Date.parse(fixed);return Number.isNaN(time)?(read2.warn(`CLAUDE_MEMORY_NOW=${fixed} is not a date; using the real clock`),()=>new Date):()=>new Date(time)}function stdinTimeoutFrom(read2){return read2.whole("stdinTimeoutMs",9e3,1,9e3,!0)}function captureBudgetFrom(read2){return read2.whole("captureBudgetMs",8e3,1,8e3,!0)}function objectOf(value){return typeof value=="object"&&value!==null&&!Array.isArray(value)?value:{}}function describeError(error){if(error instanceof Error){let code=error.code;return typeof code=="string"&&!error.message.includes(code)?`${code}: ${error.message}`:error.message}return String(error)}var EXIT_OK=0;function exitZero(){process.exitCode=EXIT_OK}var STDIN_MAX_BYTES=64*1024*1024;async function guardHook(hookName,body){exitZero();try{await body()}catch(error){logFailure(hookName,describeError(error))}finally{exitZero()}}function runTask(name,task){guardHook(name,async()=>{task(process.env)})}function logFailure(name,reason){process.stderr.write(`[memory-hook] ${name}: ${oneLine(reason)}
`)}function oneLine(text2){let flat=text2.replace(/\s+/g," ").trim();return flat.length>300?`${flat.slice(0,297)}...`:flat}init_open();init_open();var int=param=>`CAST(@${param} AS INTEGER)`,IN_PROJECT="EXISTS (SELECT 1 FROM memories m WHERE m.project_path = @projectPath AND m.id = f.rowid)";var WORD_DOCS_IN_PROJECT_SQL=`
  SELECT count(*) FROM (
    SELECT 1 FROM memory_words f
    WHERE memory_words MATCH @match AND f.rowid BETWEEN ${int("lo")} AND ${int("hi")} AND ${IN_PROJECT} LIMIT @limit)`;var BM25="-bm25(memory_words, 1.0, 1.0, 1.0, 0.0, 0.0) AS bm25",SEED_SQL=`
  SELECT rowid AS id, ${BM25} FROM memory_words WHERE memory_words MATCH @match AND rowid <= ${int("hi")}
  ORDER BY rowid DESC LIMIT @limit`,SEED_IN_PROJECT_SQL=`
  SELECT f.rowid AS id, ${BM25} FROM memory_words f
  WHERE memory_words MATCH @match AND f.rowid BETWEEN ${int("lo")} AND ${int("hi")} AND ${IN_PROJECT}
  ORDER BY f.rowid DESC LIMIT @limit`,AMONG_SQL=`
  SELECT rowid AS id, ${BM25} FROM memory_words
  WHERE memory_words MATCH @match AND rowid BETWEEN ${int("from")} AND ${int("hi")}`,IN_RANGE_SQL=`
  SELECT rowid AS id, ${BM25} FROM memory_words WHERE memory_words MATCH @match AND rowid BETWEEN ${int("from")} AND ${int("hi")}
  ORDER BY rowid DESC LIMIT @limit`,MEMBERS_SQL=`
  SELECT rowid FROM memory_words WHERE memory_words MATCH @match AND rowid BETWEEN ${int("from")} AND ${int("hi")}`,EVERY_SQL=`
  SELECT rowid AS id, ${BM25} FROM memory_words WHERE memory_words MATCH @match AND rowid < ${int("before")}
  ORDER BY rowid DESC LIMIT @limit`,EVERY_IN_PROJECT_SQL=`
  SELECT f.rowid AS id, ${BM25} FROM memory_words f
  WHERE memory_words MATCH @match AND f.rowid >= ${int("lo")} AND f.rowid < ${int("before")} AND ${IN_PROJECT}
  ORDER BY f.rowid DESC LIMIT @limit`,ANY_EVERY_SQL=`
  SELECT EXISTS (SELECT 1 FROM memory_words WHERE memory_words MATCH @match AND rowid < ${int("before")})`,ANY_EVERY_IN_PROJECT_SQL=`
  SELECT EXISTS (
    SELECT 1 FROM memory_words f
    WHERE memory_words MATCH @match AND f.rowid >= ${int("lo")} AND f.rowid < ${int("before")} AND ${IN_PROJECT})`;function pruneInjections(db,before){return withBusyRetry(()=>prepared(db,"DELETE FROM recall_injections WHERE injected_at < ?").run(before).changes)}init_paths();init_safe_fs();var DAY_MS=1440*60*1e3;function retentionCutoff(now,retentionDays){return new Date(now.getTime()-retentionDays*DAY_MS).toISOString()}function runCleanup(store,now,retentionDays,errorRetentionDays=365){let errorDays=Math.max(retentionDays,errorRetentionDays),deleted=store.deleteExpired(retentionCutoff(now,retentionDays),2e3,retentionCutoff(now,errorDays));return pruneInjections(store.db,retentionCutoff(now,retentionDays)),deleted}var import_node_fs7=require("node:fs");init_paths();init_safe_fs();var DAY_MS2=1440*60*1e3,NOTE_MAX_BYTES=4096;function repairNote(dbPath){let text2=readRegularFile(repairNotePath(dbPath),NOTE_MAX_BYTES);return text2===null?null:text2.trim()}function noteDamage(dbPath,finding){repairNote(dbPath)===null&&writeFileAtomic(repairNotePath(dbPath),`${finding.replace(/\s+/g," ").slice(0,500)}
`,new Date(0))}function clearDamageNote(dbPath){try{(0,import_node_fs7.unlinkSync)(repairNotePath(dbPath))}catch{}}init_deadline();init_driver();init_open();function quickCheck(db){try{return db.pragma("quick_check").map(row=>row.quick_check)}catch(error){let code=error.code;if(typeof code=="string"&&(code.startsWith("SQLITE_CORRUPT")||code==="SQLITE_NOTADB"))return[`${code}: ${error.message}`];throw error}}init_memories();init_open();init_open();function pendingTo(db){return prepared(db,"SELECT pending_to FROM search_index_build WHERE id = 1").pluck().get()??null}var WORDS_FROM=`
  INSERT INTO memory_words (rowid, name, head, body, request, intent)
  SELECT id, memory_name_text(file_path, tags), memory_head_text(content), memory_body_text(content),
         memory_request_text(request), memory_intent_text(intent)
  FROM memories WHERE id BETWEEN @low AND @high`,GRAMS_FROM=`
  INSERT INTO memory_grams (rowid, text, request)
  SELECT id, memory_gram_words(content, file_path, project_path), memory_gram_words(request, NULL, '')
  FROM memories WHERE id BETWEEN @low AND @high`;function indexPending(db,maxRows,options={}){let batch=Math.max(1,options.batch??500),done=0;for(;done<maxRows&&!(options.until?.()??!1);){let size=Math.min(batch,maxRows-done),step=withBusyRetry(()=>db.transaction(()=>{let high=pendingTo(db);if(high===null)return-1;let ids=prepared(db,"SELECT id FROM memories WHERE id <= ? ORDER BY id DESC LIMIT ?").pluck().all(high,size),low=ids.length<size?Number.MIN_SAFE_INTEGER:ids[ids.length-1];return ids.length>0&&(prepared(db,WORDS_FROM).run({low,high}),prepared(db,GRAMS_FROM).run({low,high})),ids.length<size?prepared(db,"DELETE FROM search_index_build WHERE id = 1").run():prepared(db,"UPDATE search_index_build SET pending_to = ? WHERE id = 1").run(low-1),ids.length<size?-1-ids.length:ids.length}).immediate());if(step<0)return done+(-1-step);done+=step}return done}init_deadline();init_open();var import_node_fs8=require("node:fs"),import_node_path6=require("node:path");function codeOf(error){let code=error?.code;return typeof code=="string"?code:""}var DISK_FULL_BYTES=1024*1024;function freeBytes(dir){try{let stats=(0,import_node_fs8.statfsSync)(dir);return stats.bavail*stats.bsize}catch{return null}}function faultOf(error,dbPath){let code=codeOf(error);if(code.startsWith("SQLITE_IOERR")&&dbPath!==void 0){let free=freeBytes((0,import_node_path6.dirname)(dbPath));if(free!==null&&free<DISK_FULL_BYTES)return"disk-full"}return code.startsWith("SQLITE_BUSY")||code.startsWith("SQLITE_LOCKED")?"locked":code==="SQLITE_FULL"||code==="ENOSPC"||code==="EFBIG"||code==="EDQUOT"?"disk-full":code.startsWith("SQLITE_READONLY")||code.startsWith("SQLITE_CANTOPEN")||code.startsWith("SQLITE_PERM")||code.startsWith("SQLITE_AUTH")||code==="EACCES"||code==="EPERM"||code==="EROFS"||code==="ENOTDIR"?"not-writable":code.startsWith("SQLITE_CORRUPT")||code==="SQLITE_NOTADB"?"damaged":code==="UNSAFE_PATH"?"unsafe-path":code==="SCHEMA_TOO_NEW"?"too-new":code==="ERR_DLOPEN_FAILED"?"addon":"other"}init_builtins();var import_node_fs9=require("node:fs"),import_node_path7=require("node:path");init_memory();init_paths();init_safe_fs();var SPOOL_MAX_BYTES=16*1024*1024,ITEM_MAX_BYTES=256*1024,PENDING=/^\d{15}-\d+-[0-9a-f]{8,}\.json$/;function spoolDirs(dbPath,env){return[ownSpoolDir(dbPath),(0,import_node_path7.join)(sharedSpoolRoot(env),spoolKey(dbPath))]}function ownSpoolDir(dbPath){return`${dbPath}.spool`}function sharedSpoolRoot(env){return(0,import_node_path7.join)(env.TMPDIR||systemTempDir(),`claude-memory-${process.geteuid?.()??"user"}`)}function spoolKey(dbPath){return crypto().createHash("sha256").update(dbPath).digest("hex").slice(0,16)}function existingSpoolDirs(dbPath,env){let shared=[];try{shared=(0,import_node_fs9.readdirSync)(sharedSpoolRoot(env))}catch{}return shared.length>0?spoolDirs(dbPath,env):[ownSpoolDir(dbPath)]}function listPending(dbPath,env){let found=[];for(let dir of existingSpoolDirs(dbPath,env)){let names;try{names=(0,import_node_fs9.readdirSync)(dir)}catch{continue}for(let name of names){if(!PENDING.test(name))continue;let stat=(0,import_node_fs9.lstatSync)((0,import_node_path7.join)(dir,name),{throwIfNoEntry:!1});stat?.isFile()&&found.push({name,event:{path:(0,import_node_path7.join)(dir,name),bytes:stat.size}})}}return found.sort((a,b)=>a.name<b.name?-1:a.name>b.name?1:0).map(entry=>entry.event)}var BATCH=200;function drainSpool(dbPath,env,storeBatch,deadline){let pending=listPending(dbPath,env),stored=0,rejected=0;for(let start=0;start<pending.length&&!deadline?.expired();start+=BATCH){let batch=[];for(let event of pending.slice(start,start+BATCH)){let memory=parseSpooled(readRegularFile(event.path,ITEM_MAX_BYTES));memory?batch.push({path:event.path,memory}):(reject(event.path),rejected+=1)}let taken;try{taken=storeBatch(batch.map(item=>item.memory))}catch{break}batch.forEach((item,index)=>{taken[index]?(removeIfPresent(item.path),stored+=1):(reject(item.path),rejected+=1)})}return{stored,rejected,left:pending.length-stored-rejected}}function reject(path){try{(0,import_node_fs9.renameSync)(path,`${path}.rejected`)}catch{}}function removeIfPresent(path){try{(0,import_node_fs9.unlinkSync)(path)}catch{}}var STRING_FIELDS=["sessionId","project","projectPath","content","tags","createdAt"],NULLABLE_STRING_FIELDS=["filePath","toolUseId","agentId"];function parseSpooled(text2){if(text2===null)return null;let value;try{value=JSON.parse(text2)}catch{return null}let record=objectOf(value);if(!STRING_FIELDS.every(field=>typeof record[field]=="string")||!NULLABLE_STRING_FIELDS.every(field=>record[field]===null||typeof record[field]=="string"))return null;let{toolName,type,importance,exitCode,source}=record;return typeof toolName!="string"||!isCapturedTool(toolName)||!MEMORY_TYPES.some(known=>known===type)||importance!==1&&importance!==2&&importance!==3||exitCode!==null&&typeof exitCode!="number"||source!=="hook"&&source!=="import"?null:{sessionId:record.sessionId,toolName,type,project:record.project,projectPath:record.projectPath,filePath:record.filePath,content:record.content,tags:record.tags,importance,createdAt:record.createdAt,toolUseId:record.toolUseId,agentId:record.agentId,exitCode,source,...typeof record.agent=="string"&&isAgentName(record.agent)&&record.agent!==DEFAULT_AGENT?{agent:record.agent}:{},...typeof record.intent=="string"&&record.intent.length<=INTENT_MAX?{intent:record.intent}:{}}}function drainPending(store,config,env){if(repairNote(config.dbPath)!==null)return null;try{if(listPending(config.dbPath,env).length===0)return null;let storeBatch=memories=>inTransaction(store.db,()=>memories.map(memory=>{try{return store.insert(memory,config.dedupeWindowSec),!0}catch(error){if(isConstraint(error))return!1;throw error}}));return drainSpool(config.dbPath,env,storeBatch,activeDeadline())}catch{return null}}function isConstraint(error){let code=error?.code;return typeof code=="string"&&code.startsWith("SQLITE_CONSTRAINT")}function noticeDamage(dbPath,error){if(faultOf(error)==="damaged")try{noteDamage(dbPath,describeError(error))}catch{}}function cleanupNow(env){let config=loadConfig(env),deadline=startDeadline(2e4);try{return withDb(config.dbPath,{create:!1},db=>{let findings=quickCheck(db);if(findings.length!==1||findings[0]!=="ok")return noteDamage(config.dbPath,`quick_check: ${findings.slice(0,3).join("; ")}`),0;clearDamageNote(config.dbPath);let store=new MemoryStore(db);drainPending(store,config,env);let deleted=runCleanup(store,config.now(),config.retentionDays,config.errorRetentionDays);return indexPending(db,Number.MAX_SAFE_INTEGER,{until:()=>deadline.remainingMs()<2e3}),deleted})??0}catch(error){throw noticeDamage(config.dbPath,error),error}}runTask("cleanup",cleanupNow);
