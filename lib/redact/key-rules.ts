// Secrets recognised by their surroundings rather than a name: URL userinfo (the whole password, `@`
// included, or a token as the user name), `.netrc`, PEM private keys with or without their BEGIN line,
// `Bearer`/`Basic` credentials, and a Twilio auth token next to its account.
import type { RuleSamples, SecretRule, Span } from './engine.js';
import { insideQuotes, shellWords } from './shell-words.js';
import { mixed } from './key-files.js';
import { isPlaceholder, isReference, looksRandom } from './values.js';

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
  if (user.length >= 20 && looksRandom(user) && !isReference(user))
    spans.push({ start: from, end: from + user.length });
  if (colon >= 0) {
    // Everything between the first ':' and the last '@' is the password, '@' included.
    const password = userinfo.slice(colon + 1);
    if (password && !isReference(password) && !/^\{[^}]*\}$/.test(password) && !isPlaceholder(password)) {
      spans.push({ start: from + colon + 1, end: from + at });
    }
  }
  return spans;
}

export const url: SecretRule = {
  name: 'Credentials in a URL',
  hints: ['://'],
  pattern: /(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]{1,30}:\/\//g,
  pick: pickUrl,
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

export const netrc: SecretRule = {
  name: '.netrc password',
  hints: ['machine', 'default'],
  pattern: /(?<![A-Za-z0-9_-])(?:machine|default)(?=[ \t\r\n])/g,
  pick: pickNetrc,
};

// ---- PEM private keys, with or without their BEGIN line --------------------------------------------

function pickPem(match: RegExpExecArray, text: string): Span {
  const from = match.index + match[0].length;
  const endMarker = text.indexOf('-----END', from);
  if (endMarker < 0) return { start: match.index, end: text.length };
  const close = text.indexOf('-----', endMarker + 8);
  return { start: match.index, end: close < 0 || close > endMarker + 60 ? text.length : close + 5 };
}

export const pem: SecretRule = {
  name: 'PEM private key block',
  hints: ['private key'],
  pattern: /-----BEGIN (?:[A-Z0-9]{1,12} )?PRIVATE KEY(?: BLOCK)?-----/g,
  pick: pickPem,
};

/** Extends a key body over the base64 lines that follow it (a last short line included). */
function pickKeyBody(match: RegExpExecArray, text: string): Span {
  const limit = Math.min(text.length, match.index + 16 * 1024);
  let end = base64Run(text, match.index + match[0].length, limit);
  for (;;) {
    const next = text.startsWith('\\n', end)
      ? end + 2
      : text[end] === '\r' && text[end + 1] === '\n'
        ? end + 2
        : text[end] === '\n'
          ? end + 1
          : -1;
    if (next < 0) break;
    const lineEndAt = base64Run(text, next, limit);
    const line = text.slice(next, lineEndAt);
    const endsLine =
      lineEndAt >= text.length ||
      text[lineEndAt] === '\n' ||
      text[lineEndAt] === '\r' ||
      text.startsWith('\\n', lineEndAt);
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

export const keyBody: SecretRule = {
  name: 'Private key body without its BEGIN line',
  hints: ['mii', 'mhccaqee', 'b3blbnnzac1rzxktdje'],
  pattern: /(?<![A-Za-z0-9+/])(?:MII[A-Za-z0-9+/]{60}|MHcCAQEE[A-Za-z0-9+/]{40}|b3BlbnNzaC1rZXktdjE[A-Za-z0-9+/]{40})/g,
  pick: pickKeyBody,
};

export const pemLines: SecretRule = {
  name: 'Base64 key lines',
  hints: ['\n'],
  pattern: /(?<![A-Za-z0-9+/=])[A-Za-z0-9+/]{60,76}\r?\n[A-Za-z0-9+/]{60,76}\r?\n/g,
  pick: pickKeyBody,
};

/** A random-looking base64 run, extended to its end whatever its length. */
function pickContextBody(match: RegExpExecArray, text: string): Span | null {
  const end = base64Run(text, match.index + match[0].length, text.length);
  // Part of a host name, a path or an identifier (`github.com/acme/Repo2024/raw/main`, `key_v2`), not a key line.
  const inName = PATH_PUNCTUATION.includes(text[match.index - 1] ?? ' ') || PATH_PUNCTUATION.includes(text[end] ?? ' ');
  return !inName && mixed(text.slice(match.index, end)) ? { start: match.index, end } : { start: end, end };
}

const PATH_PUNCTUATION = '.-_~@%';

export const keyContextBody: SecretRule = {
  name: 'Key body beside a mention of a key',
  // What names key material: a header or field name, a PuTTY section, an SSH key file.
  hints: [
    'private key',
    'private_key',
    'privatekey',
    'private-key',
    'private-lines',
    'putty-user-key',
    'openssh',
    'ssh_key',
    'ssh-key',
    'id_rsa',
    'id_ed25519',
    'id_ecdsa',
    '.pem',
    '.ppk',
  ],
  pattern: /(?<![A-Za-z0-9+/=])[A-Za-z0-9+/]{40}/g,
  pick: pickContextBody,
};

// ---- Bearer / Basic credentials -------------------------------------------------------------------

export const bearer: SecretRule = {
  name: 'Bearer or Basic credential',
  hints: ['bearer', 'basic'],
  pattern: /(?<![A-Za-z0-9_-])(?:[Bb]earer|[Bb]asic|BEARER)[ \t]{1,8}(?<secret>[A-Za-z0-9._~+/-]{16,4096}=*)/g,
  pick: (match) => {
    const secret = match.groups?.['secret'] ?? '';
    if (!/\d/.test(secret) && secret.length < 24) return null;
    const end = match.index + match[0].length;
    return { start: end - secret.length, end };
  },
};

// ---- Twilio auth token (32 hex) beside an account SID or the word twilio ---------------------------------

export const twilioAuthToken: SecretRule = {
  name: 'Twilio auth token',
  hints: ['twilio'],
  pattern: /(?<![0-9A-Za-z])[0-9a-f]{32}(?![0-9A-Za-z])/g,
  pick: (match, text) => {
    const window = text.slice(Math.max(0, match.index - 200), match.index).toLowerCase();
    if (!window.includes('twilio') && !/\bac[0-9a-f]{32}\b/.test(window)) return null;
    return { start: match.index, end: match.index + 32 };
  },
};

/** Samples of the rules above, by rule name: read by the tests and the bench, never by a hook (lib/redact/samples.ts). */
export const KEY_SAMPLES: Readonly<Record<string, RuleSamples>> = {
  'Credentials in a URL': {
    redacts: [
      { text: 'postgres://admin:hunter2pass@db.internal:5432/app', secret: 'hunter2pass' },
      { text: 'mysql://root:p@ssw0rdLeak@localhost/shop', secret: 'p@ssw0rdLeak' },
      { text: 'git clone https://bob:s3cret@git.example.com/r.git', secret: 's3cret' },
      {
        text: 'git clone https://0a1b2c3d4e5f60718293a4b5c6d7e8f901234567@github.com/acme/api.git',
        secret: '0a1b2c3d4e5f60718293a4b5c6d7e8f901234567',
      },
      { text: 'redis://:R3dis-P4ss@cache:6379/0', secret: 'R3dis-P4ss' },
      { text: 'amqp://guest:gu3st:colon@rabbit/', secret: 'gu3st:colon' },
      { text: 'psql "postgresql://app:Pg-Pass-77@db:5432/app?sslmode=require" -c "select 1"', secret: 'Pg-Pass-77' },
    ],
    keeps: [
      'const url = `postgres://${user}:${password}@${host}/db`',
      'DATABASE_URL=postgres://app:${DB_PASSWORD}@db:5432/app',
      'ssh://git@github.com/acme/api.git',
      'see https://medium.com/@someone/post',
      'http://localhost:8080/health',
    ],
  },
  '.netrc password': {
    redacts: [
      {
        text: 'machine api.heroku.com\n  login me@example.com\n  password 01234567-89ab-cdef-0123-456789abcdef\n',
        secret: '01234567-89ab-cdef-0123-456789abcdef',
      },
      { text: 'machine ftp.example.org login anon password Ftp-Pw-77', secret: 'Ftp-Pw-77' },
    ],
    keeps: ['machine learning models need a password manager', 'default login prompt'],
  },
  'PEM private key block': {
    redacts: [
      {
        text: '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA1c7+9z5Pad7OejecsQ0bu3aozN3tihPmljnnudb9G3HecdNn\n-----END RSA PRIVATE KEY-----',
        secret: 'MIIEowIBAAKCAQEA1c7+9z5Pad7OejecsQ0bu3aozN3tihPmljnnudb9G3HecdNn',
      },
      {
        text: '"private_key": "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\\n-----END PRIVATE KEY-----\\n"',
        secret: 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASC',
      },
    ],
    keeps: [
      'if (pem.startsWith("-----BEGIN PUBLIC KEY-----")) verify(pem)',
      'const header = "-----BEGIN " + kind + " PRIVATE KEY-----"',
    ],
  },
  'Private key body without its BEGIN line': {
    redacts: [
      {
        text: 'key body:\nMIIEowIBAAKCAQEA1c7+9z5Pad7OejecsQ0bu3aozN3tihPmljnnudb9G3HecdNn\nq8Lm3vR9xK2pW7nB4yC6hD1jF5gS0aE8uQ9tZ3wX7cV5bN1mK4lJ2hG6fD8sA0pO\n',
        secret: 'q8Lm3vR9xK2pW7nB4yC6hD1jF5gS0aE8uQ9tZ3wX7cV5bN1mK4lJ2hG6fD8sA0pO',
      },
      {
        text: 'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACBk',
        secret: 'QyNTUxOQAAACBk',
      },
    ],
    keeps: ['const MIIN_LENGTH = 3', 'import { MIIControl } from "./mii"'],
  },
  'Base64 key lines': {
    redacts: [
      {
        text: 'pasted:\nq8Lm3vR9xK2pW7nB4yC6hD1jF5gS0aE8uQ9tZ3wX7cV5bN1mK4lJ2hG6fD8sA0pO\nZ3wX7cV5bN1mK4lJ2hG6fD8sA0pOq8Lm3vR9xK2pW7nB4yC6hD1jF5gS0aE8uQ9t\nAbCd==\n-----END PRIVATE KEY-----',
        secret: 'Z3wX7cV5bN1mK4lJ2hG6fD8sA0pOq8Lm3vR9xK2pW7nB4yC6hD1jF5gS0aE8uQ9t',
      },
    ],
    keeps: ['line one\nline two\n'],
  },
  'Key body beside a mention of a key': {
    redacts: [
      {
        text: 'Private-Lines: 1\nAAAAIBmd8Qz1YcB2ZQ9XwQ5pZf3KlR7tYw2Hn4Jm6Vb8Xc0Z',
        secret: 'AAAAIBmd8Qz1YcB2ZQ9XwQ5pZf3KlR7tYw2Hn4Jm6Vb8Xc0Z',
      },
      {
        text: 'echo "q8Lm3vR9xK2pW7nB4yC6hD1jF5gS0aE8uQ9tZ3wX7cV5bN1m" >> ~/.ssh/id_ed25519',
        secret: 'q8Lm3vR9xK2pW7nB4yC6hD1jF5gS0aE8uQ9tZ3wX7cV5bN1m',
      },
      {
        text: 'ssh_private_key: |\n  Z3wX7cV5bN1mK4lJ2hG6fD8sA0pOq8Lm3vR9xK2pW7nB4yC6hD1jF5gS0aE8uQ9t\n',
        secret: 'Z3wX7cV5bN1mK4lJ2hG6fD8sA0pOq8Lm3vR9xK2pW7nB4yC6hD1jF5gS0aE8uQ9t',
      },
    ],
    keeps: [
      'git log --oneline -- id_rsa  # 0123456789abcdef0123456789abcdef01234567',
      'cp ~/.ssh/id_ed25519.pub authorized_keys',
      'curl -o ca.pem https://github.com/acme/SomeRepo123/raw/main/certs/Server2024Cert/ca.pem',
      'const key = fs.readFileSync(path.join(os.homedir(), ".ssh", "id_rsa"))',
    ],
  },
  'Bearer or Basic credential': {
    redacts: [
      { text: 'Bearer 8f14e45fceea167a5a36dedd4bea2543', secret: '8f14e45fceea167a5a36dedd4bea2543' },
      { text: 'curl -H "Authorization: Basic YWRtaW46czNjcjN0LXBhc3M=" https://x', secret: 'YWRtaW46czNjcjN0LXBhc3M=' },
    ],
    keeps: [
      'Authorization: `Bearer ${token}`',
      'uses the Bearer authentication scheme',
      "headers.set('Authorization', 'Bearer ' + token)",
    ],
  },
  'Twilio auth token': {
    redacts: [
      {
        text: 'from twilio.rest import Client\nclient = Client("ACa1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6", "f00dbabe11223344556677889900aabb")',
        secret: 'f00dbabe11223344556677889900aabb',
      },
    ],
    keeps: ['client = Client(os.environ["TWILIO_ACCOUNT_SID"], os.environ["TWILIO_AUTH_TOKEN"])'],
  },
};
