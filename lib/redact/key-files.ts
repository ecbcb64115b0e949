// Which files are key material, never stored by content: by name (one table, a sample per entry) or by
// what is in them (a private-key header, a service-account JSON); `.env` files keep names, not values.
// Pure string logic: every scan is a forward literal search, linear in the text whatever its size.

/** `key`: nothing of the content is kept. `env`: variable names are kept, values are not. */
export type KeyFileKind = 'key' | 'env';

/** What a memory says in place of a key file's content. */
export const KEY_FILE_NOTE = 'content not kept: key file';
/** What follows the names kept of an `.env` file. */
export const ENV_VALUES_NOTE = 'values not kept';

interface NameEntry {
  readonly what: string;
  readonly kind: KeyFileKind;
  /** The base name, lowercased, is one of these. */
  readonly names?: readonly string[];
  /** … or ends with one of these. */
  readonly endings?: readonly string[];
  /** … or starts with one of these. */
  readonly starts?: readonly string[];
  /** … or contains one of these and ends with `containsEnding`. */
  readonly contains?: readonly string[];
  readonly containsEnding?: string;
  /** A path this entry must match. */
  readonly sample: string;
}

export const KEY_FILE_NAMES: readonly NameEntry[] = [
  { what: 'PEM file', kind: 'key', endings: ['.pem'], sample: '/srv/tls/server.pem' },
  { what: 'private key', kind: 'key', endings: ['.key', '.p8'], sample: 'certs/example.com.key' },
  { what: 'PuTTY key', kind: 'key', endings: ['.ppk'], sample: 'C:\\Users\\dev\\.ssh\\deploy.ppk' },
  { what: 'PKCS#12 bundle', kind: 'key', endings: ['.p12', '.pfx', '.pkcs12'], sample: 'signing/release.p12' },
  { what: 'Java keystore', kind: 'key', endings: ['.jks', '.keystore', '.bks'], sample: 'android/app/upload.keystore' },
  {
    what: 'SSH private key',
    kind: 'key',
    names: ['id_rsa', 'id_dsa', 'id_ecdsa', 'id_ed25519', 'id_ecdsa_sk', 'id_ed25519_sk'],
    starts: ['id_rsa_', 'id_rsa.', 'id_dsa_', 'id_dsa.', 'id_ecdsa_', 'id_ecdsa.', 'id_ed25519_', 'id_ed25519.'],
    sample: '/home/dev/.ssh/id_ed25519',
  },
  {
    what: 'SSH host key',
    kind: 'key',
    contains: ['ssh_host_'],
    containsEnding: '_key',
    sample: '/etc/ssh/ssh_host_ed25519_key',
  },
  { what: 'netrc', kind: 'key', names: ['.netrc', '_netrc'], sample: '/home/dev/.netrc' },
  { what: 'PostgreSQL password file', kind: 'key', names: ['.pgpass'], sample: '/home/dev/.pgpass' },
  { what: 'git credential store', kind: 'key', names: ['.git-credentials'], sample: '/home/dev/.git-credentials' },
  { what: 'MySQL option file', kind: 'key', names: ['.my.cnf'], sample: '/home/dev/.my.cnf' },
  {
    what: 'credentials file',
    kind: 'key',
    names: ['credentials', 'credentials.json'],
    sample: '/home/dev/.aws/credentials',
  },
  {
    what: 'service-account JSON',
    kind: 'key',
    contains: ['service-account', 'service_account', 'serviceaccount'],
    containsEnding: '.json',
    sample: 'deploy/gcp-service-account-prod.json',
  },
  {
    what: 'environment file',
    kind: 'env',
    names: ['.env', '.envrc'],
    starts: ['.env.'],
    endings: ['.env'],
    sample: 'apps/api/.env.production',
  },
];

/** Paths no entry may match: code and public keys that merely sit beside key material. */
export const NOT_KEY_FILES: readonly string[] = [
  '/home/dev/.ssh/id_ed25519.pub',
  '/home/dev/.ssh/id_rsa.pub',
  'src/keys.ts',
  'src/keyboard.tsx',
  'lib/credentials.ts',
  'src/service-account.ts',
  'config/environment.ts',
  'src/env.ts',
  'docs/ssh_host_keys.md',
  'package.json',
  '.gitignore',
];

/** The kind of key file `path` names, or null. */
export function keyFileByName(path: string): KeyFileKind | null {
  const name = baseNameOf(path).toLowerCase();
  if (!name) return null;
  for (const entry of KEY_FILE_NAMES) if (nameMatches(entry, name)) return entry.kind;
  return null;
}

/** The entry of the table `path` matches (for tests and docs). */
export function keyFileEntry(path: string): NameEntry | null {
  const name = baseNameOf(path).toLowerCase();
  return KEY_FILE_NAMES.find((entry) => nameMatches(entry, name)) ?? null;
}

function nameMatches(entry: NameEntry, name: string): boolean {
  if (entry.names?.includes(name)) return true;
  if (entry.endings?.some((ending) => name.endsWith(ending) && name.length > ending.length)) return true;
  if (entry.starts?.some((start) => name.startsWith(start) && !name.endsWith('.pub'))) return true;
  if (entry.contains && entry.containsEnding && name.endsWith(entry.containsEnding))
    return entry.contains.some((part) => name.includes(part));
  return false;
}

/** The last part of a path, `/` or `\\` separated. */
export function baseNameOf(path: string): string {
  let end = path.length;
  while (end > 0 && (path[end - 1] === '/' || path[end - 1] === '\\')) end--;
  const cut = Math.max(path.lastIndexOf('/', end - 1), path.lastIndexOf('\\', end - 1));
  return path.slice(cut + 1, end);
}

// ---- by content -----------------------------------------------------------------------------------

/** Texts holding key material whatever the file is called. */
export const KEY_CONTENT_SAMPLES: readonly string[] = [
  'PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: deploy\nPublic-Lines: 2\nAAAAC3NzaC1lZDI1NTE5AAAAIJ7n\nPrivate-Lines: 1\nAAAAIBmd8Qz1YcB2ZQ9XwQ5pZf3Kl\n',
  'notes\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n',
  '-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIIrYSSNQFaA2Hwf1duRSxKtLYX5CB04fSeQ6tF1aY/PuoAoGCCqGSM49\n',
  '-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQOYBF8Xq7IBCADq3nY1tH2h9wKcTqUj0bYk5mWc3m7sJ4Pz9Rr8vX2LmQk1fG6d\n',
  '{\n  "type": "service_account",\n  "project_id": "shop-prod",\n  "private_key_id": "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c"\n}',
  '{"private_key_id": "0f1e2d3c4b5a", "private_key": "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC", "client_id": "1234"}',
  'q8Lm3vR9xK2pW7nB4yC6hD1jF5gS0aE8uQ9tZ3wX7cV5bN1mK4lJ2hG6fD8sA0pO\nZ3wX7cV5bN1mK4lJ2hG6fD8sA0pOq8Lm3vR9xK2pW7nB4yC6hD1jF5gS0aE8uQ9t\n',
  '  Zq3wX7cV5bN1mK4lJ2hG6fD8sA0pOq8Lm3vR9xK2pW7nB4yC6hD1jF5gS0aE8uQ9t',
];

/** Texts that merely handle a key: they must not be taken for key material. */
export const NOT_KEY_CONTENT: readonly string[] = [
  "const key = fs.readFileSync('id_rsa')",
  'if (pem.startsWith("-----BEGIN PUBLIC KEY-----")) verify(pem)',
  'const header = "-----BEGIN " + kind + " PRIVATE KEY-----"',
  'ssh-keygen -t ed25519 -f deploy_key -C ci',
  'const { private_key: privateKey } = JSON.parse(raw)',
  '-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIEAgAAuTANBgkqhkiG9w0BAQUFADBaMQswCQYDVQQGEwJJ\n',
  'creds.type === "service_account"',
  '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
  'packages/core/src/components/Button/ButtonGroup/ButtonGroupItemList',
  'sha512-q8Lm3vR9xK2pW7nB4yC6hD1jF5gS0aE8uQ9tZ3wX7cV5bN1mK4lJ2hG6fD8sA0pO',
];

const PEM_MARKER = 'PRIVATE KEY';
const PUTTY_MARKER = 'PuTTY-User-Key-File-';

/**
 * Whether `text` holds key material: a private-key header (PEM, OpenSSH, PGP) followed by its
 * `-----` and a body, a PuTTY key, or a JSON object with `"type": "service_account"` or a
 * `"private_key"` string.
 */
export function isKeyContent(text: string): boolean {
  if (!text) return false;
  if (text.includes(PUTTY_MARKER) && text.includes('Private-Lines:')) return true;
  return (
    hasPemHeader(text) ||
    hasJsonField(text, '"type"', '"service_account"') ||
    hasPrivateKeyString(text) ||
    isBareKeyBody(text)
  );
}

/**
 * A text made of nothing but key-body lines: base64 lines of PEM/OpenSSH width (60–76 characters,
 * the last one shorter), at least one of them random-looking. An edit that touches only the middle
 * of a key looks like this.
 */
export function isBareKeyBody(text: string): boolean {
  let random = false;
  let start = 0;
  let lines = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end).trim();
    start = end + 1;
    if (line === '') continue;
    lines++;
    if (line.length > 76 || !/^[A-Za-z0-9+/]+={0,2}$/.test(line)) return false;
    if (line.length >= 60) random ||= mixed(line);
    else if (start < text.length && text.slice(start).trim() !== '') return false;
  }
  return lines > 0 && random;
}

/** Base64 of random bytes: upper and lower case letters and digits, several of each. */
export function mixed(run: string): boolean {
  let upper = 0;
  let lower = 0;
  let digits = 0;
  for (let i = 0; i < run.length; i++) {
    const c = run.charCodeAt(i);
    if (c >= 65 && c <= 90) upper++;
    else if (c >= 97 && c <= 122) lower++;
    else if (c >= 48 && c <= 57) digits++;
  }
  return upper >= 4 && lower >= 4 && digits >= 2;
}

/** `-----BEGIN <words> PRIVATE KEY[ BLOCK]-----` followed by body text (not a string being built). */
function hasPemHeader(text: string): boolean {
  for (let at = text.indexOf(PEM_MARKER); at !== -1; at = text.indexOf(PEM_MARKER, at + PEM_MARKER.length)) {
    // Looked for in the 40 characters before the marker only: a long text of markers stays linear.
    const from = Math.max(0, at - 40);
    if (text.slice(from, at).lastIndexOf('-----BEGIN ') < 0) continue;
    let end = at + PEM_MARKER.length;
    if (text.startsWith(' BLOCK', end)) end += 6;
    if (!text.startsWith('-----', end)) continue;
    // A body follows: a run of base64 within the next few lines (a PGP block has a blank line first).
    if (base64Follows(text, end + 5)) return true;
  }
  return false;
}

function base64Follows(text: string, from: number): boolean {
  const limit = Math.min(text.length, from + 200);
  let run = 0;
  for (let i = from; i < limit; i++) {
    const c = text.charCodeAt(i);
    const base64 = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 43 || c === 47;
    run = base64 ? run + 1 : 0;
    if (run >= 24) return true;
  }
  return false;
}

/** `"key": "value"` with only blanks around the colon. */
function hasJsonField(text: string, key: string, value: string): boolean {
  for (let at = text.indexOf(key); at !== -1; at = text.indexOf(key, at + key.length)) {
    let i = skipSpace(text, at + key.length);
    if (text[i] !== ':') continue;
    i = skipSpace(text, i + 1);
    if (text.startsWith(value, i)) return true;
  }
  return false;
}

/** `"private_key": "<something>"`. */
function hasPrivateKeyString(text: string): boolean {
  const key = '"private_key"';
  for (let at = text.indexOf(key); at !== -1; at = text.indexOf(key, at + key.length)) {
    let i = skipSpace(text, at + key.length);
    if (text[i] !== ':') continue;
    i = skipSpace(text, i + 1);
    if (text[i] === '"' && text[i + 1] !== '"') return true;
  }
  return false;
}

function skipSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && i < from + 16 && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n')) i++;
  return i;
}

// ---- .env files: names without values ---------------------------------------------------------------

/** The variable names assigned in an `.env` text (`NAME=…`, `export NAME=…`), in order, each once. */
export function envNames(text: string): string[] {
  const names: string[] = [];
  const seen = new Set<string>();
  for (const raw of text.split('\n')) {
    const line = raw.trimStart();
    const body = line.startsWith('export ') ? line.slice(7).trimStart() : line;
    const eq = body.indexOf('=');
    if (eq <= 0) continue;
    const name = body.slice(0, eq).trimEnd();
    if (!/^[A-Za-z_][A-Za-z0-9_.-]{0,127}$/.test(name) || seen.has(name)) continue;
    seen.add(name);
    names.push(name);
  }
  return names;
}
