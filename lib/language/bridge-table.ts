// The bridges between Korean and the English that developers' tools print, as data: Hangul spellings
// of English terms (캐시 → cache) and native Korean developer words (삭제 → delete). Each line is
// `Korean spellings | English words`; its sample, English text as a tool or a description would store
// it that every Korean spelling of the line must find, is in bridge-samples.ts under the line's first
// spelling (kept apart: the prompt hook carries this table, not the samples). Never code here.

/** Hangul spellings of English developer terms, with the spellings people actually use. */
export const HANGUL_SPELLINGS = `
깃 | git
깃허브 깃헙 | github
깃랩 | gitlab
커밋 | commit
푸시 푸쉬 | push
풀 | pull
브랜치 | branch
머지 | merge
리베이스 | rebase
체크아웃 | checkout
스태시 스테시 | stash
태그 | tag tags
클론 | clone
포크 | fork
리모트 | remote
오리진 | origin
헤드 | head
마스터 | master
메인 | main
컨플릭트 | conflict conflicts
리버트 | revert
리셋 | reset
체리픽 | cherry
디프 | diff
로그 | log logs
풀리퀘 풀리퀘스트 | pull request pr
이슈 | issue issues
리뷰 | review
빌드 | build
리빌드 | rebuild build
컴파일 | compile compiler
트랜스파일 | transpile
번들 번들러 | bundle bundler
캐시 캐쉬 | cache caches cached
린트 린터 | lint linter eslint
포맷 포매터 포맷터 | format formatter prettier
테스트 | test tests
유닛 | unit
모킹 목업 | mock mocks
픽스처 | fixture fixtures
커버리지 | coverage
디버그 디버깅 | debug debugger
디버거 | debugger
브레이크포인트 | breakpoint
스택 | stack
트레이스 | trace traceback
스택트레이스 | traceback stack
에러 | error errors
익셉션 | exception
워닝 | warning warnings
버그 | bug
패치 | patch
핫픽스 | hotfix
크래시 크래쉬 | crash crashed
타임아웃 | timeout
디렉터리 디렉토리 디렉 | directory dir
파일 | file files
심링크 | symlink
리팩터링 리팩토링 리팩터 리팩토 | refactor refactoring
마이그레이션 마이그레이트 | migration migrate migrations
스키마 | schema
쿼리 | query queries
인덱스 | index
트랜잭션 | transaction
데이터베이스 | database db
테이블 | table tables
컬럼 칼럼 | column columns
레코드 로우 | record row rows
시드 | seed
백업 | backup
컨테이너 | container containers
도커 | docker
도커파일 | dockerfile
이미지 | image images
볼륨 | volume volumes
쿠버네티스 쿠버 | kubernetes kubectl
파드 | pod pods
노드 | node
엔피엠 | npm
얀 | yarn
패키지 | package packages
모듈 | module modules
라이브러리 | library libraries
디펜던시 | dependency dependencies
버전 | version
업데이트 | update
업그레이드 | upgrade
다운그레이드 | downgrade
인스톨 | install
언인스톨 | uninstall
파이썬 | python python3
파이프 | pipe
핍 | pip
콘다 | conda
장고 | django
플라스크 | flask
리액트 | react
넥스트 | next nextjs
뷰 | vue view
앵귤러 | angular
스벨트 | svelte
타입스크립트 | typescript ts
자바스크립트 | javascript js
자바 | java
코틀린 | kotlin
스위프트 | swift
러스트 | rust cargo
고랭 | go golang
카고 | cargo
그래들 | gradle
메이븐 | maven mvn
노드모듈 | node_modules
웹팩 | webpack
바이트 | byte bytes
바벨 | babel
이에스린트 | eslint
프리티어 | prettier
제스트 | jest
바이테스트 | vitest
파이테스트 | pytest
플레이라이트 | playwright
셀레니움 | selenium
서버 | server
사이트 웹사이트 | site website
앱 어플 애플리케이션 어플리케이션 | app application
웹 | web
프로젝트 | project
클라이언트 | client
프론트 프런트 프론트엔드 프런트엔드 | frontend front
백엔드 | backend
에이피아이 | api
엔드포인트 | endpoint
라우트 라우터 라우팅 | route router routes
미들웨어 | middleware
컨트롤러 | controller
모델 | model models
뷰셋 | viewset viewsets
템플릿 | template templates
컴포넌트 | component components
훅 | hook hooks
스테이트 | state
프롭스 | props
리덕스 | redux
스토어 | store
세션 | session sessions
쿠키 | cookie cookies
토큰 | token tokens
인증 어스 | auth authentication
로그인 | login
로그아웃 | logout
패스워드 | password
해시 | hash
시크릿 | secret secrets
컨피그 | config configuration
세팅 세팅스 | settings setting
옵션 | option options
플래그 | flag flags
파라미터 파라메터 | parameter parameters param
아규먼트 | argument arguments args
리퀘스트 | request requests
리스폰스 | response
헤더 | header headers
바디 | body
제이슨 | json
야믈 야멀 | yaml yml
엑스엠엘 | xml
씨에스에스 | css
에이치티엠엘 | html
스타일 | style styles
클래스 | class
메서드 메소드 | method methods
타입 | type types
인터페이스 | interface
오브젝트 | object
배열 어레이 | array
리스트 | list
딕셔너리 | dict dictionary
스트링 | string str
널 | null
논 | none
언디파인드 | undefined
프로퍼티 | property properties
어트리뷰트 | attribute
임포트 | import imports
익스포트 | export
프로세스 | process processes
스레드 쓰레드 | thread threads
포트 | port
호스트 | host
도메인 | domain
프록시 | proxy
엔진엑스 | nginx
아파치 | apache
유더블유에스지아이 | uwsgi
건유니콘 구니콘 | gunicorn
슈퍼바이저 | supervisor supervisorctl
시스템디 | systemd systemctl
서비스 | service services
데몬 | daemon
크론 | cron crontab
스크립트 | script scripts
셸 쉘 | shell bash sh
터미널 | terminal
커맨드 | command
콘솔 | console
배시 | bash
퍼미션 | permission permissions
루트 | root
수도 | sudo
리눅스 | linux
우분투 | ubuntu
윈도우 윈도 | windows
맥 맥북 | mac macos darwin
에이더블유에스 | aws
버킷 | bucket
람다 | lambda
클라우드 | cloud
디플로이 디플로이먼트 | deploy deployment
릴리스 릴리즈 | release
파이프라인 | pipeline
워크플로 워크플로우 | workflow workflows
액션 | action actions
씨아이 | ci
스테이징 | staging
프로덕션 프로드 | production prod
로컬 | local localhost
리모트서버 | remote
웹소켓 | websocket
소켓 | socket
큐 | queue
워커 | worker workers
셀러리 | celery
레디스 | redis
몽고 몽고디비 | mongo mongodb mongoose
포스트그레스 포스트그레 | postgres postgresql
마이에스큐엘 | mysql
에스큐엘라이트 | sqlite sqlite3
에스큐엘 | sql
오알엠 | orm
프리즈마 | prisma
스태틱 | static
미디어 | media
에셋 | asset assets
폰트 | font fonts
아이콘 | icon icons
버튼 | button buttons
모달 | modal
카드 | card
배지 뱃지 | badge
레이아웃 | layout
마진 | margin
패딩 | padding
보더 | border
백그라운드 | background
컬러 | color colour
사이드바 | sidebar
메뉴 메뉴바 | menu
네비게이션 내비게이션 | navigation nav
헤더바 | header navbar
푸터 | footer
페이지 | page pages
페이지네이션 | pagination paginator
폼 | form forms
인풋 | input
셀렉트 | select
필터 | filter filters
소트 | sort ordering
서치 | search
어드민 | admin
대시보드 | dashboard
유저 | user users
프로필 프로파일 | profile
그룹 | group groups
스태프 | staff is_staff
슈퍼유저 | superuser
리다이렉트 | redirect
렌더 렌더링 | render rendering
리렌더 | rerender render
이벤트 | event events
리스너 | listener
콜백 | callback
프로미스 | promise
어싱크 | async await
싱크 | sync
루프 | loop
메모리 | memory
리크 | leak
퍼포먼스 | performance
벤치마크 벤치 | bench benchmark
프로파일링 | profile profiling
로깅 | logging logger
로거 | logger
모니터링 | monitoring monitor
노티 | notification alert notify
이메일 메일 | email mail
크롤러 크롤링 | crawler crawl scrape
파서 파싱 | parser parse parsing
인코딩 | encoding encode
디코딩 | decode decoding
유니코드 | unicode utf
다운로드 | download
업로드 | upload
스크린샷 | screenshot
토글 | toggle
플러그인 | plugin plugins
익스텐션 | extension
에디터 | editor
프롬프트 | prompt
에이전트 | agent
클로드 | claude
코드 | code
리드미 | readme
코멘트 | comment comments
투두 | todo
체크리스트 | checklist
스펙 | spec specs
레포 레포지토리 리포지토리 | repo repository
패스 | pass passed path
커넥션 | connection connect
리트라이 | retry
락 | lock locked
데드락 | deadlock
서브 | sub
체크 | check
포인트 | point
체크포인트 | checkpoint checkpoints
텐서 | tensor tensors torch
디바이스 | device devices cuda
오디오 | audio
데이터 | data
데이터셋 | dataset datasets
에포크 에폭 | epoch epochs
배치 | batch
리플레이 | replay
게인 | gain
플레이 | play
그라운드 | ground
청크 | chunk chunks
로더 | loader loaders
히어독 | heredoc
몽구스 | mongoose
레지스트리 | registry
노트 | note notes
트레이닝 | training train
프리셋 | preset presets
키 | key keys
`;

/** Native Korean developer words, and the words of error messages as a Korean screen shows them. */
export const KOREAN_GLOSSARY = `
오류 | error errors
실패 | fail failed failure error
성공 | success succeeded passed
경고 | warning warn
예외 | exception
설치 | install installed
제거 | remove uninstall delete
삭제 | delete remove rm
지우기 지우 지운 지워 지웠 지움 | delete remove clear rm
없애 없앤 없애기 빼기 뺀 | remove delete
고쳐 고친 고치 | fix fixed
바꿔 바꾼 바꾸 바꿈 | change replace switch
넣어 넣은 넣기 | add insert put
만들 만든 만들어 | create make new
돌려 되돌 | revert restore rollback
올려 올린 올리 | raise increase bump upload
켜기 켜 | enable on
끄기 꺼 | disable off
생성 만들기 | create new mkdir
추가 | add added
수정 | fix edit modify update
고침 고치기 | fix fixed
변경 | change changes changed
교체 | replace
갱신 | update refresh
배포 | deploy deployment release
실행 | run execute exec
재실행 | rerun run
시작 | start
재시작 | restart
종료 중지 중단 | stop kill exit
정지 | stop
재부팅 | reboot restart
되돌리기 되돌림 되돌려 롤백 | revert rollback restore
복구 복원 | restore recover
원래대로 원상복구 | restore revert original
초기화 | reset init initialize
확인 | check verify
검사 | check lint inspect
검증 | validate validation verify
비교 | diff compare
병합 | merge
분기 | branch
저장 | save store
불러오기 로드 | load
가져오기 | import fetch pull
내보내기 | export
읽기 읽다 | read
쓰기 쓰다 | write
열기 | open
닫기 | close
거부 | denied refused rejected
허용 | allow allowed
접근 | access
인증서 | certificate cert ssl
속성 | property attribute
정의 | define defined definition
정의되지 | undefined
찾을 | find found
없음 없는 없다 | missing no none not
누락 | missing
존재하지 | exist exists
값 | value
형식 | format type
유효하지 잘못된 | invalid
구문 문법 | syntax
호출 | call
반환 | return returns
초과 | exceeded exceed
시간초과 | timeout
메모리부족 | memory
중복 | duplicate
끊김 | disconnected closed
전송 | send
수신 | receive
목록 | list
항목 | item entry
필드 | field fields
이름 | name
주소 | address url
사용중 | use used
설정 | settings config configuration
환경 | environment env
기록 | log logs
출력 | output print
입력 | input
명령 명령어 | command
의존 | dependency dependencies
통과 | pass passed
정적 | static
수집 | collect
동적 | dynamic
임시 | temp tmp temporary
배경색 | background
글씨 글자 | font text
크기 | size
여백 | margin padding
테두리 | border
숨기기 숨김 | hide hidden
표시 보이기 | show display
위치 | position
회색 | gray grey
흰색 하얀색 | white
검은색 검정 | black
빨간색 | red
파란색 | blue
초록색 | green
화면 | screen
계정 | account
문제 | problem issue
작업 | task job work
충돌 | conflict conflicts
폴더 | folder directory
경로 | path
디비 | database db
의존성 | dependency dependencies
가상환경 | venv virtualenv
상태값 | state
회원가입 | signup register
비밀번호 | password
암호화 | encrypt encryption
환경변수 | env environment
설정파일 | config
인자 | argument arguments args
요청 | request requests
응답 | response
함수 | function func def
변수 | variable variables var
상수 | constant const
객체 | object
문자열 | string str
권한 | permission permissions
배경 | background
색상 색 | color colour
높이 | height
너비 넓이 | width
정렬 | sort ordering
검색 | search
관리자 | admin
사용자 | user users
비동기 | async await
동기화 | sync
재귀 | recursion recursive
누수 | leak
성능 | performance
최적화 | optimize optimization
알림 | notification alert notify
확장 | extension
문서 | docs documentation doc
주석 | comment comments
저장소 | repo repository
연결 | connection connect
재시도 | retry
잠금 | lock locked
학습 훈련 | train training trained
평가 | evaluate evaluation eval
추론 | inference predict
합성 | synthetic synth
불일치 | mismatch mismatched
재개 이어서 | resume
범위 | range
오타 | typo
실험 | experiment experiments
추세 | trend trends
분석 | analyze analyse analysis
등록 | register registered registration
조회 | lookup fetch query
덮어쓰기 덮어쓰 | overwrite
강제 | force forced
섞기 섞어 | mix mixed shuffle
방지 | prevent avoid
가중치 | weight weights
손실 | loss
이동 옮기기 옮겨 옮긴 | move mv
자동 | auto automatic
순서 | order
`;
