// Secrets given to command-line tools by position: `mysql -pX`, `docker login -p x`, `htpasswd -b …`,
// `vault login <token>`, `curl -u user:pass`, `aws configure set <key> <value>`, `openssl … pass:x`.
// Each regex finds the tool; its arguments are split the way sh would, within the one command.
import type { RuleSamples, SecretRule, Span } from './engine.js';
import { credentialName } from './names.js';
import { inQuotedString, insideQuotes, NO_STOP, shellWords, type Word } from './shell-words.js';
import { isPlaceholder, isQuote, isReference, looksRandom, secretSpan, skipBlanks } from './values.js';

// ---- tools that take a password as an argument ---------------------------------------------------

interface ToolSpec {
  /** Flags whose value is glued to them: `-pSECRET`. */
  readonly attached?: readonly string[];
  /** Flags whose value is the next word: `-p SECRET`. */
  readonly next?: readonly string[];
  /** Only in this subcommand: `docker login`. */
  readonly within?: string;
  /** The password's position among the non-flag words. */
  readonly positional?: (words: readonly Word[], text: string) => Span | Word | null;
  /**
   * The tool runs another command after its own options (`sshpass -p x ssh -p 22 host`): its
   * arguments end at the first word that is neither an option nor the value of one of these.
   */
  readonly runs?: readonly string[];
  /** Values written as openssl's pass phrase arguments: `pass:<secret>`, `env:VAR`, `file:path`, `fd:n`, `stdin`. */
  readonly passArg?: boolean;
}

/** Tools that take a password the same way; TOOL_SAMPLES holds commands each must redact and keep. */
export interface ToolFamily {
  readonly tools: readonly string[];
  readonly spec: ToolSpec;
}

const LOGIN: ToolSpec = { next: ['-p', '--password'], within: 'login' };
const LDAP: ToolSpec = { next: ['-w'] };

export const TOOL_FAMILIES: readonly ToolFamily[] = [
  {
    tools: ['mysql', 'mysqldump', 'mysqladmin', 'mysqlimport', 'mysqlshow', 'mysqlcheck', 'mariadb', 'mariadb-dump'],
    spec: { attached: ['-p'] },
  },
  {
    tools: ['mongo', 'mongosh', 'mongodump', 'mongorestore', 'mongoexport', 'mongoimport'],
    spec: { next: ['-p'] },
  },
  {
    tools: ['sshpass'],
    spec: { attached: ['-p'], next: ['-p'], runs: ['-p', '-f', '-d', '-P'] },
  },
  {
    tools: ['redis-cli'],
    spec: { next: ['-a'] },
  },
  {
    tools: ['sqlcmd', 'bcp'],
    spec: { next: ['-P'] },
  },
  {
    tools: ['zip', 'zipcloak', 'unzip'],
    spec: { next: ['-P'] },
  },
  {
    tools: ['7z', '7za', '7zr'],
    spec: { attached: ['-p'] },
  },
  {
    tools: ['rar', 'unrar'],
    spec: { attached: ['-hp', '-p'] },
  },
  {
    tools: ['pdftk'],
    spec: { next: ['user_pw', 'owner_pw', 'input_pw'] },
  },
  {
    tools: ['qpdf'],
    spec: { next: ['--encrypt'] },
  },
  {
    tools: ['ldapsearch', 'ldapadd', 'ldapmodify', 'ldapdelete', 'ldapwhoami', 'ldappasswd', 'ldapcompare'],
    spec: LDAP,
  },
  {
    tools: ['doctl'],
    spec: { next: ['-t'] },
  },
  {
    tools: ['docker', 'podman', 'buildah', 'skopeo', 'nerdctl', 'helm', 'oras', 'crane', 'cf', 'az'],
    spec: LOGIN,
  },
  {
    tools: ['twine', 'cqlsh'],
    spec: { next: ['-p', '--password'] },
  },
  {
    tools: ['gh'],
    spec: { next: ['-b', '--body'], within: 'secret' },
  },
  {
    tools: ['htpasswd'],
    spec: { positional: htpasswdPassword },
  },
  {
    tools: ['vault'],
    spec: { positional: vaultToken, within: 'login' },
  },
  {
    tools: ['ssh-keygen'],
    spec: { attached: ['-N', '-P'], next: ['-N', '-P'] },
  },
  {
    tools: ['openssl'],
    spec: { next: ['-k', '-pass', '-passin', '-passout', '-password'], passArg: true },
  },
  {
    tools: ['sqlplus', 'rman', 'expdp', 'impdp', 'sqlldr'],
    spec: { positional: oracleLogin },
  },
];

const TOOL_SPECS: ReadonlyMap<string, ToolSpec> = new Map(
  TOOL_FAMILIES.flatMap((family) => family.tools.map((tool) => [tool, family.spec] as const)),
);
const TOOL_NAMES = new Set(TOOL_SPECS.keys());

/** `htpasswd -b[c] file user pass`, `htpasswd -nb user pass`: the password is given with -b. */
function htpasswdPassword(words: readonly Word[]): Word | null {
  const flags = words
    .filter((word) => !word.quoted && word.text.startsWith('-'))
    .map((word) => word.text.slice(1))
    .join('');
  if (!flags.includes('b')) return null;
  const positional = words.filter((word) => word.quoted || !word.text.startsWith('-'));
  return positional[flags.includes('n') ? 1 : 2] ?? null;
}

/** `vault login <token>`: the first word that is neither a flag nor `key=value`. */
function vaultToken(words: readonly Word[]): Word | null {
  const at = words.findIndex((word) => word.text === 'login');
  return (
    words.slice(at + 1).find((word) => !word.text.includes('=') && (word.quoted || !word.text.startsWith('-'))) ?? null
  );
}

/** `sqlplus user/password@db`: the password of the first word that is not a flag. */
function oracleLogin(words: readonly Word[], text: string): Span | null {
  const login = words.find((word) => !word.text.startsWith('-'));
  if (!login || login.text.startsWith('@')) return null;
  const slash = login.text.indexOf('/');
  if (slash <= 0) return null;
  const at = login.text.indexOf('@', slash);
  const password = login.text.slice(slash + 1, at < 0 ? undefined : at);
  if (!password || isReference(password) || isPlaceholder(password)) return null;
  // Positions in the written word: a quoted login is taken whole, an unquoted one is written as read.
  if (login.quoted) return insideQuotes(text, login);
  return { start: login.start + slash + 1, end: login.start + slash + 1 + password.length };
}

/** The secret of an openssl pass phrase argument: after `pass:`; nothing for `env:`, `file:`, `fd:`, `stdin`. */
function passArgSpan(text: string, word: Word): Span | null {
  if (/^(?:env|file|fd):/.test(word.text) || word.text === 'stdin') return null;
  const inner = insideQuotes(text, word);
  const written = text.slice(inner.start, inner.end);
  const skip = written.startsWith('pass:') ? 5 : 0;
  const secret = word.text.slice(word.text.startsWith('pass:') ? 5 : 0);
  if (!secret || isReference(secret) || isPlaceholder(secret)) return null;
  return { start: inner.start + skip, end: inner.end };
}

/** The words before the command a tool runs. */
function ownOptions(words: readonly Word[], valued: readonly string[]): Word[] {
  const end = words.findIndex((word, i) => !word.text.startsWith('-') && !valued.includes(words[i - 1]?.text ?? ''));
  return end < 0 ? [...words] : words.slice(0, end);
}

function pickTool(match: RegExpExecArray, text: string): Span[] | null {
  const spec = TOOL_SPECS.get(match.groups?.['tool'] ?? '');
  if (!spec) return null;
  let words = shellWords(text, match.index + match[0].length, TOOL_NAMES);
  if (spec.runs) words = ownOptions(words, spec.runs);
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
  const positional = spec.positional?.(words, text);
  if (positional && 'text' in positional) found.push(positional);
  else if (positional) spans.push(positional);
  for (const word of found) {
    if (spec.passArg) {
      const span = passArgSpan(text, word);
      if (span) spans.push(span);
    } else if (!isReference(word.text) && !isPlaceholder(word.text) && word.text !== '-') {
      spans.push(insideQuotes(text, word));
    }
  }
  // Named inside a quoted sentence (`git commit -m 'support ssh-keygen -N'`), only a random-looking value is a secret.
  if (spans.length > 0 && inQuotedString(text, match.index))
    return spans.filter((span) => looksRandom(text.slice(span.start, span.end)));
  return spans;
}

export const tools: SecretRule = {
  name: 'Password argument of a command-line tool',
  // Tool names, shortened to what they share; docker, podman, helm, cf … matter only with `login`.
  hints: [
    'mysql',
    'mariadb',
    'mongo',
    'sshpass',
    'redis-cli',
    'sqlcmd',
    'bcp',
    'zip',
    '7z',
    'rar',
    'pdftk',
    'qpdf',
    'ldap',
    'doctl',
    'login',
    'twine',
    'cqlsh',
    'gh',
    'htpasswd',
    'vault',
    'ssh-keygen',
    'openssl',
    'sqlplus',
    'rman',
    'expdp',
    'impdp',
    'sqlldr',
  ],
  pattern: new RegExp(
    `(?<![A-Za-z0-9_./-])(?<tool>${[...TOOL_NAMES]
      .sort((a, b) => b.length - a.length)
      .map((name) => name.replace(/[-.]/g, '\\$&'))
      .join('|')})(?=[ \\t])`,
    'g',
  ),
  pick: pickTool,
};

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

export const userPass: SecretRule = {
  name: 'user:password argument',
  hints: ['-u', '--user', '--proxy-user'],
  pattern: /(?<!\S)(?:-u|-U|--user|--proxy-user)(?=[= \t])/g,
  pick: pickUserPass,
};

// ---- `<tool> config set <key> <value>` ------------------------------------------------------------

function pickConfigSet(match: RegExpExecArray, text: string): Span | null {
  const [key, value] = shellWords(text, match.index + match[0].length, NO_STOP, 400, false, 2);
  if (!key || !value) return null;
  const name = key.text.slice(
    Math.max(key.text.lastIndexOf('/'), key.text.lastIndexOf(':'), key.text.lastIndexOf('.')) + 1,
  );
  const strength = credentialName(name);
  if (!strength) return null;
  const inner = insideQuotes(text, value);
  return secretSpan(text, inner.start, inner.end, strength, name);
}

export const configSet: SecretRule = {
  name: 'config set <credential> <value>',
  hints: ['config', 'user-secrets'],
  pattern: /(?<![A-Za-z0-9_-])(?:configure|config|user-secrets)[ \t]{1,8}set(?=[ \t])/g,
  pick: pickConfigSet,
};

// ---- openssl -passin pass:… ----------------------------------------------------------------------

export const opensslPass: SecretRule = {
  name: 'openssl pass: argument',
  hints: ['pass:'],
  pattern: /(?<!\S)-pass(?:in|out)?[ \t]{1,8}pass:(?<secret>[^\s'"]{1,256})/g,
};

/** Samples of the rules above, by rule name: read by the tests and the bench, never by a hook (lib/redact/samples.ts). */
export const COMMAND_SAMPLES: Readonly<Record<string, RuleSamples>> = {
  'user:password argument': {
    redacts: [
      { text: 'curl -u admin:Pa55w0rdXYZ https://api.example.com', secret: 'Pa55w0rdXYZ' },
      {
        text: 'curl --user "ACa1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6:f00dbabe11223344556677889900aabb" https://api.twilio.com',
        secret: 'f00dbabe11223344556677889900aabb',
      },
      { text: 'smbclient //nas/share -U backup%Sh4reP4ss', secret: 'Sh4reP4ss' },
    ],
    keeps: [
      'docker run -u 1000:1000 node:20',
      'curl -u "$USER:$TOKEN" https://api.example.com',
      'git push -u origin main',
    ],
  },
  'config set <credential> <value>': {
    redacts: [
      {
        text: 'aws configure set aws_secret_access_key wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        secret: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      },
      { text: 'npm config set //registry.npmjs.org/:_authToken Zq8LmT3vR9xK2pW7nB4y', secret: 'Zq8LmT3vR9xK2pW7nB4y' },
      { text: 'dotnet user-secrets set "Movies:ServiceApiKey" "12345-abcde-67890"', secret: '12345-abcde-67890' },
    ],
    keeps: [
      'aws configure set region eu-west-1',
      'npm config set registry https://registry.npmjs.org/',
      'aws configure set aws_secret_access_key "$AWS_SECRET"',
    ],
  },
  'openssl pass: argument': {
    redacts: [{ text: 'openssl pkcs12 -export -in c.pem -out c.p12 -passout pass:Exp0rtPw', secret: 'Exp0rtPw' }],
    keeps: ['openssl rsa -in key.pem -passin env:KEY_PASS', 'openssl rsa -in key.pem -passin file:pw.txt'],
  },
};

/** Each family's commands to redact and to keep, by its first tool (the tools rule's samples are all of them). */
export const TOOL_SAMPLES: Readonly<Record<string, RuleSamples>> = {
  mysql: {
    redacts: [
      { text: 'mysql -u root -pS3cretPw app < dump.sql', secret: 'S3cretPw' },
      { text: "mysqldump -uroot -p'two words' shop", secret: 'two words' },
    ],
    keeps: ['mysql -u root -p app', 'mysql -u root -p"$MYSQL_PWD" app', 'mysql -h db -P 3306 -u app -p shop'],
  },
  mongo: {
    redacts: [{ text: 'mongosh "mongodb://db:27017" -u admin -p M0ngoPw', secret: 'M0ngoPw' }],
    keeps: ['mongosh "mongodb://db:27017" -u admin -p'],
  },
  sshpass: {
    redacts: [{ text: 'sshpass -p "Hunter 2" ssh admin@10.0.0.5', secret: 'Hunter 2' }],
    keeps: ['sshpass -e ssh admin@10.0.0.5', 'sshpass -f ~/.ssh/pw.txt ssh -p 2222 admin@10.0.0.5'],
  },
  'redis-cli': {
    redacts: [
      { text: 'redis-cli -h cache -a R3disPass ping', secret: 'R3disPass' },
      { text: "redis-cli -a 'two word pass' --no-auth-warning ping", secret: 'two word pass' },
    ],
    keeps: ['redis-cli -a "$REDIS_PASSWORD" ping', 'redis-cli -p 6380 ping'],
  },
  sqlcmd: {
    redacts: [{ text: 'sqlcmd -S db -U sa -P "Str0ng!Pass" -Q "select 1"', secret: 'Str0ng!Pass' }],
    keeps: ['sqlcmd -S db -U sa -Q "select 1"'],
  },
  zip: {
    redacts: [
      { text: 'zip -P ZipPw123 backup.zip notes.txt', secret: 'ZipPw123' },
      { text: "zip -r -P 'zip pass phrase' out.zip dir", secret: 'zip pass phrase' },
      { text: "zip -P 'three word secret' out.zip", secret: 'three word secret' },
    ],
    keeps: ['zip -r out.zip dir', 'unzip -o build.zip -d out', 'zip -e secret.zip notes.txt'],
  },
  '7z': {
    redacts: [
      { text: '7z a -pS3venZip backup.7z dir', secret: 'S3venZip' },
      { text: "7z x -p'two words' backup.7z", secret: 'two words' },
    ],
    keeps: ['7z a -p backup.7z dir', '7z x archive.7z -oout'],
  },
  rar: {
    redacts: [
      { text: "rar a -hp'three word secret' backup.rar dir", secret: 'three word secret' },
      { text: 'unrar x -pR4rPass99 backup.rar', secret: 'R4rPass99' },
    ],
    keeps: ['rar a -p backup.rar dir', 'unrar x -p- backup.rar', 'rar a -r backup.rar dir'],
  },
  pdftk: {
    redacts: [{ text: "pdftk in.pdf output out.pdf user_pw 'three word secret'", secret: 'three word secret' }],
    keeps: ['pdftk in.pdf output out.pdf user_pw PROMPT', 'pdftk a.pdf b.pdf cat output merged.pdf'],
  },
  qpdf: {
    redacts: [{ text: "qpdf --encrypt 'three word secret' '' 256 -- in.pdf out.pdf", secret: 'three word secret' }],
    keeps: ['qpdf --decrypt in.pdf out.pdf', 'qpdf --encrypt "$PDF_PW" "" 256 -- in.pdf out.pdf'],
  },
  ldapsearch: {
    redacts: [
      { text: 'ldapsearch -x -D cn=admin,dc=example,dc=org -w LdapPw1 -b dc=example,dc=org', secret: 'LdapPw1' },
    ],
    keeps: ['ldapsearch -x -W -D cn=admin,dc=example,dc=org -b dc=example,dc=org'],
  },
  doctl: {
    redacts: [{ text: 'doctl -t 4f8a9c2e1d7b3a6f5e0c8d2b compute droplet list', secret: '4f8a9c2e1d7b3a6f5e0c8d2b' }],
    keeps: ['doctl compute droplet list --format ID,Name'],
  },
  docker: {
    redacts: [
      {
        text: 'docker login -u deploy -p dckr_pat_4f8a9c2e1d7b registry.example.com',
        secret: 'dckr_pat_4f8a9c2e1d7b',
      },
      { text: 'az login -u me@example.com -p "Azure Pass 1"', secret: 'Azure Pass 1' },
    ],
    keeps: [
      'docker run -p 8080:80 nginx',
      'docker login -u deploy --password-stdin registry.example.com',
      'podman run -p 5432:5432 postgres',
    ],
  },
  twine: {
    redacts: [
      { text: 'twine upload -u ci -p Tw1nePass dist/*', secret: 'Tw1nePass' },
      { text: 'cqlsh db.internal 9042 -u cassandra -p CqlPass9', secret: 'CqlPass9' },
    ],
    keeps: ['twine upload -u __token__ -p "$PYPI_TOKEN" dist/*', 'twine check dist/*'],
  },
  gh: {
    redacts: [{ text: 'gh secret set DEPLOY_KEY --body Kp8Wy3Cz6Hd', secret: 'Kp8Wy3Cz6Hd' }],
    keeps: ['gh pr create -b "Fixes the login flow"', 'gh secret set DEPLOY_KEY < key.txt'],
  },
  htpasswd: {
    redacts: [
      { text: 'htpasswd -bc /etc/nginx/.htpasswd admin AdminPw99', secret: 'AdminPw99' },
      { text: 'htpasswd -nb admin s3cret', secret: 's3cret' },
    ],
    keeps: ['htpasswd -c /etc/nginx/.htpasswd admin'],
  },
  vault: {
    redacts: [{ text: 'vault login s.Xq7Lm2Rt9vBn4Kp8Wy3Cz6Hd', secret: 's.Xq7Lm2Rt9vBn4Kp8Wy3Cz6Hd' }],
    keeps: ['vault login -method=oidc', 'vault login -method=userpass username=me'],
  },
  'ssh-keygen': {
    redacts: [
      { text: "ssh-keygen -t ed25519 -N 'correct horse battery' -f deploy_key", secret: 'correct horse battery' },
      { text: 'ssh-keygen -p -P OldPass1 -N NewPass2 -f ~/.ssh/id_ed25519', secret: 'OldPass1' },
      { text: 'ssh-keygen -p -P OldPass1 -N NewPass2 -f ~/.ssh/id_ed25519', secret: 'NewPass2' },
    ],
    keeps: [
      'ssh-keygen -t ed25519 -f deploy_key',
      "ssh-keygen -t ed25519 -N '' -f deploy_key -C ci",
      'ssh-keygen -lf ~/.ssh/id_ed25519.pub',
      'ssh-keygen -p -P "$OLD_PASS" -N "$NEW_PASS" -f key',
      "git commit -m 'Support ssh-keygen -N and zip -P in the redaction rules'",
    ],
  },
  openssl: {
    redacts: [
      { text: "openssl rsa -aes256 -in k.pem -out e.pem -k 'secret phrase'", secret: 'secret phrase' },
      { text: 'openssl enc -aes-256-cbc -pass pass:S3cretPw -in a -out b', secret: 'S3cretPw' },
      { text: "openssl pkcs12 -export -in c.pem -passout 'pass:two words' -out c.p12", secret: 'two words' },
    ],
    keeps: [
      'openssl rsa -in key.pem -passin env:KEY_PASS',
      'openssl rsa -in key.pem -passin file:pw.txt',
      'openssl enc -d -aes256 -kfile pw.txt -in a -out b',
      'openssl req -new -key server.key -out server.csr',
    ],
  },
  sqlplus: {
    redacts: [{ text: 'sqlplus scott/Tig3rPw@orcl @report.sql', secret: 'Tig3rPw' }],
    keeps: ['sqlplus /nolog', 'sqlplus / as sysdba', 'sqlplus scott@orcl'],
  },
};
