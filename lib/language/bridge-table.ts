// The bridges between Korean and the English that developers' tools print, as data: Hangul spellings
// of English terms (캐시 → cache) and native Korean developer words (삭제 → delete). Each line is
// `Korean spellings | English words | sample`, where the sample is English text as a tool or a
// description would store it, which a search for every one of the Korean spellings must find
// (tests/unit/language/bridges.test.ts runs every sample). Never code here: a line is a fact.

/** Hangul spellings of English developer terms, with the spellings people actually use. */
export const HANGUL_SPELLINGS = `
깃 | git | git commit -m "fix header"
깃허브 깃헙 | github | gh pr create on GitHub
깃랩 | gitlab | push to the GitLab remote
커밋 | commit | git commit -m "feat: add login"
푸시 푸쉬 | push | git push origin main
풀 | pull | git pull --rebase origin main
브랜치 | branch | git checkout -b feature/login branch
머지 | merge | git merge feature/login
리베이스 | rebase | git rebase -i HEAD~3
체크아웃 | checkout | git checkout master
스태시 스테시 | stash | git stash pop
태그 | tag tags | git tag v1.2.0
클론 | clone | git clone https://github.com/acme/app.git
포크 | fork | fork the repository
리모트 | remote | git remote add origin
오리진 | origin | git push origin main
헤드 | head | HEAD detached at v4.0.0
마스터 | master | git checkout master
메인 | main | git push origin main
컨플릭트 | conflict conflicts | CONFLICT (content): Merge conflict in app.ts
리버트 | revert | git revert a1b2c3d
리셋 | reset | git reset --hard HEAD~1
체리픽 | cherry | git cherry-pick 4f2e1a0
디프 | diff | git diff src/app.ts
로그 | log logs | tail -20 /var/log/nginx/error.log
풀리퀘 풀리퀘스트 | pull request pr | gh pr view 25
이슈 | issue issues | gh issue list
리뷰 | review | request a code review
빌드 | build | npm run build
리빌드 | rebuild build | docker compose build --no-cache
컴파일 | compile compiler | tsc failed to compile
트랜스파일 | transpile | babel transpile step
번들 번들러 | bundle bundler | esbuild bundle dist/app.js
캐시 캐쉬 | cache caches cached | rm -rf .next/cache
린트 린터 | lint linter eslint | npm run lint -- --fix
포맷 포매터 포맷터 | format formatter prettier | prettier --write src
테스트 | test tests | npm test
유닛 | unit | unit tests for the parser
모킹 목업 | mock mocks | vi.mock('./db')
픽스처 | fixture fixtures | tests/fixtures/payload.json
커버리지 | coverage | vitest run --coverage
디버그 디버깅 | debug debugger | DEBUG=app:* node server.js
디버거 | debugger | node --inspect debugger attached
브레이크포인트 | breakpoint | set a breakpoint in handler.ts
스택 | stack | stack trace printed
트레이스 | trace traceback | Traceback (most recent call last)
스택트레이스 | traceback stack | Traceback (most recent call last)
에러 | error errors | Error: Cannot find module 'express'
익셉션 | exception | Exception in thread "main"
워닝 | warning warnings | npm WARN deprecated request
버그 | bug | fix the login bug
패치 | patch | apply the patch
핫픽스 | hotfix | hotfix for the payment crash
크래시 크래쉬 | crash crashed | the app crashed on start
타임아웃 | timeout | Error: Timeout of 2000ms exceeded
디렉터리 디렉토리 디렉 | directory dir | mkdir -p src/components directory
파일 | file files | No such file or directory
심링크 | symlink | ln -s symlink to dist
리팩터링 리팩토링 리팩터 리팩토 | refactor refactoring | refactor the session store
마이그레이션 마이그레이트 | migration migrate migrations | python manage.py migrate
스키마 | schema | prisma schema changed
쿼리 | query queries | SELECT query too slow
인덱스 | index | CREATE INDEX idx_users_email
트랜잭션 | transaction | BEGIN transaction
데이터베이스 | database db | database is locked
테이블 | table tables | DROP TABLE users
컬럼 칼럼 | column columns | ALTER TABLE users ADD COLUMN email
레코드 로우 | record row rows | 12 rows affected
시드 | seed | npm run db:seed
백업 | backup | pg_dump backup.sql
컨테이너 | container containers | docker ps container exited
도커 | docker | docker compose up -d
도커파일 | dockerfile | Dockerfile FROM node:20
이미지 | image images | docker build image
볼륨 | volume volumes | docker volume rm data
쿠버네티스 쿠버 | kubernetes kubectl | kubectl apply -f deploy.yaml kubernetes
파드 | pod pods | kubectl get pods
노드 | node | node server.js
엔피엠 | npm | npm install express
얀 | yarn | yarn add react
패키지 | package packages | package.json dependencies
모듈 | module modules | Cannot find module 'express'
라이브러리 | library libraries | install the library
디펜던시 | dependency dependencies | npm install dependencies
버전 | version | node --version
업데이트 | update | npm update
업그레이드 | upgrade | pip install --upgrade pip
다운그레이드 | downgrade | npm install react@17 downgrade
인스톨 | install | npm install
언인스톨 | uninstall | npm uninstall lodash
파이썬 | python python3 | python3 manage.py runserver
파이프 | pipe | broken pipe
핍 | pip | pip install requests
콘다 | conda | conda activate base
장고 | django | django.core.exceptions.ImproperlyConfigured
플라스크 | flask | flask run
리액트 | react | import React from 'react'
넥스트 | next nextjs | next build
뷰 | vue view | vue component
앵귤러 | angular | ng serve angular
스벨트 | svelte | svelte component
타입스크립트 | typescript ts | typescript error TS2322
자바스크립트 | javascript js | javascript bundle
자바 | java | java -jar app.jar
코틀린 | kotlin | kotlin build
스위프트 | swift | swift build
러스트 | rust cargo | cargo build rust
고랭 | go golang | go build ./...
카고 | cargo | cargo test
그래들 | gradle | ./gradlew build gradle
메이븐 | maven mvn | mvn package
노드모듈 | node_modules | rm -rf node_modules
웹팩 | webpack | webpack.config.js
바이트 | byte bytes | 1024 bytes
바벨 | babel | babel.config.js
이에스린트 | eslint | eslint --fix
프리티어 | prettier | prettier --check .
제스트 | jest | jest --watch
바이테스트 | vitest | vitest run
파이테스트 | pytest | pytest -x tests
플레이라이트 | playwright | playwright test
셀레니움 | selenium | selenium webdriver
서버 | server | server listening on port 3000
사이트 웹사이트 | site website | sudo supervisorctl restart site
앱 어플 애플리케이션 어플리케이션 | app application | app.listen(3000)
웹 | web | web server
프로젝트 | project | project root
클라이언트 | client | http client
프론트 프런트 프론트엔드 프런트엔드 | frontend front | frontend build
백엔드 | backend | backend api
에이피아이 | api | GET /api/users
엔드포인트 | endpoint | endpoint /api/login
라우트 라우터 라우팅 | route router routes | app.get('/users') route
미들웨어 | middleware | express middleware
컨트롤러 | controller | UserController
모델 | model models | models.py class User
뷰셋 | viewset viewsets | from rest_framework import viewsets
템플릿 | template templates | templates/base.html
컴포넌트 | component components | Button component
훅 | hook hooks | useEffect hook
스테이트 | state | useState state
프롭스 | props | props are undefined
리덕스 | redux | redux store
스토어 | store | redux store
세션 | session sessions | SESSION_COOKIE_SECURE session
쿠키 | cookie cookies | CSRF_COOKIE_HTTPONLY cookie
토큰 | token tokens | csrf token missing
인증 어스 | auth authentication | authentication failed
로그인 | login | POST /login
로그아웃 | logout | logout view
패스워드 | password | password incorrect
해시 | hash | bcrypt hash
시크릿 | secret secrets | secret key missing
컨피그 | config configuration | config/settings.py configuration
세팅 세팅스 | settings setting | settings.py DEBUG setting
옵션 | option options | --dry-run option
플래그 | flag flags | --force flag
파라미터 파라메터 | parameter parameters param | missing parameter id
아규먼트 | argument arguments args | unexpected argument
리퀘스트 | request requests | request failed with status 500
리스폰스 | response | response status 404
헤더 | header headers | Authorization header
바디 | body | request body
제이슨 | json | JSON.parse error json
야믈 야멀 | yaml yml | docker-compose.yml yaml
엑스엠엘 | xml | pom.xml
씨에스에스 | css | styles.css
에이치티엠엘 | html | index.html
스타일 | style styles | style.css
클래스 | class | class UserAdmin
메서드 메소드 | method methods | method not allowed
타입 | type types | type error
인터페이스 | interface | interface User
오브젝트 | object | object is not callable
배열 어레이 | array | Array.isArray
리스트 | list | list index out of range
딕셔너리 | dict dictionary | dict object has no attribute
스트링 | string str | str object is not callable
널 | null | null pointer
논 | none | NoneType object
언디파인드 | undefined | Cannot read properties of undefined
프로퍼티 | property properties | Cannot read properties of undefined
어트리뷰트 | attribute | AttributeError: 'NoneType' object has no attribute
임포트 | import imports | ImportError: cannot import name
익스포트 | export | export default
프로세스 | process processes | ps aux process
스레드 쓰레드 | thread threads | thread pool
포트 | port | port 3000 already in use
호스트 | host | localhost host
도메인 | domain | domain name
프록시 | proxy | nginx proxy_pass
엔진엑스 | nginx | nginx -t
아파치 | apache | apache2 restart
유더블유에스지아이 | uwsgi | uwsgi --ini uwsgi.ini
건유니콘 구니콘 | gunicorn | gunicorn app:app
슈퍼바이저 | supervisor supervisorctl | sudo supervisorctl restart all
시스템디 | systemd systemctl | systemctl restart nginx
서비스 | service services | sudo service nginx restart
데몬 | daemon | docker daemon not running
크론 | cron crontab | crontab -e
스크립트 | script scripts | npm run script
셸 쉘 | shell bash sh | bash script.sh
터미널 | terminal | open a terminal
커맨드 | command | command not found
콘솔 | console | console.log
배시 | bash | bash: command not found
퍼미션 | permission permissions | Permission denied
루트 | root | sudo as root
수도 | sudo | sudo apt install
리눅스 | linux | linux server
우분투 | ubuntu | ubuntu apt-get
윈도우 윈도 | windows | C:\\Users on Windows
맥 맥북 | mac macos darwin | macOS darwin build
에이더블유에스 | aws | aws s3 cp
버킷 | bucket | s3 bucket
람다 | lambda | aws lambda deploy
클라우드 | cloud | cloud deploy
디플로이 디플로이먼트 | deploy deployment | kubectl deploy deployment
릴리스 릴리즈 | release | gh release create v1.0
파이프라인 | pipeline | ci pipeline failed
워크플로 워크플로우 | workflow workflows | .github/workflows/ci.yml workflow
액션 | action actions | GitHub Actions run
씨아이 | ci | ci failed
스테이징 | staging | deploy to staging
프로덕션 프로드 | production prod | NODE_ENV=production
로컬 | local localhost | http://localhost:3000
리모트서버 | remote | remote server
웹소켓 | websocket | websocket closed
소켓 | socket | socket hang up
큐 | queue | job queue
워커 | worker workers | celery worker
셀러리 | celery | celery worker
레디스 | redis | redis-cli ping
몽고 몽고디비 | mongo mongodb mongoose | mongoose connect mongodb
포스트그레스 포스트그레 | postgres postgresql | psql postgres
마이에스큐엘 | mysql | mysql -u root
에스큐엘라이트 | sqlite sqlite3 | sqlite3 memory.db
에스큐엘 | sql | SQL syntax error
오알엠 | orm | django ORM query
프리즈마 | prisma | prisma migrate dev
스태틱 | static | python manage.py collectstatic static
미디어 | media | MEDIA_ROOT media
에셋 | asset assets | public assets
폰트 | font fonts | font-size: 14px
아이콘 | icon icons | font awesome icon
버튼 | button buttons | <button type="submit">
모달 | modal | modal dialog
카드 | card | .card-title
배지 뱃지 | badge | .result-badge
레이아웃 | layout | grid layout
마진 | margin | margin: 0 auto
패딩 | padding | padding: 8px 16px
보더 | border | border-left: 5px solid
백그라운드 | background | background-color: #F2F2F2
컬러 | color colour | color: #2E5DA8
사이드바 | sidebar | left sidebar menu
메뉴 메뉴바 | menu | left_menu.html
네비게이션 내비게이션 | navigation nav | navbar navigation
헤더바 | header navbar | header bar
푸터 | footer | footer links
페이지 | page pages | admin page
페이지네이션 | pagination paginator | .paginator
폼 | form forms | <form method="get">
인풋 | input | <input type="text">
셀렉트 | select | <select name="is_active">
필터 | filter filters | list_filter
소트 | sort ordering | ordering = ('username',)
서치 | search | search_fields
어드민 | admin | admin.site.register
대시보드 | dashboard | admin dashboard
유저 | user users | User.objects.create
프로필 프로파일 | profile | profile.py
그룹 | group groups | Group.objects
스태프 | staff is_staff | is_staff
슈퍼유저 | superuser | is_superuser
리다이렉트 | redirect | HttpResponseRedirect redirect
렌더 렌더링 | render rendering | render(request, 'index.html')
리렌더 | rerender render | component rerender
이벤트 | event events | addEventListener event
리스너 | listener | event listener
콜백 | callback | callback function
프로미스 | promise | Promise rejected
어싱크 | async await | async function
싱크 | sync | git sync
루프 | loop | event loop
메모리 | memory | JavaScript heap out of memory
리크 | leak | memory leak
퍼포먼스 | performance | performance regression
벤치마크 벤치 | bench benchmark | npm run bench
프로파일링 | profile profiling | --cpu-prof profiling
로깅 | logging logger | logging.getLogger
로거 | logger | logger.info
모니터링 | monitoring monitor | monitoring alert
노티 | notification alert notify | send notification
이메일 메일 | email mail | send_mail email
크롤러 크롤링 | crawler crawl scrape | scrapy crawl
파서 파싱 | parser parse parsing | JSON parse error
인코딩 | encoding encode | UnicodeDecodeError encoding
디코딩 | decode decoding | UnicodeDecodeError: 'utf-8' codec can't decode
유니코드 | unicode utf | UnicodeDecodeError
다운로드 | download | curl -O download
업로드 | upload | upload file
스크린샷 | screenshot | take a screenshot
토글 | toggle | toggle the sidebar
플러그인 | plugin plugins | plugin install
익스텐션 | extension | vscode extension
에디터 | editor | open in editor
프롬프트 | prompt | system prompt
에이전트 | agent | agent task
클로드 | claude | claude code
코드 | code | claude code
리드미 | readme | README.md
코멘트 | comment comments | # TODO comment
투두 | todo | TODO: fix later
체크리스트 | checklist | checklist
스펙 | spec specs | api spec
레포 레포지토리 리포지토리 | repo repository | clone the repository
패스 | pass passed | 12 passed
커넥션 | connection connect | ECONNREFUSED connection refused
리트라이 | retry | retry 3 times
락 | lock locked | database is locked
데드락 | deadlock | deadlock detected
`;

/** Native Korean developer words, and the words of error messages as a Korean screen shows them. */
export const KOREAN_GLOSSARY = `
오류 | error errors | Error: connect ECONNREFUSED
실패 | fail failed failure error | Build failed with 2 errors
성공 | success succeeded passed | Build succeeded
경고 | warning warn | npm WARN deprecated
예외 | exception | Unhandled exception
설치 | install installed | npm install express
제거 | remove uninstall delete | pip uninstall requests remove
삭제 | delete remove rm | rm -rf dist delete
지우기 지우 지운 지워 지웠 지움 | delete remove clear rm | rm -rf .next/cache
없애 없앤 없애기 빼기 뺀 | remove delete | remove the unused import
고쳐 고친 고치 | fix fixed | fix the typo in the header
바꿔 바꾼 바꾸 바꿈 | change replace switch | change the default port
넣어 넣은 넣기 | add insert put | add the missing field
만들 만든 만들어 | create make new | create the config file
돌려 되돌 | revert restore rollback | git checkout HEAD -- base.html restore
올려 올린 올리 | raise increase bump upload | bump the timeout
켜기 켜 | enable on | enable the feature flag
끄기 꺼 | disable off | disable the cache
생성 만들기 | create new mkdir | mkdir -p logs create
추가 | add added | git add src
수정 | fix edit modify update | fix: handle empty input
고침 고치기 | fix fixed | fix the typo
변경 | change changes changed | Changes not staged for commit
교체 | replace | replace the old token
갱신 | update refresh | npm update
배포 | deploy deployment release | deploy to production
실행 | run execute exec | npm run dev
재실행 | rerun run | rerun the tests
시작 | start | npm start
재시작 | restart | sudo systemctl restart nginx
종료 중지 중단 | stop kill exit | kill -9 1234 stop
정지 | stop | docker stop web
재부팅 | reboot restart | sudo reboot
되돌리기 되돌림 되돌려 롤백 | revert rollback restore | git checkout HEAD -- base.html restore
복구 복원 | restore recover | Restore base.html to original state
원래대로 원상복구 | restore revert original | Restore to original state
초기화 | reset init initialize | git reset --hard
확인 | check verify | Check git status
검사 | check lint inspect | type check failed
검증 | validate validation verify | validation error
비교 | diff compare | git diff HEAD
병합 | merge | git merge main
분기 | branch | git branch -a
저장 | save store | save the file
불러오기 로드 | load | failed to load config
가져오기 | import fetch pull | import os
내보내기 | export | export default App
읽기 | read | Cannot read properties of undefined
쓰기 | write | EACCES: permission denied, open for write
열기 | open | Cannot open file
닫기 | close | connection closed
거부 | denied refused rejected | connection refused
허용 | allow allowed | Not allowed
접근 | access | Access denied
인증서 | certificate cert ssl | SSL certificate problem
속성 | property attribute | Cannot read properties of undefined
정의 | define defined definition | is not defined
정의되지 | undefined | Cannot read properties of undefined
찾을 | find found | Cannot find module 'express'
없음 없는 없다 | missing no none not | npm ERR! missing script: start
누락 | missing | missing required argument
존재하지 | exist exists | does not exist
값 | value | ValueError: invalid literal
형식 | format type | invalid format
유효하지 잘못된 | invalid | invalid syntax
구문 문법 | syntax | SyntaxError: invalid syntax
호출 | call | called with wrong arguments
반환 | return returns | return None
초과 | exceeded exceed | Maximum call stack size exceeded
시간초과 | timeout | Timeout exceeded
메모리부족 | memory | out of memory
중복 | duplicate | UNIQUE constraint failed duplicate
끊김 | disconnected closed | connection closed
전송 | send | send request
수신 | receive | received
목록 | list | list of users
항목 | item entry | item not found
필드 | field fields | list_display fields
이름 | name | name is not defined
주소 | address url | address already in use
사용중 | use used | address already in use
설정 | settings config configuration | settings.py configuration
환경 | environment env | environment variable
기록 | log logs | error.log
출력 | output print | print output
입력 | input | input field
명령 명령어 | command | command not found
의존 | dependency dependencies | dependency conflict
통과 | pass passed | all tests passed
정적 | static | collectstatic static files
수집 | collect | collectstatic collect
동적 | dynamic | dynamic import
임시 | temp tmp temporary | /tmp temp files
배경색 | background | background-color
글씨 글자 | font text | font-size
크기 | size | font-size: 14px
여백 | margin padding | margin padding
테두리 | border | border: 1px solid
숨기기 숨김 | hide hidden | display: none hidden
표시 보이기 | show display | display: block
위치 | position | position: relative
회색 | gray grey | gray #F2F2F2
흰색 하얀색 | white | background: white
검은색 검정 | black | color: black
빨간색 | red | color: red
파란색 | blue | color: blue
초록색 | green | color: green
화면 | screen | screen size
계정 | account | account locked
문제 | problem issue | problem
작업 | task job work | task failed
충돌 | conflict conflicts | CONFLICT (content): Merge conflict in app.ts
폴더 | folder directory | create the folder assets
경로 | path | export PATH="$HOME/bin:$PATH"
디비 | database db | database is locked
의존성 | dependency dependencies | npm install dependencies
가상환경 | venv virtualenv | python -m venv .venv
상태값 | state | useState state
회원가입 | signup register | signup form
비밀번호 | password | password incorrect
암호화 | encrypt encryption | encrypt the payload
환경변수 | env environment | .env environment variables
설정파일 | config | config.yaml
인자 | argument arguments args | unexpected argument
요청 | request requests | request failed with status 500
응답 | response | response status 404
함수 | function func def | function handleSubmit
변수 | variable variables var | undefined variable
상수 | constant const | const MAX_RETRIES
객체 | object | object is not callable
문자열 | string str | str object is not callable
권한 | permission permissions | Permission denied
배경 | background | background-color: #F2F2F2
색상 색 | color colour | color: #2E5DA8
높이 | height | min-height: 100vh
너비 넓이 | width | max-width: 1200px
정렬 | sort ordering | ordering = ('username',)
검색 | search | search_fields
관리자 | admin | admin.site.register
사용자 | user users | User.objects.create
비동기 | async await | async function
동기화 | sync | git sync
재귀 | recursion recursive | maximum recursion depth exceeded
누수 | leak | memory leak
성능 | performance | performance regression
최적화 | optimize optimization | optimize the query
알림 | notification alert notify | send notification
확장 | extension | vscode extension
문서 | docs documentation doc | docs/README.md
주석 | comment comments | # TODO comment
저장소 | repo repository | clone the repository
연결 | connection connect | ECONNREFUSED connection refused
재시도 | retry | retry 3 times
잠금 | lock locked | database is locked
`;
