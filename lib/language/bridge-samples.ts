// One sample per line of bridge-table.ts, under the line's first Korean spelling: English text as a
// tool or a description stores it, which a search for every spelling of the line must find
// (tests/unit/language/bridges.test.ts runs them all through the real search). Test data only.

export const BRIDGE_SAMPLES = `
깃 | git commit -m "fix header"
깃허브 | gh pr create on GitHub
깃랩 | push to the GitLab remote
커밋 | git commit -m "feat: add login"
푸시 | git push origin main
풀 | git pull --rebase origin main
브랜치 | git checkout -b feature/login branch
머지 | git merge feature/login
리베이스 | git rebase -i HEAD~3
체크아웃 | git checkout master
스태시 | git stash pop
태그 | git tag v1.2.0
클론 | git clone https://github.com/acme/app.git
포크 | fork the repository
리모트 | git remote add origin
오리진 | git push origin main
헤드 | HEAD detached at v4.0.0
마스터 | git checkout master
메인 | git push origin main
컨플릭트 | CONFLICT (content): Merge conflict in app.ts
리버트 | git revert a1b2c3d
리셋 | git reset --hard HEAD~1
체리픽 | git cherry-pick 4f2e1a0
디프 | git diff src/app.ts
로그 | tail -20 /var/log/nginx/error.log
풀리퀘 | gh pr view 25
이슈 | gh issue list
리뷰 | request a code review
빌드 | npm run build
리빌드 | docker compose build --no-cache
컴파일 | tsc failed to compile
트랜스파일 | babel transpile step
번들 | esbuild bundle dist/app.js
캐시 | rm -rf .next/cache
린트 | npm run lint -- --fix
포맷 | prettier --write src
테스트 | npm test
유닛 | unit tests for the parser
모킹 | vi.mock('./db')
픽스처 | tests/fixtures/payload.json
커버리지 | vitest run --coverage
디버그 | DEBUG=app:* node server.js
디버거 | node --inspect debugger attached
브레이크포인트 | set a breakpoint in handler.ts
스택 | stack trace printed
트레이스 | Traceback (most recent call last)
스택트레이스 | Traceback (most recent call last)
에러 | Error: Cannot find module 'express'
익셉션 | Exception in thread "main"
워닝 | npm WARN deprecated request
버그 | fix the login bug
패치 | apply the patch
핫픽스 | hotfix for the payment crash
크래시 | the app crashed on start
타임아웃 | Error: Timeout of 2000ms exceeded
디렉터리 | mkdir -p src/components directory
파일 | No such file or directory
심링크 | ln -s symlink to dist
리팩터링 | refactor the session store
마이그레이션 | python manage.py migrate
스키마 | prisma schema changed
쿼리 | slow query on users
인덱스 | add an index on users.email
트랜잭션 | rollback the transaction
데이터베이스 | database is locked
테이블 | rename the users table
컬럼 | add an email column
레코드 | 12 rows affected
시드 | npm run db:seed
백업 | pg_dump backup.sql
컨테이너 | docker ps container exited
도커 | docker compose up -d
도커파일 | Dockerfile FROM node:20
이미지 | docker build image
볼륨 | docker volume rm data
쿠버네티스 | kubectl apply -f deploy.yaml kubernetes
파드 | kubectl get pods
노드 | node server.js
엔피엠 | npm install express
얀 | yarn add react
패키지 | package.json dependencies
모듈 | Cannot find module 'express'
라이브러리 | install the library
디펜던시 | npm install dependencies
버전 | node --version
업데이트 | npm update
업그레이드 | pip install --upgrade pip
다운그레이드 | npm install react@17 downgrade
인스톨 | npm install
언인스톨 | npm uninstall lodash
파이썬 | python3 manage.py runserver
파이프 | broken pipe
핍 | pip install requests
콘다 | conda activate base
장고 | django.core.exceptions.ImproperlyConfigured
플라스크 | flask run
리액트 | import React from 'react'
넥스트 | next build
뷰 | vue component
앵귤러 | ng serve angular
스벨트 | svelte component
타입스크립트 | typescript error TS2322
자바스크립트 | javascript bundle
자바 | java -jar app.jar
코틀린 | kotlin build
스위프트 | swift build
러스트 | cargo build rust
고랭 | go build ./...
카고 | cargo test
그래들 | ./gradlew build gradle
메이븐 | mvn package
노드모듈 | rm -rf node_modules
웹팩 | webpack.config.js
바이트 | 1024 bytes
바벨 | babel.config.js
이에스린트 | eslint --fix
프리티어 | prettier --check .
제스트 | jest --watch
바이테스트 | vitest run
파이테스트 | pytest -x tests
플레이라이트 | playwright test
셀레니움 | selenium webdriver
서버 | server listening on port 3000
사이트 | sudo supervisorctl restart site
앱 | app.listen(3000)
웹 | web server
프로젝트 | project root
클라이언트 | http client
프론트 | frontend build
백엔드 | backend api
에이피아이 | GET /api/users
엔드포인트 | endpoint /api/login
라우트 | app.get('/users') route
미들웨어 | express middleware
컨트롤러 | UserController
모델 | models.py class User
뷰셋 | from rest_framework import viewsets
템플릿 | templates/base.html
컴포넌트 | Button component
훅 | useEffect hook
스테이트 | useState state
프롭스 | props are undefined
리덕스 | redux store
스토어 | redux store
세션 | SESSION_COOKIE_SECURE session
쿠키 | CSRF_COOKIE_HTTPONLY cookie
토큰 | csrf token missing
인증 | authentication failed
로그인 | POST /login
로그아웃 | logout view
패스워드 | password incorrect
해시 | bcrypt hash
시크릿 | secret key missing
컨피그 | config/settings.py configuration
세팅 | settings.py DEBUG setting
옵션 | --dry-run option
플래그 | --force flag
파라미터 | missing parameter id
아규먼트 | unexpected argument
리퀘스트 | request failed with status 500
리스폰스 | response status 404
헤더 | Authorization header
바디 | request body
제이슨 | JSON.parse error json
야믈 | docker-compose.yml yaml
엑스엠엘 | pom.xml
씨에스에스 | styles.css
에이치티엠엘 | index.html
스타일 | style.css
클래스 | class UserAdmin
메서드 | method not allowed
타입 | type error
인터페이스 | interface User
오브젝트 | object is not callable
배열 | Array.isArray
리스트 | list index out of range
딕셔너리 | dict object has no attribute
스트링 | str object is not callable
널 | null pointer
논 | NoneType object
언디파인드 | Cannot read properties of undefined
프로퍼티 | Cannot read properties of undefined
어트리뷰트 | AttributeError: 'NoneType' object has no attribute
임포트 | ImportError: cannot import name
익스포트 | export default
프로세스 | ps aux process
스레드 | thread pool
포트 | port 3000 already in use
호스트 | localhost host
도메인 | domain name
프록시 | nginx proxy_pass
엔진엑스 | nginx -t
아파치 | apache2 restart
유더블유에스지아이 | uwsgi --ini uwsgi.ini
건유니콘 | gunicorn app:app
슈퍼바이저 | sudo supervisorctl restart all
시스템디 | systemctl restart nginx
서비스 | sudo service nginx restart
데몬 | docker daemon not running
크론 | crontab -e
스크립트 | npm run script
셸 | bash script.sh
터미널 | open a terminal
커맨드 | command not found
콘솔 | browser console output
배시 | bash: command not found
퍼미션 | Permission denied
루트 | sudo as root
수도 | sudo apt install
리눅스 | linux server
우분투 | ubuntu apt-get
윈도우 | C:\\Users on Windows
맥 | macOS darwin build
에이더블유에스 | aws s3 cp
버킷 | s3 bucket
람다 | aws lambda deploy
클라우드 | cloud deploy
디플로이 | kubectl deploy deployment
릴리스 | gh release create v1.0
파이프라인 | ci pipeline failed
워크플로 | .github/workflows/ci.yml workflow
액션 | GitHub Actions run
씨아이 | ci failed
스테이징 | deploy to staging
프로덕션 | NODE_ENV=production
로컬 | http://localhost:3000
리모트서버 | remote server
웹소켓 | websocket closed
소켓 | socket hang up
큐 | job queue
워커 | celery worker
셀러리 | celery worker
레디스 | redis-cli ping
몽고 | mongoose connect mongodb
포스트그레스 | psql postgres
마이에스큐엘 | mysql -u root
에스큐엘라이트 | sqlite3 memory.db
에스큐엘 | SQL syntax error
오알엠 | django ORM query
프리즈마 | prisma migrate dev
스태틱 | python manage.py collectstatic static
미디어 | MEDIA_ROOT media
에셋 | public assets
폰트 | font-size: 14px
아이콘 | font awesome icon
버튼 | <button type="submit">
모달 | modal dialog
카드 | .card-title
배지 | .result-badge
레이아웃 | grid layout
마진 | margin: 0 auto
패딩 | padding: 8px 16px
보더 | border-left: 5px solid
백그라운드 | background-color: #F2F2F2
컬러 | color: #2E5DA8
사이드바 | left sidebar menu
메뉴 | left_menu.html
네비게이션 | navbar navigation
헤더바 | header bar
푸터 | footer links
페이지 | admin page
페이지네이션 | .paginator
폼 | <form method="get">
인풋 | <input type="text">
셀렉트 | <select name="is_active">
필터 | list_filter
소트 | ordering = ('username',)
서치 | search_fields
어드민 | admin.site.register
대시보드 | admin dashboard
유저 | User.objects.create
프로필 | profile.py
그룹 | Group.objects
스태프 | is_staff
슈퍼유저 | is_superuser
리다이렉트 | HttpResponseRedirect redirect
렌더 | render(request, 'index.html')
리렌더 | component rerender
이벤트 | addEventListener event
리스너 | event listener
콜백 | callback function
프로미스 | Promise rejected
어싱크 | async function
싱크 | git sync
루프 | event loop
메모리 | JavaScript heap out of memory
리크 | memory leak
퍼포먼스 | performance regression
벤치마크 | npm run bench
프로파일링 | --cpu-prof profiling
로깅 | logging.getLogger
로거 | logger.info
모니터링 | monitoring alert
노티 | send notification
이메일 | send_mail email
크롤러 | scrapy crawl
파서 | JSON parse error
인코딩 | UnicodeDecodeError encoding
디코딩 | UnicodeDecodeError: 'utf-8' codec can't decode
유니코드 | UnicodeDecodeError
다운로드 | curl -O download
업로드 | upload file
스크린샷 | take a screenshot
토글 | toggle the sidebar
플러그인 | plugin install
익스텐션 | vscode extension
에디터 | open in editor
프롬프트 | system prompt
에이전트 | agent task
클로드 | claude code
코드 | claude code
리드미 | README.md
코멘트 | # TODO comment
투두 | TODO: fix later
체크리스트 | checklist
스펙 | api spec
레포 | clone the repository
패스 | 12 passed
커넥션 | ECONNREFUSED connection refused
리트라이 | retry 3 times
락 | database is locked
데드락 | deadlock detected
오류 | Error: connect ECONNREFUSED
실패 | Build failed with 2 errors
성공 | Build succeeded
경고 | npm WARN deprecated
예외 | Unhandled exception
설치 | npm install express
제거 | pip uninstall requests remove
삭제 | rm -rf dist delete
지우기 | rm -rf .next/cache
없애 | remove the unused import
고쳐 | fix the typo in the header
바꿔 | change the default port
넣어 | add the missing field
만들 | create the config file
돌려 | git checkout HEAD -- base.html restore
올려 | bump the timeout
켜기 | enable the feature flag
끄기 | disable the cache
생성 | mkdir -p logs create
추가 | git add src
수정 | fix: handle empty input
고침 | fix the typo
변경 | Changes not staged for commit
교체 | replace the old token
갱신 | npm update
배포 | deploy to production
실행 | npm run dev
재실행 | rerun the tests
시작 | npm start
재시작 | sudo systemctl restart nginx
종료 | kill -9 1234 stop
정지 | docker stop web
재부팅 | sudo reboot
되돌리기 | git checkout HEAD -- base.html restore
복구 | Restore base.html to original state
원래대로 | Restore to original state
초기화 | git reset --hard
확인 | Check git status
검사 | type check failed
검증 | validation error
비교 | git diff HEAD
병합 | git merge main
분기 | git branch -a
저장 | save the file
불러오기 | failed to load config
가져오기 | import os
내보내기 | export default App
읽기 | Cannot read properties of undefined
쓰기 | EACCES: permission denied, open for write
열기 | Cannot open file
닫기 | connection closed
거부 | connection refused
허용 | Not allowed
접근 | Access denied
인증서 | SSL certificate problem
속성 | Cannot read properties of undefined
정의 | is not defined
정의되지 | Cannot read properties of undefined
찾을 | Cannot find module 'express'
없음 | npm ERR! missing script: start
누락 | missing required argument
존재하지 | does not exist
값 | ValueError: invalid literal
형식 | invalid format
유효하지 | invalid syntax
구문 | SyntaxError: invalid syntax
호출 | called with wrong arguments
반환 | return None
초과 | Maximum call stack size exceeded
시간초과 | Timeout exceeded
메모리부족 | out of memory
중복 | UNIQUE constraint failed duplicate
끊김 | connection closed
전송 | send request
수신 | received
목록 | list of users
항목 | item not found
필드 | list_display fields
이름 | name is not defined
주소 | address already in use
사용중 | address already in use
설정 | settings.py configuration
환경 | environment variable
기록 | error.log
출력 | print output
입력 | input field
명령 | command not found
의존 | dependency conflict
통과 | all tests passed
정적 | collectstatic static files
수집 | collectstatic collect
동적 | dynamic import
임시 | /tmp temp files
배경색 | background-color
글씨 | font-size
크기 | font-size: 14px
여백 | margin padding
테두리 | border: 1px solid
숨기기 | display: none hidden
표시 | display: block
위치 | position: relative
회색 | gray #F2F2F2
흰색 | background: white
검은색 | color: black
빨간색 | color: red
파란색 | color: blue
초록색 | color: green
화면 | screen size
계정 | account locked
문제 | problem
작업 | task failed
충돌 | CONFLICT (content): Merge conflict in app.ts
폴더 | create the folder assets
경로 | export PATH="$HOME/bin:$PATH"
디비 | database is locked
의존성 | npm install dependencies
가상환경 | python -m venv .venv
상태값 | useState state
회원가입 | signup form
비밀번호 | password incorrect
암호화 | encrypt the payload
환경변수 | .env environment variables
설정파일 | config.yaml
인자 | unexpected argument
요청 | request failed with status 500
응답 | response status 404
함수 | function handleSubmit
변수 | undefined variable
상수 | const MAX_RETRIES
객체 | object is not callable
문자열 | str object is not callable
권한 | Permission denied
배경 | background-color: #F2F2F2
색상 | color: #2E5DA8
높이 | min-height: 100vh
너비 | max-width: 1200px
정렬 | ordering = ('username',)
검색 | search_fields
관리자 | admin.site.register
사용자 | User.objects.create
비동기 | async function
동기화 | git sync
재귀 | maximum recursion depth exceeded
누수 | memory leak
성능 | performance regression
최적화 | optimize the query
알림 | send notification
확장 | vscode extension
문서 | docs/README.md
주석 | # TODO comment
저장소 | clone the repository
연결 | ECONNREFUSED connection refused
재시도 | retry 3 times
잠금 | database is locked
서브 | mkdir -p src/sub/dir
체크 | npm run check
포인트 | set a break point in main.ts
체크포인트 | torch.save(model, "checkpoints/epoch_10.pt")
텐서 | torch.zeros(3)
디바이스 | model.to(device)
오디오 | ffmpeg -i audio.wav out.mp3
데이터 | python prepare.py --data ./data
데이터셋 | load_dataset("imdb")
에포크 | Epoch 3/10 loss 0.42
배치 | --batch-size 32
리플레이 | add a replay buffer
게인 | gain_db = 6
플레이 | play the sound
그라운드 | ground truth labels
청크 | webpack chunk loading failed
로더 | css-loader not found
히어독 | bash heredoc failed: Bad substitution
몽구스 | npm install mongoose
레지스트리 | npm config set registry https://registry.npmjs.org
노트 | write .claude/session-notes.md
트레이닝 | python train.py
프리셋 | --eq-preset complex
키 | API key missing
학습 | python train.py --epochs 30
평가 | python evaluate_model.py
추론 | python inference.py
합성 | generate synthetic data
불일치 | size mismatch for conv.weight
재개 | python train.py --resume ckpt.pt
범위 | gain_range=(-18, 18)
오타 | fix typo in README
실험 | experiment_name: v4
추세 | plot the loss trend
분석 | analyze the training history
등록 | Schema hasn't been registered for model
조회 | add dealerId lookup
덮어쓰기 | cp -f a.txt b.txt # overwrite
강제 | git push --force
섞기 | shuffle=True
방지 | prevent double submit
가중치 | load weights from best.pt
손실 | val_loss 0.31
이동 | mv test/a.ts src/a.ts
자동 | eslint auto fix
순서 | perfectionist/sort-imports order
`;
