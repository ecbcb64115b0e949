// Secrets a person states in words, in English and Korean (`my password is …`, `비밀번호는 …`, `토큰 …`,
// `passphrase "…"`, `PIN 4821`), and password literals in SQL (`PASSWORD '…'`, `IDENTIFIED BY '…'`).
// The regex finds the word that names the secret; the picker reads one value after it, forward only,
// and takes it only when it is not a word of the sentence (`the password field`, `비밀번호 변경`).
import type { RuleSamples, SecretRule, Span } from './engine.js';
import { bareKind, isPlaceholder, isReference, readQuoted, skipBlanks } from './values.js';

// Words that follow `password is` in a sentence about a password rather than one that gives it.
const NOT_A_VALUE = new Set([
  'a',
  'an',
  'the',
  'not',
  'too',
  'now',
  'still',
  'also',
  'just',
  'only',
  'never',
  'always',
  'being',
  'wrong',
  'correct',
  'right',
  'empty',
  'blank',
  'missing',
  'invalid',
  'valid',
  'weak',
  'strong',
  'short',
  'long',
  'secure',
  'insecure',
  'same',
  'different',
  'ok',
  'okay',
  'fine',
  'there',
  'here',
  'set',
  'saved',
  'stored',
  'sent',
  'shown',
  'visible',
  'unique',
  'case',
  'field',
  'input',
  'form',
  'reset',
  'change',
  'hash',
  'length',
  'policy',
  'manager',
  'prompt',
  'expired',
  'rotated',
  'what',
  'which',
  'where',
  'how',
  'in',
  'on',
  'at',
  'for',
  'from',
  'to',
  'of',
  'with',
  'and',
  'or',
  'but',
  'that',
  'this',
  'it',
  'its',
  'my',
  'your',
  'our',
  'their',
]);

// The value of a secret said in words: a run up to whitespace, without the sentence's closing punctuation.
const BARE_END = /[\s"'`<>]/;
const TRAILING = /[.,;:)\]}?]+$/;

function readWord(text: string, pos: number): Span {
  let i = pos;
  const limit = Math.min(text.length, pos + 256);
  while (i < limit && !BARE_END.test(text[i] as string)) i++;
  const raw = text.slice(pos, i);
  return { start: pos, end: pos + raw.replace(TRAILING, '').length };
}

type Link = 'verb' | 'colon' | 'none';

// After the name: `is`, `was`, `will be`, `to`, `:`, `=` (each optional), then the value.
const VERB = /^(?:is|was|will be|would be|are|to|:|=|is:)(?=[ \t"'])/i;

/** Where the value starts after the name word, and what joined them. */
function afterName(text: string, end: number): { pos: number; link: Link } | null {
  const first = skipBlanks(text, end);
  const verb = VERB.exec(text.slice(first, first + 10));
  if (verb) {
    const pos = skipBlanks(text, first + verb[0].length);
    const word = verb[0].toLowerCase();
    // `set the password to …` gives one, `a password to access the db` does not: after `to` a plain
    // word is never taken.
    return { pos, link: word.startsWith(':') || word === '=' ? 'colon' : word === 'to' ? 'none' : 'verb' };
  }
  // `password: x` right after the name (no blank) is the assignment rule's; a blank is required here.
  if (first === end) return null;
  return { pos: first, link: 'none' };
}

function hasDigitOrSymbol(value: string): boolean {
  return /[0-9!@#$%^&*+=~|\\/_-]/.test(value) && /[A-Za-z0-9]/.test(value);
}

/** A bare value after a name: a secret unless it is a word of the sentence, code, or a placeholder. */
function bareSecret(value: string, link: Link, strong: boolean): boolean {
  if (value.length < 4 || isPlaceholder(value) || isReference(value) || value.startsWith('-')) return false;
  if (bareKind(value, '') === 'expression') return false;
  if (/^[A-Za-z]+$/.test(value)) {
    // `the password is swordfish` is a password; `the password is hashed` is not.
    if (link === 'none' || !strong) return false;
    const lower = value.toLowerCase();
    return value.length >= 6 && !NOT_A_VALUE.has(lower) && !/(?:ed|ing|ly|able|ible|ful)$/.test(lower);
  }
  if (/^[\d]+$/.test(value)) return strong && value.length >= 4;
  // A file name or a version after the name is what the sentence is about: `token.ts`, `password v2`.
  if (/^[\w-]+\.(?:[a-z]{1,4})$/.test(value) || /^v?\d+(?:\.\d+)+$/.test(value)) return false;
  return hasDigitOrSymbol(value) || /[a-z][A-Z]|[A-Z][a-z]+[A-Z]/.test(value);
}

// ---- English ------------------------------------------------------------------------------------

// Names whose value is a secret whatever it looks like, and names that also label ordinary things.
const STRONG_NAMES = /^(?:password|passphrase|passcode|pw|pwd|pin|pin code|pin number)$/i;

function pickEnglish(match: RegExpExecArray, text: string): Span | null {
  const name = match[0];
  const strong = STRONG_NAMES.test(name.replace(/\s+/g, ' '));
  // A lower-case `pin` is also a verb (`pin lodash to 4.17`): only `PIN` or `pin code`, or `pin is`.
  const pin = /^pin$/i.test(name);
  const after = afterName(text, match.index + name.length);
  if (!after) return null;
  const { pos, link } = after;
  if (pin && name !== 'PIN' && link === 'none') return null;
  const c = text[pos];
  if (c === '"' || c === "'" || c === '`') {
    const value = readQuoted(text, pos);
    const inner = text.slice(value.start, value.end);
    if (!value.closed || !strong || inner.trim() === '' || isPlaceholder(inner) || isReference(inner)) return null;
    if (/\$[{(A-Za-z_]/.test(inner) && c !== "'") return null;
    return { start: value.start, end: value.end };
  }
  const word = readWord(text, pos);
  const value = text.slice(word.start, word.end);
  if (pin) return /^\d{4,12}$/.test(value) ? word : null;
  if (!strong) return looksLikeKey(value, link) ? word : null;
  return bareSecret(value, link, true) ? word : null;
}

/** After `token`, `key`, `secret`: a value that is no word a person would write. */
function looksLikeKey(value: string, link: Link): boolean {
  if (!bareSecret(value, link, false)) return false;
  if (/[()[\]{}]/.test(value)) return false;
  return value.length >= (link === 'none' ? 12 : 8) && /\d/.test(value) && /[A-Za-z]/.test(value);
}

export const saidInWords: SecretRule = {
  name: 'Secret said in words',
  hints: ['pass', 'pw', 'pin', 'token', 'key', 'secret', 'credential'],
  pattern:
    /(?<![A-Za-z0-9_.\-/$=])(?:password|passphrase|passcode|pwd|pw|pin(?:[ \t]code|[ \t]number)?|(?:api|access|secret|private|auth|license)[ \t]key|key|token|secret|credentials?)(?![A-Za-z0-9_\-.(\[=])/gi,
  pick: pickEnglish,
};

// ---- Korean -------------------------------------------------------------------------------------

// 비밀번호, 비번, 패스워드, 암호, 토큰, 핀 번호, 인증키/API 키, 시크릿; then a particle (은/는/이/가) or `:`.
// `암호화` and `비밀번호변경` are other words: the name must end at a particle, a blank or a colon.
function pickKorean(match: RegExpExecArray, text: string): Span | null {
  let pos = skipBlanks(text, match.index + match[0].length);
  if (text[pos] === ':' || text[pos] === '=') pos = skipBlanks(text, pos + 1);
  const c = text[pos];
  if (c === '"' || c === "'" || c === '`' || c === '\u201c') {
    const value = c === '\u201c' ? readCurly(text, pos) : readQuoted(text, pos);
    const inner = text.slice(value.start, value.end);
    if (!value.closed || inner.trim() === '' || isPlaceholder(inner) || isReference(inner)) return null;
    return { start: value.start, end: value.end };
  }
  // The value runs until a blank or the Hangul that follows it (`abc123이에요`, `Zq8xLm2pWq5입니다`).
  let end = pos;
  const limit = Math.min(text.length, pos + 256);
  while (end < limit && /[!-~]/.test(text[end] as string)) end++;
  const raw = text.slice(pos, end).replace(TRAILING, '');
  if (raw.length < 4 || isPlaceholder(raw) || isReference(raw)) return null;
  if (!/\d/.test(raw) && !hasDigitOrSymbol(raw)) return null;
  return { start: pos, end: pos + raw.length };
}

function readCurly(text: string, pos: number): { start: number; end: number; closed: boolean } {
  const close = text.indexOf('\u201d', pos + 1);
  const line = text.indexOf('\n', pos + 1);
  const closed = close > 0 && close - pos <= 256 && (line < 0 || close < line);
  return { start: pos + 1, end: closed ? close : pos + 1, closed };
}

// The hints: 번호 (비밀번호, 핀 번호), 비번, 패스워드, 암호, 토큰, 핀, 키, 시크릿, PIN; written as escapes, as
// the pattern is, so the bundles stay ASCII.
export const koreanSecret: SecretRule = {
  name: 'Secret said in Korean',
  hints: [
    '\ubc88\ud638',
    '\ube44\ubc88',
    '\ud328\uc2a4\uc6cc\ub4dc',
    '\uc554\ud638',
    '\ud1a0\ud070',
    '\ud540',
    '\ud0a4',
    '\uc2dc\ud06c\ub9bf',
    'pin',
  ],
  pattern:
    /(?:\ube44\ubc00[ \t]?\ubc88\ud638|\ube44\ubc88|\ud328\uc2a4\uc6cc\ub4dc|\uc554\ud638|\ud1a0\ud070|\ud540[ \t]?\ubc88\ud638|\uc778\uc99d[ \t]?\ud0a4|API[ \t]?\ud0a4|\uc2dc\ud06c\ub9bf(?:[ \t]?\ud0a4)?|PIN)(?:\uc740|\ub294|\uc774|\uac00)?(?=[ \t]|:|=)/g,
  pick: pickKorean,
};

// ---- SQL ----------------------------------------------------------------------------------------

function pickSql(match: RegExpExecArray, text: string): Span | null {
  // Then, each optional: `=`, `PASSWORD(` (MySQL's old function), blanks between.
  const end = match.index + match[0].length;
  let pos = skipBlanks(text, end);
  // `type="password" name=…`: a quote right after the word closes the string the word is in.
  if (pos === end && text[pos] !== '=' && text[pos] !== '(') return null;
  if (text[pos] === '=') pos = skipBlanks(text, pos + 1);
  if (/^password[ \t]*\(/i.test(text.slice(pos, pos + 18))) pos = text.indexOf('(', pos) + 1;
  else if (text[pos] === '(') pos++;
  pos = skipBlanks(text, pos);
  const c = text[pos];
  if (c === "'" || c === '"') {
    const value = readQuoted(text, pos);
    const inner = text.slice(value.start, value.end);
    if (!value.closed || inner === '' || isPlaceholder(inner) || isReference(inner)) return null;
    return { start: value.start, end: value.end };
  }
  // Oracle's `IDENTIFIED BY secret` takes an unquoted word.
  if (!/^identified/i.test(match[0]) || c === undefined || !/[A-Za-z0-9]/.test(c)) return null;
  const word = readWord(text, pos);
  const value = text.slice(word.start, word.end);
  if (isPlaceholder(value) || isReference(value) || /^(?:values|password)$/i.test(value)) return null;
  return word;
}

export const sqlPassword: SecretRule = {
  name: 'SQL password literal',
  hints: ['password', 'identified'],
  pattern:
    /(?<![A-Za-z0-9_\-"'=.])(?:PASSWORD|IDENTIFIED[ \t]{1,8}(?:WITH[ \t]{1,8}[A-Za-z_]{1,40}[ \t]{1,8})?BY)(?![A-Za-z0-9_-])/gi,
  pick: pickSql,
};

/** Samples of the rules above, by rule name: read by the tests and the bench, never by a hook. */
export const PROSE_SAMPLES: Readonly<Record<string, RuleSamples>> = {
  'Secret said in words': {
    redacts: [
      { text: 'Set up the .env. My password is Tr0ub4dor&3 and the key is in 1Password', secret: 'Tr0ub4dor&3' },
      { text: 'the password is Zq8!xLm2pW', secret: 'Zq8!xLm2pW' },
      { text: 'login with user bob and password Zq8xLm2pWq7', secret: 'Zq8xLm2pWq7' },
      { text: 'use token abcdef0123456789abcdef0123456789', secret: 'abcdef0123456789abcdef0123456789' },
      { text: 'my ssh passphrase is "purple monkey dishwasher 42"', secret: 'purple monkey dishwasher 42' },
      { text: "the db passphrase 'correct horse battery staple' opens it", secret: 'correct horse battery staple' },
      { text: 'my PIN is 4821, keep it safe', secret: '4821' },
      { text: 'the card PIN 902114 works', secret: '902114' },
      { text: 'my password is swordfish.', secret: 'swordfish' },
      { text: 'the api key is 9fA3kL0pQ7zX2mN8, use it for staging', secret: '9fA3kL0pQ7zX2mN8' },
      { text: 'here is my stripe key: rk_9fA3kL0pQ7zX2mN8wq', secret: 'rk_9fA3kL0pQ7zX2mN8wq' },
      { text: 'Password: hunter22 (the admin one)', secret: 'hunter22' },
      { text: 'the wifi passcode was 55501234', secret: '55501234' },
      { text: 'I set the admin password to Adm1n!Secret9 as you asked.', secret: 'Adm1n!Secret9' },
    ],
    keeps: [
      'add a reset-password form',
      'the password field should be masked',
      'the password is hashed with bcrypt',
      'the password is too short',
      'show an error when the password is wrong',
      'token refresh fails after 401',
      'pin lodash to 4.17.21',
      'rename token.ts to auth-token.ts',
      'the primary key is id',
      'a secret manager holds it',
      'password: hash(req.body.password),',
      'password: string;',
      'const token = await getToken(user)',
      'passphrase "$PASSPHRASE"',
      'the key is to keep hooks fast',
      'check the password policy v2',
      'we need a password to access the staging db',
    ],
  },
  'Secret said in Korean': {
    redacts: [
      { text: '비밀번호는 Zq8xLm2pWq5 입니다', secret: 'Zq8xLm2pWq5' },
      { text: '비밀번호는 Zq8xLm2pWq5입니다', secret: 'Zq8xLm2pWq5' },
      { text: '암호: Qw3rty!99', secret: 'Qw3rty!99' },
      { text: '토큰 ghx_abcdEFGH12345678 로 로그인해줘', secret: 'ghx_abcdEFGH12345678' },
      { text: '비번은 hunter22 이야', secret: 'hunter22' },
      { text: '패스워드가 "보라색 원숭이 42" 입니다', secret: '보라색 원숭이 42' },
      { text: '핀 번호는 4821', secret: '4821' },
      { text: '비밀 번호: Zq8xLm2pWq3', secret: 'Zq8xLm2pWq3' },
      { text: 'API 키: 9fA3kL0pQ7zX2mN8', secret: '9fA3kL0pQ7zX2mN8' },
    ],
    keeps: [
      '비밀번호 변경 화면 만들어줘',
      '비밀번호는 8자 이상이어야 해',
      '암호화 키를 환경 변수로 옮겨줘',
      '토큰 만료 처리 추가해줘',
      '비밀번호: 입력 필드에 마스킹',
    ],
  },
  'SQL password literal': {
    redacts: [
      { text: `psql -c "CREATE ROLE app LOGIN PASSWORD 'S3cretRole'"`, secret: 'S3cretRole' },
      { text: "ALTER USER app WITH ENCRYPTED PASSWORD 'two words 4 us';", secret: 'two words 4 us' },
      { text: "CREATE USER 'app'@'%' IDENTIFIED BY 'My5qlPw!';", secret: 'My5qlPw!' },
      {
        text: "ALTER USER 'app'@'localhost' IDENTIFIED WITH mysql_native_password BY 'N4tivePw';",
        secret: 'N4tivePw',
      },
      { text: 'CREATE USER scott IDENTIFIED BY Tiger123;', secret: 'Tiger123' },
      { text: "SET PASSWORD FOR 'app'@'%' = PASSWORD('0ldStyle');", secret: '0ldStyle' },
    ],
    keeps: [
      'ALTER ROLE app WITH PASSWORD NULL;',
      'psql -c "ALTER ROLE app PASSWORD \'$APP_PW\'"',
      'CREATE USER app IDENTIFIED BY :pw',
      'ALTER USER app PASSWORD EXPIRE',
    ],
  },
};
