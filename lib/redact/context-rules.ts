// Secrets recognised by where they stand rather than by their shape: a credential-named key with a
// literal value, a password flag, a tool's password argument, URL userinfo, .netrc, PEM keys.
// Each regex only finds a candidate; the picker reads the value with bounded forward scans.
import type { SecretRule, Span } from './engine.js';
import { credentialName, type NameStrength } from './names.js';
import { shellWords, type Word } from './shell-words.js';
import {
  bareKind, isPlaceholder, isQuote, isReference, lineEnd, lineStart, looksRandom, quotedKind, readBare, readValue, skipBlanks, type Value,
} from './values.js';

/** The secret part of a value under a name of `strength`, or null when it is not one. */
function secretSpan(text: string, start: number, end: number, strength: NameStrength, name: string): Span | null {
  const value = text.slice(start, end);
  if (isPlaceholder(value, name) || isReference(value)) return null;
  if (strength === 'weak' && !looksRandom(value)) return null;
  return { start, end };
}

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
  const closed = opened !== '' && whole.slice(1 + key.length).trimStart().startsWith(opened);
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
  const scheme = /^(?:Bearer|Basic|Token|Bot|Digest|Negotiate|ApiKey|SSWS)[ \t]+/i.exec(text.slice(start, Math.min(end, start + 24)));
  return secretSpan(text, start + (scheme ? scheme[0].length : 0), end, strength, name);
}

function schemeValue(text: string, from: number, strength: NameStrength, name: string): Span | null {
  const pos = skipBlanks(text, from);
  if (pos === from) return null;
  const value = readBare(text, pos, false);
  if (value.end === value.start) return null;
  return secretSpan(text, value.start, value.end, strength === 'weak' ? 'weak' : 'strong', name);
}

const assignment: SecretRule = {
  name: 'Credential assignment',
  hints: ['pass', 'pw', 'secret', 'token', 'key', 'auth', 'sig', 'cred', 'conn'],
  // `["']?\]?`: a quoted key, also as a subscript: os.environ["API_KEY"] = "…"
  pattern: /(?<![A-Za-z0-9_.-])["']?(?<key>[A-Za-z_][A-Za-z0-9_.-]{0,79})["']?\]?[ \t]{0,8}(?<sep>:=|=>|=(?!=)|:(?![:/]))/g,
  pick: pickAssignment,
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
    { text: 'DefaultEndpointsProtocol=https;AccountName=shopdata;AccountKey=q8Lm3vR9xK2pW7nB4yC6hD1jF5gS0aE8uQ9tZ3wX7cV5bN1mK4lJ2hG6fD8sA0pO9iU7yT5rE3wQ1zX==;EndpointSuffix=core.windows.net', secret: 'q8Lm3vR9xK2pW7nB4yC6hD1jF5gS0aE8uQ9tZ3wX7cV5bN1mK4lJ2hG6fD8sA0pO9iU7yT5rE3wQ1zX==' },
    { text: 'https://shop.blob.core.windows.net/c/a.png?sv=2022-11-02&ss=b&sp=r&se=2026-12-01T00:00:00Z&sig=Xy7%2Bq9LmZ3vR1nK7wYc3HdJ6sGa%3D', secret: 'Xy7%2Bq9LmZ3vR1nK7wYc3HdJ6sGa%3D' },
    { text: 'curl "https://maps.example.com/api/geocode?address=x&key=9fA3kL0pQ7zX2mN8"', secret: '9fA3kL0pQ7zX2mN8' },
    { text: 'curl -H "X-Auth-Token: opensesame" https://api.example.com', secret: 'opensesame' },
    { text: 'Authorization: Token 9e107d9d372bb6826bd81d3542a419d6', secret: '9e107d9d372bb6826bd81d3542a419d6' },
    { text: 'password: str = "hunter2hunter2"', secret: 'hunter2hunter2' },
    { text: '$password = \'Pa55w0rd!\';', secret: 'Pa55w0rd!' },
    { text: 'secret_key_base: 4f8a9c2e1d7b3a6f5e0c8d2b9a1f7e3c', secret: '4f8a9c2e1d7b3a6f5e0c8d2b9a1f7e3c' },
    { text: 'docker run -e POSTGRES_PASSWORD=pgpass4711 postgres', secret: 'pgpass4711' },
    { text: 'kubectl create secret generic db --from-literal=password=hunter2x', secret: 'hunter2x' },
    { text: '//registry.npmjs.org/:_authToken=a1b2c3d4-e5f6-7a8b-9c0d-e1f2a3b4c5d6', secret: 'a1b2c3d4-e5f6-7a8b-9c0d-e1f2a3b4c5d6' },
    { text: 'os.environ["AWS_SECRET_ACCESS_KEY"] = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"', secret: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' },
  ],
  keeps: [
    'const token = req.headers.authorization',
    'password: hash(req.body.password),',
    'const SECRET = process.env.SECRET',
    "const csrfToken = document.querySelector('meta[name=\"csrf-token\"]').content",
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
  return secretSpan(text, value.start, value.end, strength, flag);
}

const flag: SecretRule = {
  name: 'Password flag',
  hints: ['pass', 'pw', 'secret', 'token', 'key', 'auth', 'sig', 'cred'],
  pattern: /(?<!\S)--?(?<flag>[A-Za-z][A-Za-z0-9_.-]{0,47})(?=[= \t\\])/g,
  pick: pickFlag,
  redacts: [
    { text: 'mysql --password hunter2 -u root', secret: 'hunter2' },
    { text: 'login --token=abcdef123456', secret: 'abcdef123456' },
    { text: 'psql --db-password "open sesame please" -h db', secret: 'open sesame please' },
    { text: 'deploy --api-key \\\n    9fA3kL0pQ7zX2mN8 --region eu', secret: '9fA3kL0pQ7zX2mN8' },
    { text: 'keytool -importkeystore -srcstorepass changeit1 -deststorepass K3yst0re!', secret: 'K3yst0re!' },
    { text: 'doctl auth init --access-token dop_local_4f8a9c2e1d7b3a6f', secret: 'dop_local_4f8a9c2e1d7b3a6f' },
    { text: 'java -Djavax.net.ssl.keyStorePassword=St0rePass -jar app.jar', secret: 'St0rePass' },
  ],
  keeps: [
    'echo "$PW" | docker login -u ci --password-stdin ghcr.io',
    'mysql -u root --password',
    'gh auth login --with-token < token.txt',
    'app --token "$API_TOKEN"',
    'curl --oauth2-bearer $TOKEN https://api.example.com',
    'openssl req -new -key server.key -out server.csr',
    'llm --max-tokens 400 "summarise"',
  ],
};

// ---- tools that take a password as an argument ---------------------------------------------------

interface ToolSpec {
  /** Flags whose value is glued to them: `-pSECRET`. */
  readonly attached?: readonly string[];
  /** Flags whose value is the next word: `-p SECRET`. */
  readonly next?: readonly string[];
  /** Only in this subcommand: `docker login`. */
  readonly within?: string;
  /** The password's position among the non-flag words. */
  readonly positional?: (words: readonly Word[]) => Word | null;
}

const MYSQL: ToolSpec = { attached: ['-p'] };
const MONGO: ToolSpec = { next: ['-p'], attached: [] };
const LOGIN: ToolSpec = { next: ['-p'], within: 'login' };
const LDAP: ToolSpec = { next: ['-w'] };

const TOOL_SPECS: Readonly<Record<string, ToolSpec>> = {
  mysql: MYSQL, mysqldump: MYSQL, mysqladmin: MYSQL, mysqlimport: MYSQL, mysqlshow: MYSQL, mysqlcheck: MYSQL, mariadb: MYSQL, 'mariadb-dump': MYSQL,
  mongo: MONGO, mongosh: MONGO, mongodump: MONGO, mongorestore: MONGO, mongoexport: MONGO, mongoimport: MONGO,
  sshpass: { attached: ['-p'], next: ['-p'] },
  'redis-cli': { next: ['-a'] },
  sqlcmd: { next: ['-P'] }, bcp: { next: ['-P'] },
  zip: { next: ['-P'] }, zipcloak: { next: ['-P'] }, unzip: { next: ['-P'] },
  '7z': { attached: ['-p'] }, '7za': { attached: ['-p'] }, '7zr': { attached: ['-p'] },
  ldapsearch: LDAP, ldapadd: LDAP, ldapmodify: LDAP, ldapdelete: LDAP, ldapwhoami: LDAP, ldappasswd: LDAP, ldapcompare: LDAP,
  doctl: { next: ['-t'] },
  docker: LOGIN, podman: LOGIN, buildah: LOGIN, skopeo: LOGIN, nerdctl: LOGIN, helm: LOGIN, oras: LOGIN, crane: LOGIN, cf: LOGIN,
  gh: { next: ['-b', '--body'], within: 'secret' },
  htpasswd: { positional: htpasswdPassword },
  vault: { positional: vaultToken, within: 'login' },
};
const TOOL_NAMES = new Set(Object.keys(TOOL_SPECS));

/** `htpasswd -b[c] file user pass`, `htpasswd -nb user pass`: the password is given with -b. */
function htpasswdPassword(words: readonly Word[]): Word | null {
  const flags = words.filter((word) => !word.quoted && word.text.startsWith('-')).map((word) => word.text.slice(1)).join('');
  if (!flags.includes('b')) return null;
  const positional = words.filter((word) => word.quoted || !word.text.startsWith('-'));
  return positional[flags.includes('n') ? 1 : 2] ?? null;
}

/** `vault login <token>`: the first word that is neither a flag nor `key=value`. */
function vaultToken(words: readonly Word[]): Word | null {
  const at = words.findIndex((word) => word.text === 'login');
  return words.slice(at + 1).find((word) => word.quoted || (!word.text.startsWith('-') && !word.text.includes('='))) ?? null;
}

function pickTool(match: RegExpExecArray, text: string): Span[] | null {
  const spec = TOOL_SPECS[match.groups?.['tool'] ?? ''];
  if (!spec) return null;
  const words = shellWords(text, match.index + match[0].length, TOOL_NAMES);
  if (spec.within && !words.some((word) => word.text === spec.within)) return null;
  const found: Word[] = [];
  const spans: Span[] = [];
  words.forEach((word, index) => {
    const written = text.slice(word.start, word.end);
    if (isQuote(written[0])) return;
    for (const flagName of spec.attached ?? []) {
      const value = word.text.slice(flagName.length);
      if (written.startsWith(flagName) && value && !isReference(value) && !isPlaceholder(value)) {
        spans.push({ start: word.start + flagName.length, end: word.end });
      }
    }
    const value = words[index + 1];
    if (value && spec.next?.includes(written) && (value.quoted || !value.text.startsWith('-'))) found.push(value);
  });
  const positional = spec.positional?.(words);
  if (positional) found.push(positional);
  for (const word of found) {
    if (!isReference(word.text) && !isPlaceholder(word.text) && word.text !== '-') spans.push(insideQuotes(text, word));
  }
  return spans;
}

/** A word's span without the quotes around it, so the redacted command still reads as written. */
function insideQuotes(text: string, word: Word): Span {
  const first = text[word.start];
  const quoted = isQuote(first) && word.end - word.start >= 2 && text[word.end - 1] === first;
  return quoted ? { start: word.start + 1, end: word.end - 1 } : { start: word.start, end: word.end };
}

const tools: SecretRule = {
  name: 'Password argument of a command-line tool',
  // Tool names, shortened to what they share; docker, podman, helm, cf … matter only with `login`.
  hints: ['mysql', 'mariadb', 'mongo', 'sshpass', 'redis-cli', 'sqlcmd', 'bcp', 'zip', '7z', 'ldap', 'doctl', 'login', 'gh', 'htpasswd', 'vault'],
  pattern: /(?<![A-Za-z0-9_./-])(?<tool>mysql|mysqldump|mysqladmin|mysqlimport|mysqlshow|mysqlcheck|mariadb|mariadb-dump|mongo|mongosh|mongodump|mongorestore|mongoexport|mongoimport|sshpass|redis-cli|sqlcmd|bcp|zip|zipcloak|unzip|7z|7za|7zr|ldapsearch|ldapadd|ldapmodify|ldapdelete|ldapwhoami|ldappasswd|ldapcompare|doctl|docker|podman|buildah|skopeo|nerdctl|helm|oras|crane|cf|gh|htpasswd|vault)(?=[ \t])/g,
  pick: pickTool,
  redacts: [
    { text: 'mysql -u root -pS3cretPw app < dump.sql', secret: 'S3cretPw' },
    { text: "mysqldump -uroot -p'two words' shop", secret: 'two words' },
    { text: 'docker login -u deploy -p dckr_pat_4f8a9c2e1d7b registry.example.com', secret: 'dckr_pat_4f8a9c2e1d7b' },
    { text: 'sshpass -p "Hunter 2" ssh admin@10.0.0.5', secret: 'Hunter 2' },
    { text: 'redis-cli -h cache -a R3disPass ping', secret: 'R3disPass' },
    { text: 'htpasswd -bc /etc/nginx/.htpasswd admin AdminPw99', secret: 'AdminPw99' },
    { text: 'htpasswd -nb admin s3cret', secret: 's3cret' },
    { text: 'vault login s.Xq7Lm2Rt9vBn4Kp8Wy3Cz6Hd', secret: 's.Xq7Lm2Rt9vBn4Kp8Wy3Cz6Hd' },
    { text: 'doctl -t 4f8a9c2e1d7b3a6f5e0c8d2b compute droplet list', secret: '4f8a9c2e1d7b3a6f5e0c8d2b' },
    { text: 'ldapsearch -x -D cn=admin,dc=example,dc=org -w LdapPw1 -b dc=example,dc=org', secret: 'LdapPw1' },
    { text: 'mongosh "mongodb://db:27017" -u admin -p M0ngoPw', secret: 'M0ngoPw' },
    { text: 'zip -P ZipPw123 backup.zip notes.txt', secret: 'ZipPw123' },
    { text: 'gh secret set DEPLOY_KEY --body Kp8Wy3Cz6Hd', secret: 'Kp8Wy3Cz6Hd' },
  ],
  keeps: [
    'mysql -u root -p app',
    'docker run -p 8080:80 nginx',
    'docker login -u deploy --password-stdin registry.example.com',
    'redis-cli -a "$REDIS_PASSWORD" ping',
    'unzip -o build.zip -d out',
    'vault login -method=oidc',
    'mysql -u root -p"$MYSQL_PWD" app',
  ],
};

const NO_STOP: ReadonlySet<string> = new Set();

// ---- curl -u user:pass --------------------------------------------------------------------------

function pickUserPass(match: RegExpExecArray, text: string): Span | null {
  const end = match.index + match[0].length;
  const pos = text[end] === '=' ? end + 1 : skipBlanks(text, end);
  if (pos === end) return null;
  const [word] = shellWords(text, pos, NO_STOP, 300, false, 1);
  if (!word) return null;
  const separator = word.text.includes(':') ? ':' : word.text.includes('%') ? '%' : '';
  if (!separator) return null;
  const password = word.text.slice(word.text.indexOf(separator) + 1);
  if (!password || isReference(password) || /^\d+$/.test(password) || isPlaceholder(password)) return null;
  // Positions in the written word: the password runs to its end (minus a closing quote).
  const written = text.slice(word.start, word.end);
  const at = written.indexOf(separator);
  const close = isQuote(written[written.length - 1]) && written.length > 1 ? 1 : 0;
  return { start: word.start + at + 1, end: word.end - close };
}

const userPass: SecretRule = {
  name: 'user:password argument',
  hints: ['-u', '--user', '--proxy-user'],
  pattern: /(?<!\S)(?:-u|-U|--user|--proxy-user)(?=[= \t])/g,
  pick: pickUserPass,
  redacts: [
    { text: 'curl -u admin:Pa55w0rdXYZ https://api.example.com', secret: 'Pa55w0rdXYZ' },
    { text: 'curl --user "ACa1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6:f00dbabe11223344556677889900aabb" https://api.twilio.com', secret: 'f00dbabe11223344556677889900aabb' },
    { text: 'smbclient //nas/share -U backup%Sh4reP4ss', secret: 'Sh4reP4ss' },
  ],
  keeps: ['docker run -u 1000:1000 node:20', 'curl -u "$USER:$TOKEN" https://api.example.com', 'git push -u origin main'],
};

// ---- credentials in URLs ------------------------------------------------------------------------

function pickUrl(match: RegExpExecArray, text: string): Span[] | null {
  const from = match.index + match[0].length;
  const limit = Math.min(text.length, from + 512);
  let end = from;
  while (end < limit && !/[\s/?#"'<>`\\]/.test(text[end] as string)) end++;
  const authority = text.slice(from, end);
  const at = authority.lastIndexOf('@');
  if (at <= 0) return null;
  const userinfo = authority.slice(0, at);
  const colon = userinfo.indexOf(':');
  const user = colon < 0 ? userinfo : userinfo.slice(0, colon);
  const spans: Span[] = [];
  // A token used as the user name: https://<40 hex>@github.com/…, https://hf_…@huggingface.co
  if (user.length >= 20 && looksRandom(user) && !isReference(user)) spans.push({ start: from, end: from + user.length });
  if (colon >= 0) {
    // Everything between the first ':' and the last '@' is the password, '@' included.
    const password = userinfo.slice(colon + 1);
    if (password && !isReference(password) && !/^\{[^}]*\}$/.test(password) && !isPlaceholder(password)) {
      spans.push({ start: from + colon + 1, end: from + at });
    }
  }
  return spans;
}

const url: SecretRule = {
  name: 'Credentials in a URL',
  hints: ['://'],
  pattern: /(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]{1,30}:\/\//g,
  pick: pickUrl,
  redacts: [
    { text: 'postgres://admin:hunter2pass@db.internal:5432/app', secret: 'hunter2pass' },
    { text: 'mysql://root:p@ssw0rdLeak@localhost/shop', secret: 'p@ssw0rdLeak' },
    { text: 'git clone https://bob:s3cret@git.example.com/r.git', secret: 's3cret' },
    { text: 'git clone https://0a1b2c3d4e5f60718293a4b5c6d7e8f901234567@github.com/acme/api.git', secret: '0a1b2c3d4e5f60718293a4b5c6d7e8f901234567' },
    { text: 'redis://:R3dis-P4ss@cache:6379/0', secret: 'R3dis-P4ss' },
    { text: 'amqp://guest:gu3st:colon@rabbit/', secret: 'gu3st:colon' },
  ],
  keeps: [
    'const url = `postgres://${user}:${password}@${host}/db`',
    'DATABASE_URL=postgres://app:${DB_PASSWORD}@db:5432/app',
    'ssh://git@github.com/acme/api.git',
    'see https://medium.com/@someone/post',
    'http://localhost:8080/health',
  ],
};

// ---- .netrc -------------------------------------------------------------------------------------

const NETRC_STOP = new Set(['machine', 'default']);
const NETRC_KEYWORDS = new Set(['login', 'password', 'account', 'port', 'macdef']);

function pickNetrc(match: RegExpExecArray, text: string): Span | null {
  const words = shellWords(text, match.index + match[0].length, NETRC_STOP, 400, true, 12);
  // `machine <host> login …` or `default login …`: anything else is prose.
  const first = words[match[0] === 'machine' ? 1 : 0];
  if (!first || !NETRC_KEYWORDS.has(first.text)) return null;
  const at = words.findIndex((word) => word.text === 'password');
  const value = at < 0 ? undefined : words[at + 1];
  if (!value || isReference(value.text) || isPlaceholder(value.text)) return null;
  return insideQuotes(text, value);
}

const netrc: SecretRule = {
  name: '.netrc password',
  hints: ['machine', 'default'],
  pattern: /(?<![A-Za-z0-9_-])(?:machine|default)(?=[ \t\r\n])/g,
  pick: pickNetrc,
  redacts: [
    { text: 'machine api.heroku.com\n  login me@example.com\n  password 01234567-89ab-cdef-0123-456789abcdef\n', secret: '01234567-89ab-cdef-0123-456789abcdef' },
    { text: 'machine ftp.example.org login anon password Ftp-Pw-77', secret: 'Ftp-Pw-77' },
  ],
  keeps: ['machine learning models need a password manager', 'default login prompt'],
};

// ---- PEM private keys, with or without their BEGIN line --------------------------------------------

function pickPem(match: RegExpExecArray, text: string): Span {
  const from = match.index + match[0].length;
  const endMarker = text.indexOf('-----END', from);
  if (endMarker < 0) return { start: match.index, end: text.length };
  const close = text.indexOf('-----', endMarker + 8);
  return { start: match.index, end: close < 0 || close > endMarker + 60 ? text.length : close + 5 };
}

const pem: SecretRule = {
  name: 'PEM private key block',
  hints: ['private key'],
  pattern: /-----BEGIN (?:[A-Z0-9]{1,12} )?PRIVATE KEY(?: BLOCK)?-----/g,
  pick: pickPem,
  redacts: [
    { text: '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA1c7+9z5Pad7OejecsQ0bu3aozN3tihPmljnnudb9G3HecdNn\n-----END RSA PRIVATE KEY-----', secret: 'MIIEowIBAAKCAQEA1c7+9z5Pad7OejecsQ0bu3aozN3tihPmljnnudb9G3HecdNn' },
    { text: '"private_key": "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\\n-----END PRIVATE KEY-----\\n"', secret: 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASC' },
  ],
  keeps: ['if (pem.startsWith("-----BEGIN PUBLIC KEY-----")) verify(pem)', 'const header = "-----BEGIN " + kind + " PRIVATE KEY-----"'],
};

/** Extends a key body over the base64 lines that follow it (a last short line included). */
function pickKeyBody(match: RegExpExecArray, text: string): Span {
  const limit = Math.min(text.length, match.index + 16 * 1024);
  let end = base64Run(text, match.index + match[0].length, limit);
  for (;;) {
    const next = text.startsWith('\\n', end) ? end + 2 : text[end] === '\r' && text[end + 1] === '\n' ? end + 2 : text[end] === '\n' ? end + 1 : -1;
    if (next < 0) break;
    const lineEndAt = base64Run(text, next, limit);
    const line = text.slice(next, lineEndAt);
    const endsLine = lineEndAt >= text.length || text[lineEndAt] === '\n' || text[lineEndAt] === '\r' || text.startsWith('\\n', lineEndAt);
    if (!endsLine || !isKeyLine(line)) break;
    end = lineEndAt;
  }
  return { start: match.index, end };
}

function base64Run(text: string, from: number, limit: number): number {
  let i = from;
  while (i < limit && /[A-Za-z0-9+/=]/.test(text[i] as string)) i++;
  return i;
}

/** A line of a key body: long, or a short last line that is clearly not a word. */
function isKeyLine(line: string): boolean {
  if (line.length >= 40 || line.endsWith('=')) return true;
  return /[A-Z]/.test(line) && ((line.length >= 8 && /\d/.test(line)) || (line.length >= 12 && /[a-z]/.test(line)));
}

const keyBody: SecretRule = {
  name: 'Private key body without its BEGIN line',
  hints: ['mii', 'mhccaqee', 'b3blbnnzac1rzxktdje'],
  pattern: /(?<![A-Za-z0-9+/])(?:MII[A-Za-z0-9+/]{60}|MHcCAQEE[A-Za-z0-9+/]{40}|b3BlbnNzaC1rZXktdjE[A-Za-z0-9+/]{40})/g,
  pick: pickKeyBody,
  redacts: [
    { text: 'key body:\nMIIEowIBAAKCAQEA1c7+9z5Pad7OejecsQ0bu3aozN3tihPmljnnudb9G3HecdNn\nq8Lm3vR9xK2pW7nB4yC6hD1jF5gS0aE8uQ9tZ3wX7cV5bN1mK4lJ2hG6fD8sA0pO\n', secret: 'q8Lm3vR9xK2pW7nB4yC6hD1jF5gS0aE8uQ9tZ3wX7cV5bN1mK4lJ2hG6fD8sA0pO' },
    { text: 'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACBk', secret: 'QyNTUxOQAAACBk' },
  ],
  keeps: ['const MIIN_LENGTH = 3', 'import { MIIControl } from "./mii"'],
};

const pemLines: SecretRule = {
  name: 'Base64 key lines',
  hints: ['\n'],
  pattern: /(?<![A-Za-z0-9+/=])[A-Za-z0-9+/]{60,76}\r?\n[A-Za-z0-9+/]{60,76}\r?\n/g,
  pick: pickKeyBody,
  redacts: [
    { text: 'pasted:\nq8Lm3vR9xK2pW7nB4yC6hD1jF5gS0aE8uQ9tZ3wX7cV5bN1mK4lJ2hG6fD8sA0pO\nZ3wX7cV5bN1mK4lJ2hG6fD8sA0pOq8Lm3vR9xK2pW7nB4yC6hD1jF5gS0aE8uQ9t\nAbCd==\n-----END PRIVATE KEY-----', secret: 'Z3wX7cV5bN1mK4lJ2hG6fD8sA0pOq8Lm3vR9xK2pW7nB4yC6hD1jF5gS0aE8uQ9t' },
  ],
  keeps: ['line one\nline two\n'],
};

// ---- Bearer / Basic credentials -------------------------------------------------------------------

const bearer: SecretRule = {
  name: 'Bearer or Basic credential',
  hints: ['bearer', 'basic'],
  pattern: /(?<![A-Za-z0-9_-])(?:[Bb]earer|[Bb]asic|BEARER)[ \t]{1,8}(?<secret>[A-Za-z0-9._~+/-]{16,4096}=*)/g,
  pick: (match) => {
    const secret = match.groups?.['secret'] ?? '';
    if (!/\d/.test(secret) && secret.length < 24) return null;
    const end = match.index + match[0].length;
    return { start: end - secret.length, end };
  },
  redacts: [
    { text: 'Bearer 8f14e45fceea167a5a36dedd4bea2543', secret: '8f14e45fceea167a5a36dedd4bea2543' },
    { text: 'curl -H "Authorization: Basic YWRtaW46czNjcjN0LXBhc3M=" https://x', secret: 'YWRtaW46czNjcjN0LXBhc3M=' },
  ],
  keeps: ['Authorization: `Bearer ${token}`', 'uses the Bearer authentication scheme', "headers.set('Authorization', 'Bearer ' + token)"],
};

// ---- `<tool> config set <key> <value>` ------------------------------------------------------------

function pickConfigSet(match: RegExpExecArray, text: string): Span | null {
  const [key, value] = shellWords(text, match.index + match[0].length, NO_STOP, 400, false, 2);
  if (!key || !value) return null;
  const name = key.text.slice(Math.max(key.text.lastIndexOf('/'), key.text.lastIndexOf(':'), key.text.lastIndexOf('.')) + 1);
  const strength = credentialName(name);
  if (!strength) return null;
  const inner = insideQuotes(text, value);
  return secretSpan(text, inner.start, inner.end, strength, name);
}

const configSet: SecretRule = {
  name: 'config set <credential> <value>',
  hints: ['config', 'user-secrets'],
  pattern: /(?<![A-Za-z0-9_-])(?:configure|config|user-secrets)[ \t]{1,8}set(?=[ \t])/g,
  pick: pickConfigSet,
  redacts: [
    { text: 'aws configure set aws_secret_access_key wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', secret: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' },
    { text: 'npm config set //registry.npmjs.org/:_authToken Zq8LmT3vR9xK2pW7nB4y', secret: 'Zq8LmT3vR9xK2pW7nB4y' },
    { text: 'dotnet user-secrets set "Movies:ServiceApiKey" "12345-abcde-67890"', secret: '12345-abcde-67890' },
  ],
  keeps: ['aws configure set region eu-west-1', 'npm config set registry https://registry.npmjs.org/', 'aws configure set aws_secret_access_key "$AWS_SECRET"'],
};

// ---- openssl -passin pass:… ----------------------------------------------------------------------

const opensslPass: SecretRule = {
  name: 'openssl pass: argument',
  hints: ['pass:'],
  pattern: /(?<!\S)-pass(?:in|out)?[ \t]{1,8}pass:(?<secret>[^\s'"]{1,256})/g,
  redacts: [{ text: 'openssl pkcs12 -export -in c.pem -out c.p12 -passout pass:Exp0rtPw', secret: 'Exp0rtPw' }],
  keeps: ['openssl rsa -in key.pem -passin env:KEY_PASS', 'openssl rsa -in key.pem -passin file:pw.txt'],
};

// ---- Twilio auth token (32 hex) beside an account SID or the word twilio ---------------------------------

const twilioAuthToken: SecretRule = {
  name: 'Twilio auth token',
  hints: ['twilio'],
  pattern: /(?<![0-9A-Za-z])[0-9a-f]{32}(?![0-9A-Za-z])/g,
  pick: (match, text) => {
    const window = text.slice(Math.max(0, match.index - 200), match.index).toLowerCase();
    if (!window.includes('twilio') && !/\bac[0-9a-f]{32}\b/.test(window)) return null;
    return { start: match.index, end: match.index + 32 };
  },
  redacts: [{ text: 'from twilio.rest import Client\nclient = Client("ACa1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6", "f00dbabe11223344556677889900aabb")', secret: 'f00dbabe11223344556677889900aabb' }],
  keeps: ['client = Client(os.environ["TWILIO_ACCOUNT_SID"], os.environ["TWILIO_AUTH_TOKEN"])'],
};

export const CONTEXT_RULES: readonly SecretRule[] = [
  pem, keyBody, pemLines, url, netrc, tools, userPass, configSet, opensslPass, bearer, flag, assignment, twilioAuthToken,
];
