// Secrets given to command-line tools by position: `mysql -pX`, `docker login -p x`, `htpasswd -b …`,
// `vault login <token>`, `curl -u user:pass`, `aws configure set <key> <value>`, `openssl … pass:x`.
// Each regex finds the tool; its arguments are split the way sh would, within the one command.
import type { SecretRule, Span } from './engine.js';
import { credentialName } from './names.js';
import { insideQuotes, NO_STOP, shellWords, type Word } from './shell-words.js';
import { isPlaceholder, isQuote, isReference, secretSpan, skipBlanks } from './values.js';

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
  mysql: MYSQL,
  mysqldump: MYSQL,
  mysqladmin: MYSQL,
  mysqlimport: MYSQL,
  mysqlshow: MYSQL,
  mysqlcheck: MYSQL,
  mariadb: MYSQL,
  'mariadb-dump': MYSQL,
  mongo: MONGO,
  mongosh: MONGO,
  mongodump: MONGO,
  mongorestore: MONGO,
  mongoexport: MONGO,
  mongoimport: MONGO,
  sshpass: { attached: ['-p'], next: ['-p'] },
  'redis-cli': { next: ['-a'] },
  sqlcmd: { next: ['-P'] },
  bcp: { next: ['-P'] },
  zip: { next: ['-P'] },
  zipcloak: { next: ['-P'] },
  unzip: { next: ['-P'] },
  '7z': { attached: ['-p'] },
  '7za': { attached: ['-p'] },
  '7zr': { attached: ['-p'] },
  ldapsearch: LDAP,
  ldapadd: LDAP,
  ldapmodify: LDAP,
  ldapdelete: LDAP,
  ldapwhoami: LDAP,
  ldappasswd: LDAP,
  ldapcompare: LDAP,
  doctl: { next: ['-t'] },
  docker: LOGIN,
  podman: LOGIN,
  buildah: LOGIN,
  skopeo: LOGIN,
  nerdctl: LOGIN,
  helm: LOGIN,
  oras: LOGIN,
  crane: LOGIN,
  cf: LOGIN,
  gh: { next: ['-b', '--body'], within: 'secret' },
  htpasswd: { positional: htpasswdPassword },
  vault: { positional: vaultToken, within: 'login' },
};
const TOOL_NAMES = new Set(Object.keys(TOOL_SPECS));

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
    words.slice(at + 1).find((word) => word.quoted || (!word.text.startsWith('-') && !word.text.includes('='))) ?? null
  );
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
    'ldap',
    'doctl',
    'login',
    'gh',
    'htpasswd',
    'vault',
  ],
  pattern:
    /(?<![A-Za-z0-9_./-])(?<tool>mysql|mysqldump|mysqladmin|mysqlimport|mysqlshow|mysqlcheck|mariadb|mariadb-dump|mongo|mongosh|mongodump|mongorestore|mongoexport|mongoimport|sshpass|redis-cli|sqlcmd|bcp|zip|zipcloak|unzip|7z|7za|7zr|ldapsearch|ldapadd|ldapmodify|ldapdelete|ldapwhoami|ldappasswd|ldapcompare|doctl|docker|podman|buildah|skopeo|nerdctl|helm|oras|crane|cf|gh|htpasswd|vault)(?=[ \t])/g,
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
};

// ---- openssl -passin pass:… ----------------------------------------------------------------------

export const opensslPass: SecretRule = {
  name: 'openssl pass: argument',
  hints: ['pass:'],
  pattern: /(?<!\S)-pass(?:in|out)?[ \t]{1,8}pass:(?<secret>[^\s'"]{1,256})/g,
  redacts: [{ text: 'openssl pkcs12 -export -in c.pem -out c.p12 -passout pass:Exp0rtPw', secret: 'Exp0rtPw' }],
  keeps: ['openssl rsa -in key.pem -passin env:KEY_PASS', 'openssl rsa -in key.pem -passin file:pw.txt'],
};
