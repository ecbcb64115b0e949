// Secrets recognised by the name they are given: a credential-named key with a literal value
// (`DB_PASSWORD=…`, `"client_secret": "…"`, `password: …`, `?api_key=…`) and a password flag
// (`--password x`). The regex finds a name; the picker reads the value with bounded forward scans.
import type { RuleSamples, SecretRule, Span } from './engine.js';
import { NO_STOP, shellWords } from './shell-words.js';
import { credentialName, type NameStrength } from './names.js';
import {
  bareKind,
  isQuote,
  isReference,
  lineEnd,
  lineStart,
  quotedKind,
  readBare,
  readValue,
  secretSpan,
  skipBlanks,
  type Value,
  VALUE_MAX,
} from './values.js';

const AUTH_SCHEME = /^(?:Bearer|Basic|Token|Bot|Digest|Negotiate|ApiKey|SSWS)$/i;

// ---- key = value, key: value ------------------------------------------------------------------

// Helper regexes below run on slices of at most 80 characters.
const LINE_HEAD = /^[ \t]*(?:(?:export|set|ENV|ARG|declare|local|readonly|typeset)[ \t]+|-[ \t]+)?$/;
const TYPE_ANNOTATION = /^[A-Za-z_][\w.[\]|<>, ]{0,60}?=(?![=>])/;
const CAMEL = /^[a-z]+[A-Z][A-Za-z]*$/;
const CONN_STRING_NEXT = /^;[ \t]*[A-Za-z][A-Za-z ]{0,30}=/;

function pickAssignment(match: RegExpExecArray, text: string): Span | null {
  const key = match.groups?.['key'] ?? '';
  const sep = match.groups?.['sep'] ?? '';
  const strength = credentialName(key);
  if (!strength) return null;
  const whole = match[0];
  const opened = isQuote(whole[0]) ? whole[0] : '';
  const closed =
    opened !== '' &&
    whole
      .slice(1 + key.length)
      .trimStart()
      .startsWith(opened);
  const before = text[match.index - 1] ?? '';
  const sepEnd = match.index + whole.length;
  const pos = skipBlanks(text, sepEnd);
  const spaced = pos > sepEnd || /[ \t]$/.test(whole.slice(0, whole.length - sep.length));

  // `key:value` without a space is a host:port or a word, not YAML or an object property.
  if (sep === ':' && pos === sepEnd && !isQuote(text[pos])) return null;

  let value = readValue(text, pos, false);
  if (!value) return null;
  // `password: str = "x"`, `const token: string = "x"`: the value follows the type annotation.
  if (sep === ':' && !opened && !value.quote && bareKind(text.slice(value.start, value.end), '') !== 'literal') {
    const annotation = TYPE_ANNOTATION.exec(text.slice(pos, pos + 80));
    if (annotation) {
      value = readValue(text, skipBlanks(text, pos + annotation[0].length), false);
      if (!value) return null;
    }
  }
  if (value.quote) {
    // The quote that closes the string the key sits in: "?token=" + t, 'password=' + pw.
    if (pos === sepEnd && (before === '?' || before === '&' || (before === value.quote && !opened))) return null;
    const prefix = text[value.start - 2] ?? '';
    if (quotedKind(text, value, prefix, text.slice(value.after, value.after + 16)) !== 'literal') return null;
    return afterScheme(text, value.start, value.end, strength, key) ?? read(value.after);
  }

  const raw = text.slice(value.start, value.end);
  const following = text.slice(value.end, value.end + 16);
  if (AUTH_SCHEME.test(raw)) return schemeValue(text, value.end, strength, key);
  const envStyle = sep === '=' && !spaced && !opened && !/^[,)]/.test(following);
  // In `KEY=value && next`, `&&` ends a shell command; it is not an operator on the value.
  const kind = bareKind(raw, envStyle ? '' : following);
  if (kind === 'expression') return null;

  const head = spaced && (sep === ':' || sep === '=') ? lineHeadOf(text, match.index) : null;
  const lineShaped = head !== null && LINE_HEAD.test(head);
  const headerInString = sep === ':' && opened !== '' && !closed;
  const connString = sep === '=' && (before === ';' || CONN_STRING_NEXT.test(following));
  if (kind === 'identifier') {
    const literal = envStyle || connString || headerInString || /\d/.test(raw) || (lineShaped && !CAMEL.test(raw));
    if (!literal) return null;
  }
  // YAML, INI and header values run to the end of the line: passphrases have spaces.
  let end = value.end;
  if (lineShaped || headerInString) end = restOfValue(text, value, headerInString ? opened : '');
  return secretSpan(text, value.start, end, strength, key) ?? read(end);
}

/** A literal value read and found not to be a secret: nothing to redact, nothing to read again. */
function read(end: number): Span {
  return { start: end, end };
}

/** Where a YAML/INI plain value ends: the end of the line, before a comment or the closing quote. */
function restOfValue(text: string, value: Value, quote: string): number {
  const stop = lineEnd(text, value.end);
  let end = value.end;
  for (let i = value.end; i < stop; i++) {
    const c = text[i];
    if (c === quote || (c === '#' && /[ \t]/.test(text[i - 1] ?? ''))) break;
    if (c !== ' ' && c !== '\t') end = i + 1;
  }
  const rest = text.slice(value.end, end);
  // A trailing comma or semicolon is the line's punctuation, not part of the value.
  return rest.trim() === '' ? value.end : end - (/[,;]$/.test(rest) ? 1 : 0);
}

function lineHeadOf(text: string, index: number): string | null {
  const start = lineStart(text, index, 80);
  return start < 0 ? null : text.slice(start, index);
}

/** `Bearer abc…` inside a value: the credential is what follows the scheme. */
function afterScheme(text: string, start: number, end: number, strength: NameStrength, name: string): Span | null {
  const scheme = /^(?:Bearer|Basic|Token|Bot|Digest|Negotiate|ApiKey|SSWS)[ \t]+/i.exec(
    text.slice(start, Math.min(end, start + 24)),
  );
  return secretSpan(text, start + (scheme ? scheme[0].length : 0), end, strength, name);
}

function schemeValue(text: string, from: number, strength: NameStrength, name: string): Span | null {
  const pos = skipBlanks(text, from);
  if (pos === from) return null;
  const value = readBare(text, pos, false);
  if (value.end === value.start) return null;
  return secretSpan(text, value.start, value.end, strength === 'weak' ? 'weak' : 'strong', name);
}

export const assignment: SecretRule = {
  name: 'Credential assignment',
  hints: ['pass', 'pw', 'secret', 'token', 'key', 'auth', 'sig', 'cred', 'conn'],
  // `["']?\]?`: a quoted key, also as a subscript: os.environ["API_KEY"] = "…"
  pattern:
    /(?<![A-Za-z0-9_.-])["']?(?<key>[A-Za-z_][A-Za-z0-9_.-]{0,79})["']?\]?[ \t]{0,8}(?<sep>:=|=>|=(?!=)|:(?![:/]))/g,
  pick: pickAssignment,
};

// ---- --password value ---------------------------------------------------------------------------

const PASS_SUFFIX_WORDS = new Set(['bypass', 'compass', 'overpass', 'surpass', 'trespass', 'encompass', 'underpass']);

function flagStrength(flag: string, dashes: number): NameStrength | null {
  // Java system properties: -Djavax.net.ssl.keyStorePassword=…
  if (dashes === 1 && /^D[a-z]/.test(flag)) return credentialName(flag.slice(1));
  // `-pSECRET` is a mysql password, not a flag named "psecret": single-dash names must be lowercase words.
  if (dashes === 1 && (flag.length < 4 || !/^[a-z]+$/.test(flag))) return null;
  const lower = flag.toLowerCase();
  if (/^[a-z]+pass$/.test(lower) && !PASS_SUFFIX_WORDS.has(lower)) return 'strong'; // keytool -storepass
  return credentialName(flag);
}

function pickFlag(match: RegExpExecArray, text: string): Span | null {
  const flag = match.groups?.['flag'] ?? '';
  const strength = flagStrength(flag, match[0].length - flag.length);
  if (!strength) return null;
  const end = match.index + match[0].length;
  const pos = text[end] === '=' ? end + 1 : skipBlanks(text, end);
  if (pos === end) return null;
  const value = readValue(text, pos, true);
  if (!value) return null;
  const raw = text.slice(value.start, value.end);
  if (!value.quote && raw.startsWith('-')) return null; // the next flag: this one prompts
  if (value.quote && quotedKind(text, value, '', '') !== 'literal') return null;
  // A flag named inside a quoted string is prose (`git commit -m "add a --token option"`): only a
  // value that looks random is taken for a secret there.
  const inProse = !value.quote && /^[a-z]+$/.test(raw) && insideDoubleQuotes(text, match.index);
  // openssl's pass phrase argument syntax, which keytool, apksigner and others share: `pass:<secret>`
  // holds one, `env:VAR`, `file:path` and `fd:n` only say where it is.
  if (/^(?:env|file|fd):/.test(raw)) return null;
  // A quoted part glued to more (`'it'\''s a pass'`) is one shell word: it is taken whole.
  if (value.quote && value.closed && /[^\s;|&)]/.test(text[value.after] ?? ' ')) {
    const [word] = shellWords(text, pos, NO_STOP, VALUE_MAX, false, 1);
    if (word && !isReference(word.text)) return { start: word.start, end: word.end };
  }
  const start = raw.startsWith('pass:') ? value.start + 5 : value.start;
  return secretSpan(text, start, value.end, inProse ? 'weak' : strength, flag);
}

/** An odd number of double quotes between the start of the line and `pos` (at most 200 back). */
function insideDoubleQuotes(text: string, pos: number): boolean {
  const found = lineStart(text, pos, 200);
  const start = found < 0 ? pos - 200 : found;
  let quotes = 0;
  for (let i = start; i < pos; i++) if (text[i] === '"' && text[i - 1] !== '\\') quotes++;
  return quotes % 2 === 1;
}

export const flag: SecretRule = {
  name: 'Password flag',
  hints: ['pass', 'pw', 'secret', 'token', 'key', 'auth', 'sig', 'cred'],
  pattern: /(?<!\S)--?(?<flag>[A-Za-z][A-Za-z0-9_.-]{0,47})(?=[= \t\\])/g,
  pick: pickFlag,
};

/** Samples of the rules above, by rule name: read by the tests and the bench, never by a hook (lib/redact/samples.ts). */
export const ASSIGNMENT_SAMPLES: Readonly<Record<string, RuleSamples>> = {
  'Credential assignment': {
    redacts: [
      { text: 'DB_PASSWORD=s3cr3t-Value', secret: 's3cr3t-Value' },
      { text: 'ENCRYPTION_KEY=9f2c4e7a1b3d5f60', secret: '9f2c4e7a1b3d5f60' },
      { text: 'MAILGUN_API_KEY=key-3ax6xnjp29jd6fds4gc373sgvjxteol0', secret: 'key-3ax6xnjp29jd6fds4gc373sgvjxteol0' },
      { text: 'export GITHUB_TOKEN=Zq8LmT3vR9xK2pW7', secret: 'Zq8LmT3vR9xK2pW7' },
      { text: 'db:\n  password: hunter2hunter2', secret: 'hunter2hunter2' },
      { text: '{"client_secret": "pXq7-Lm2_Rt9vBn4"}', secret: 'pXq7-Lm2_Rt9vBn4' },
      { text: '[database]\npassword = correct horse battery staple', secret: 'correct horse battery staple' },
      { text: 'PASSPHRASE="open sesame now please"', secret: 'open sesame now please' },
      { text: "const apiKey = 'AbC9dEf8GhI7jKl6'", secret: 'AbC9dEf8GhI7jKl6' },
      { text: 'conn = psycopg2.connect(host="db", password="Tr0ub4dor&3")', secret: 'Tr0ub4dor&3' },
      { text: 'Server=tcp:db.example.net;Database=app;User Id=sa;Password=myPassword;', secret: 'myPassword' },
      {
        text: 'DefaultEndpointsProtocol=https;AccountName=shopdata;AccountKey=q8Lm3vR9xK2pW7nB4yC6hD1jF5gS0aE8uQ9tZ3wX7cV5bN1mK4lJ2hG6fD8sA0pO9iU7yT5rE3wQ1zX==;EndpointSuffix=core.windows.net',
        secret: 'q8Lm3vR9xK2pW7nB4yC6hD1jF5gS0aE8uQ9tZ3wX7cV5bN1mK4lJ2hG6fD8sA0pO9iU7yT5rE3wQ1zX==',
      },
      {
        text: 'https://shop.blob.core.windows.net/c/a.png?sv=2022-11-02&ss=b&sp=r&se=2026-12-01T00:00:00Z&sig=Xy7%2Bq9LmZ3vR1nK7wYc3HdJ6sGa%3D',
        secret: 'Xy7%2Bq9LmZ3vR1nK7wYc3HdJ6sGa%3D',
      },
      {
        text: 'curl "https://maps.example.com/api/geocode?address=x&key=9fA3kL0pQ7zX2mN8"',
        secret: '9fA3kL0pQ7zX2mN8',
      },
      { text: 'curl -H "X-Auth-Token: opensesame" https://api.example.com', secret: 'opensesame' },
      { text: 'Authorization: Token 9e107d9d372bb6826bd81d3542a419d6', secret: '9e107d9d372bb6826bd81d3542a419d6' },
      { text: 'password: str = "hunter2hunter2"', secret: 'hunter2hunter2' },
      { text: "$password = 'Pa55w0rd!';", secret: 'Pa55w0rd!' },
      { text: 'secret_key_base: 4f8a9c2e1d7b3a6f5e0c8d2b9a1f7e3c', secret: '4f8a9c2e1d7b3a6f5e0c8d2b9a1f7e3c' },
      { text: 'docker run -e POSTGRES_PASSWORD=pgpass4711 postgres', secret: 'pgpass4711' },
      { text: 'kubectl create secret generic db --from-literal=password=hunter2x', secret: 'hunter2x' },
      {
        text: '//registry.npmjs.org/:_authToken=a1b2c3d4-e5f6-7a8b-9c0d-e1f2a3b4c5d6',
        secret: 'a1b2c3d4-e5f6-7a8b-9c0d-e1f2a3b4c5d6',
      },
      {
        text: 'os.environ["AWS_SECRET_ACCESS_KEY"] = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"',
        secret: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      },
    ],
    keeps: [
      'const token = req.headers.authorization',
      'password: hash(req.body.password),',
      'const SECRET = process.env.SECRET',
      'const csrfToken = document.querySelector(\'meta[name="csrf-token"]\').content',
      'password: string;',
      'password=$DB_PASSWORD',
      'api_key = os.environ["API_KEY"]',
      'token_type: "bearer"',
      'max_tokens: 4096',
      "const TOKEN_KEY = 'auth_token'",
      'connect(host=host, password=password)',
      'headers: { Authorization: `Bearer ${token}` }',
      'password: ${{ secrets.DB_PASSWORD }}',
    ],
  },
  'Password flag': {
    redacts: [
      { text: 'mysql --password hunter2 -u root', secret: 'hunter2' },
      { text: 'login --token=abcdef123456', secret: 'abcdef123456' },
      { text: 'psql --db-password "open sesame please" -h db', secret: 'open sesame please' },
      { text: 'deploy --api-key \\\n    9fA3kL0pQ7zX2mN8 --region eu', secret: '9fA3kL0pQ7zX2mN8' },
      { text: 'keytool -importkeystore -srcstorepass changeit1 -deststorepass K3yst0re!', secret: 'K3yst0re!' },
      { text: 'doctl auth init --access-token dop_local_4f8a9c2e1d7b3a6f', secret: 'dop_local_4f8a9c2e1d7b3a6f' },
      { text: 'java -Djavax.net.ssl.keyStorePassword=St0rePass -jar app.jar', secret: 'St0rePass' },
      { text: "gpg --batch --pinentry-mode loopback --passphrase 'open sesame' -c notes.txt", secret: 'open sesame' },
      {
        text: 'keytool -genkeypair -alias app -keystore app.jks -storepass St0re1Pw -keypass K3yPass9',
        secret: 'K3yPass9',
      },
      { text: 'apksigner sign --ks release.jks --ks-pass pass:Rel3asePw app.apk', secret: 'Rel3asePw' },
      {
        text: 'consul kv get -token=5b6c7d8e-9f01-4a2b-8c3d-4e5f6a7b8c9d config/db',
        secret: '5b6c7d8e-9f01-4a2b-8c3d-4e5f6a7b8c9d',
      },
      { text: 'mysql -u root --password="two word pass" shop', secret: 'two word pass' },
      { text: "curl --password 'it'\\''s a pass' https://x", secret: 's a pass' },
    ],
    keeps: [
      'echo "$PW" | docker login -u ci --password-stdin ghcr.io',
      'mysql -u root --password',
      'gh auth login --with-token < token.txt',
      'app --token "$API_TOKEN"',
      'curl --oauth2-bearer $TOKEN https://api.example.com',
      'openssl req -new -key server.key -out server.csr',
      'llm --max-tokens 400 "summarise"',
      'git commit -m "feat: add a --token option to deploy"',
      'gpg --batch --passphrase-fd 0 --decrypt notes.gpg',
      'keytool -list -keystore app.jks -storepass:env STORE_PASS',
      'apksigner sign --ks release.jks --ks-pass env:KS_PASS app.apk',
      'apksigner sign --ks release.jks --ks-pass file:ks.txt app.apk',
    ],
  },
};
