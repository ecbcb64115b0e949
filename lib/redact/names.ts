// Whether a key, flag or query-parameter name names a credential: `DB_PASSWORD`, `clientSecret`,
// `x-api-key`, `secret_key_base` do; `password_hash`, `token_type`, `max_tokens`, `primaryKey` do not.
// Pure string logic, no regex with quantifiers, so its cost is linear in the name.

/**
 * `strong`: any literal value is a secret. `weak` (`key`, `auth`, `sig`): only a value that looks
 * random is, because such names also hold storage keys, flags and labels.
 */
export type NameStrength = 'strong' | 'weak';

// A part ending in one of these names a credential (`pgpassword`, `csrftoken`, `mysecret`).
const STRONG_ENDINGS = [
  'password',
  'passwd',
  'passphrase',
  'secret',
  'token',
  'apikey',
  'credential',
  'credentials',
  'connectionstring',
  'connstring',
  'authorization',
  'privatekey',
  'accesskey',
  'secretkey',
];
// Parts that name a credential only on their own: `bypass` and `compass` are not `pass`.
const STRONG_PARTS = new Set(['pass', 'pwd', 'pw', 'creds', 'cred', 'passcode', 'connstr']);
const WEAK_PARTS = new Set(['key', 'auth', 'sig', 'signature']);
// `<qualifier>_key` is a credential: API_KEY, ENCRYPTION_KEY, client-key-data, AccountKey.
const KEY_QUALIFIERS = new Set([
  'api',
  'secret',
  'private',
  'access',
  'encryption',
  'encrypt',
  'decryption',
  'signing',
  'sign',
  'master',
  'client',
  'license',
  'licence',
  'account',
  'auth',
  'service',
  'app',
  'application',
  'webhook',
  'deploy',
  'ssh',
  'hmac',
  'jwt',
  'session',
  'cookie',
  'shared',
  'subscription',
  'crypto',
  'aes',
  'sas',
  'admin',
  'write',
  'ingest',
  'consumer',
  'bot',
  'server',
  'root',
  'personal',
  'security',
  'store',
  'keystore',
  'gpg',
  'pgp',
  'cipher',
]);
// `<these>_key` names something that is not secret.
const PUBLIC_KEY_QUALIFIERS = new Set([
  'public',
  'publishable',
  'primary',
  'foreign',
  'sort',
  'partition',
  'cache',
  'idempotency',
  'lookup',
  'unique',
  'map',
  'object',
  'row',
  'composite',
  'range',
  'index',
  'react',
  'i18n',
  'translation',
  'local',
  'hash',
]);
// Words that may follow the credential word without changing what the value is (`secret_key_base`,
// `client-key-data`, `TOKEN_VALUE`); any other trailing word (`_hash`, `_type`, `_file`) makes it metadata.
const NEUTRAL_TAILS = new Set([
  'key',
  'base',
  'value',
  'string',
  'data',
  'b64',
  'base64',
  'hex',
  'raw',
  'enc',
  'encoded',
  'plain',
  'plaintext',
  'text',
  'str',
]);
// Shell variables whose names merely look like one.
const NOT_CREDENTIALS = new Set(['pwd', 'oldpwd']);

// Cheap first look: most identifiers in code contain none of these letters in a row.
const MAYBE = /pass|pwd|pw|secret|token|key|auth|sig|cred|conn/i;

// Code repeats its names; a small memo keeps a file full of `token:` cheap.
const memo = new Map<string, NameStrength | null>();

/** How strongly `name` names a credential, or null when it does not. */
export function credentialName(name: string): NameStrength | null {
  let known = memo.get(name);
  if (known === undefined) {
    known = classify(name);
    if (memo.size >= 2048) memo.clear();
    memo.set(name, known);
  }
  return known;
}

function classify(name: string): NameStrength | null {
  if (name.length > 120 || !MAYBE.test(name)) return null;
  if (NOT_CREDENTIALS.has(name.toLowerCase())) return null;
  const parts = nameParts(name);
  let index = parts.length - 1;
  while (index > 0 && NEUTRAL_TAILS.has(parts[index] as string) && strengthOf(parts, index) === null) index--;
  return strengthOf(parts, index);
}

function strengthOf(parts: readonly string[], index: number): NameStrength | null {
  const part = parts[index];
  if (part === undefined) return null;
  if (STRONG_PARTS.has(part) || STRONG_ENDINGS.some((ending) => part.endsWith(ending))) return 'strong';
  if (!WEAK_PARTS.has(part)) return null;
  if (part !== 'key') return 'weak';
  const before = parts[index - 1];
  if (before === undefined) return 'weak';
  if (PUBLIC_KEY_QUALIFIERS.has(before)) return null;
  return KEY_QUALIFIERS.has(before) ? 'strong' : 'weak';
}

/** `clientSecret` → client, secret; `X-API-Key` → x, api, key; `PASSWORD2` → password. */
export function nameParts(name: string): string[] {
  const parts: string[] = [];
  let current = '';
  const flush = (): void => {
    const trimmed = current.replace(/\d+$/, '');
    if (trimmed) parts.push(trimmed.toLowerCase());
    current = '';
  };
  for (let i = 0; i < name.length; i++) {
    const c = name[i] as string;
    const isUpper = c >= 'A' && c <= 'Z';
    const isLower = c >= 'a' && c <= 'z';
    const isDigit = c >= '0' && c <= '9';
    if (!isUpper && !isLower && !isDigit) {
      flush();
      continue;
    }
    // camelCase boundary (aB), and the end of an acronym (APIKey → API, Key).
    const previous = name[i - 1] ?? '';
    const next = name[i + 1] ?? '';
    if (
      isUpper &&
      current &&
      ((previous >= 'a' && previous <= 'z') || (previous >= 'A' && previous <= 'Z' && next >= 'a' && next <= 'z'))
    )
      flush();
    current += c;
  }
  flush();
  return parts;
}
