// Korean grammar a search word carries that is not its subject, as data: the particles and endings
// written onto a word (서버를 → 서버) and the words that carry no subject at all (거, 법, 쓰는, 안). Each
// line is `item | sample`; the sample is a query in which the item is that grammar, and the test
// (tests/unit/language/korean-table.test.ts) checks every sample against the code that reads it.
// Never code here.

/**
 * Particles and endings, longest first: `ending | word → stem`. Cut only when two syllables remain,
 * so a word is never reduced to one syllable.
 */
export const KOREAN_ENDINGS = `
에서는 | 로컬에서는 → 로컬
으로는 | 파이썬으로는 → 파이썬
에게서 | 리뷰어에게서 → 리뷰어
이라는 | 명령이라는 → 명령
했는데 | 배포했는데 → 배포
하려고 | 설치하려고 → 설치
에서 | 서버에서 → 서버
에게 | 리뷰어에게 → 리뷰어
한테 | 팀장한테 → 팀장
으로 | 마이그레이션으로 → 마이그레이션
부터 | 처음부터 → 처음
까지 | 배포까지 → 배포
처럼 | 예전처럼 → 예전
보다 | 어제보다 → 어제
라는 | 에러라는 → 에러
이랑 | 명령이랑 → 명령
하고 | 설정하고 → 설정
했던 | 수정했던 → 수정
하는 | 빌드하는 → 빌드
하기 | 배포하기 → 배포
해서 | 삭제해서 → 삭제
했다 | 설치했다 → 설치
했어 | 수정했어 → 수정
했지 | 실패했지 → 실패
하다 | 삭제하다 → 삭제
해줘 | 정리해줘 → 정리
됐어 | 배포됐어 → 배포
되는 | 설치되는 → 설치
된다 | 실행된다 → 실행
한 | 수정한 → 수정
된 | 설치된 → 설치
할 | 배포할 → 배포
함 | 확인함 → 확인
됨 | 완료됨 → 완료
을 | 토큰을 → 토큰
를 | 서버를 → 서버
이 | 설정이 → 설정
가 | 캐시가 → 캐시
은 | 설정은 → 설정
는 | 서버는 → 서버
의 | 프로젝트의 → 프로젝트
에 | 파일에 → 파일
로 | 도커로 → 도커
와 | 서버와 → 서버
과 | 설정과 → 설정
도 | 테스트도 → 테스트
만 | 빌드만 → 빌드
랑 | 캐시랑 → 캐시
`;

/**
 * Words that carry no subject, as a whole query word: a noun standing for "the thing / the way / the
 * time", a negation, a question word, a verb form that only says "doing / done / using" (the subject
 * is the word before it). `word | a query where it is one`. They weigh nothing beside the other words
 * and are never matched inside longer words; a query of only them keeps them.
 */
export const KOREAN_FUNCTION_WORDS = `
거 | 포트 이미 쓰는 거
것 | 빌드 깨진 것
게 | 안 되는 게 뭐지
법 | 캐시 지우는 법
방법 | 도커 빌드 방법
수 | 로그인 할 수 없음
때 | 배포할 때 에러
좀 | 테스트 좀 돌려
안 | 서버 안 뜸
못 | 패키지 못 찾음
왜 | 빌드 왜 실패
뭐 | 에러 원인 뭐
어떻게 | 린트 어떻게 고쳤지
언제 | 마이그레이션 언제 했지
어디 | 설정 파일 어디
그 | 그 에러
이런 | 이런 에러
저번 | 저번 배포 에러
전에 | 전에 고친 버그
예전에 | 예전에 쓰던 스크립트
아까 | 아까 지운 파일
및 | 빌드 및 배포
등 | 린트 등 설정
관련 | 인증 관련 에러
같은 | 권한 같은 에러
쓰는 | 포트 이미 쓰는 거
쓴 | 예전에 쓴 스크립트
쓰던 | 예전에 쓰던 스크립트
하는 | 배포 하는 법
한 | 설정 한 거
하던 | 테스트 하던 거
했던 | 배포 했던 거
된 | 배포 된 거
되는 | 안 되는 거
됐던 | 안 됐던 빌드
고친 | 린트 에러 고친 거
고쳤던 | 타입 에러 고쳤던 거
고쳤지 | 린트 어떻게 고쳤지
했지 | 마이그레이션 언제 했지
있는 | 에러 있는 테스트
없는 | 권한 없는 에러
`;
