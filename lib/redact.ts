// Secret redaction and <private> stripping, applied to everything before it is stored.
// The patterns are data, each with a sample the tests prove it matches. Never logs what it finds.

export interface SecretPattern {
  readonly name: string;
  /** Global regex; a named group `secret` marks the secret part, otherwise the whole match is secret. */
  readonly pattern: RegExp;
  /** A realistic sample that must be redacted (tested alone and embedded in a longer text). */
  readonly sample: string;
  /** The part of `sample` that must disappear, when it is not the whole sample. */
  readonly secret?: string;
}

export const REDACTED = '[REDACTED]';

// Values that sit after `password:` in code and config but are not secrets.
const PLACEHOLDER_VALUE = /^(?:\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|%[A-Za-z_]+%|string|number|boolean|true|false|null|none|undefined|any|str|int|required|optional|\*+|x+|\.\.\.|<[^>]*>|\[REDACTED\]?)$/i;

const KEY_WORDS = '(?:pass(?:word|wd|phrase)?|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|client[_-]?secret|auth[_-]?token|credentials?)';

export const SECRET_PATTERNS: readonly SecretPattern[] = [
  {
    name: 'PEM private key block',
    pattern: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|$)/g,
    sample: '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA1c7+9z5Pad7OejecsQ0bu3aozN3tihPmljnnudb9G3HecdNn\n-----END RSA PRIVATE KEY-----',
    secret: 'MIIEowIBAAKCAQEA1c7+9z5Pad7OejecsQ0bu3aozN3tihPmljnnudb9G3HecdNn',
  },
  {
    name: 'Anthropic API key',
    pattern: /\bsk-ant-[A-Za-z0-9]+-[A-Za-z0-9_-]{20,}/g,
    sample: 'sk-ant-api03-Xb3kQ9vT2mLp8RzN4wYc7HdF1jKs6GaE5uVo0iBq-AAAA',
  },
  {
    name: 'OpenAI API key',
    pattern: /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}/g,
    sample: 'sk-proj-4fT9bQx2LmZ8vR1nK7wYc3HdJ6sGaE0p',
  },
  {
    name: 'AWS access key id',
    pattern: /\b(?:AKIA|ASIA|ABIA|ACCA|AROA|AIDA)[A-Z0-9]{16}\b/g,
    sample: 'AKIAIOSFODNN7EXAMPLE',
  },
  {
    name: 'AWS secret access key',
    pattern: /\baws_?secret_?access_?key["']?\s*[:=]\s*["']?(?<secret>[A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])/gi,
    sample: 'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    secret: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  },
  {
    name: 'GitHub token',
    pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{30,255}|github_pat_[A-Za-z0-9_]{22,255})\b/g,
    sample: 'ghp_16C7e42F292c6912E7710c838347Ae178B4a',
  },
  {
    name: 'GitLab token',
    pattern: /\bgl(?:pat|dt|ptt|rt|cbt|oas)-[A-Za-z0-9_-]{20,}/g,
    sample: 'glpat-xK3m9QzR7vT2pL8nW4yB',
  },
  {
    name: 'Slack token',
    pattern: /\bxox[abposre]-[A-Za-z0-9-]{10,}/g,
    sample: 'xoxb-2931029384-1029384756-AbCdEfGhIjKlMnOpQrStUvWx',
  },
  {
    name: 'Slack webhook URL',
    pattern: /https:\/\/hooks\.slack\.com\/(?:services|workflows)\/[A-Za-z0-9/_-]{20,}/g,
    sample: 'https://hooks.slack.com/services/T0ABCDEFG/B0ABCDEFG/abcdefghijklmnopqrstuvwx',
  },
  {
    name: 'Stripe key',
    pattern: /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}|\bwhsec_[A-Za-z0-9]{16,}/g,
    sample: 'sk_live_51HqLyjWDarjtT1zdp7dcXYZ',
  },
  {
    name: 'npm token',
    pattern: /\bnpm_[A-Za-z0-9]{36}\b/g,
    sample: 'npm_Zq8LmT3vR9xK2pW7nB4yC6hD1jF5gS0aE8uQ',
  },
  {
    name: 'Google API key',
    pattern: /\bAIza[0-9A-Za-z_-]{35}\b/g,
    sample: 'AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY',
  },
  {
    name: 'JSON Web Token',
    pattern: /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
    sample: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
  },
  {
    name: 'Authorization header',
    pattern: /\bAuthorization["']?\s*[:=]\s*["']?(?:Bearer|Basic|Token|Bot)\s+(?<secret>[A-Za-z0-9._~+/=-]{6,})/gi,
    sample: 'Authorization: Bearer abc123def456ghi789',
    secret: 'abc123def456ghi789',
  },
  {
    name: 'Bearer token',
    pattern: /\bBearer\s+(?<secret>[A-Za-z0-9._~+/-]{16,}=*)/g,
    sample: 'Bearer 8f14e45fceea167a5a36dedd4bea2543',
    secret: '8f14e45fceea167a5a36dedd4bea2543',
  },
  {
    name: 'Credentials in a URL',
    pattern: /\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@'"]+:(?<secret>[^\s@/'"]+)(?=@)/gi,
    sample: 'postgres://admin:hunter2pass@db.internal:5432/app',
    secret: 'hunter2pass',
  },
  {
    name: 'user:password argument',
    pattern: /(?<![A-Za-z0-9-])(?:-u|--user)\s+["']?[^\s:'"]+:(?<secret>[^\s'"]+)/g,
    sample: 'curl -u admin:Pa55w0rdXYZ https://api.example.com',
    secret: 'Pa55w0rdXYZ',
  },
  {
    name: 'Secret flag',
    pattern: new RegExp(`(?<![A-Za-z0-9])--?[A-Za-z0-9_-]*${KEY_WORDS}[A-Za-z0-9_-]*(?:=|\\s+)["']?(?<secret>[^\\s"'&|;]{3,})`, 'gi'),
    sample: 'mysql --password hunter2 -u root',
    secret: 'hunter2',
  },
  {
    name: 'Secret assignment',
    pattern: new RegExp(
      `(?<![A-Za-z0-9])["']?[A-Za-z0-9_.-]*${KEY_WORDS}[A-Za-z0-9_.-]*["']?\\s*(?::|=|:=|=>)\\s*["']?(?<secret>[^\\s"',;&|)}\\]]{3,})`,
      'gi',
    ),
    sample: 'DB_PASSWORD=s3cr3t-Value',
    secret: 's3cr3t-Value',
  },
];

// Literal re-occurrences of a secret are only chased for values long enough to be unambiguous.
const MIN_ECHO_LENGTH = 6;

/** Secret values recognised anywhere in `texts`, longest first (so overlapping values redact whole). */
export function findSecrets(texts: readonly string[]): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const { pattern } of SECRET_PATTERNS) {
      for (const match of text.matchAll(pattern)) {
        const value = match.groups?.['secret'] ?? match[0];
        if (isSecretValue(value)) found.add(value);
      }
    }
  }
  return [...found].sort((a, b) => b.length - a.length);
}

function isSecretValue(value: string): boolean {
  return value.length > 0 && !PLACEHOLDER_VALUE.test(value);
}

/**
 * Redacts every pattern match, then every other occurrence of a secret recognised anywhere in the
 * event (`knownSecrets`): commands echo their arguments in errors and output.
 */
export function redact(text: string, knownSecrets: readonly string[] = []): string {
  if (!text) return text;
  let out = text;
  for (const { pattern } of SECRET_PATTERNS) {
    out = out.replace(pattern, (...args: unknown[]) => replaceMatch(args));
  }
  for (const secret of knownSecrets) {
    if (secret.length >= MIN_ECHO_LENGTH && out.includes(secret)) out = out.split(secret).join(REDACTED);
  }
  return out;
}

function replaceMatch(args: unknown[]): string {
  const whole = args[0] as string;
  const last = args[args.length - 1];
  const groups = typeof last === 'object' && last !== null ? (last as Record<string, string | undefined>) : undefined;
  const secret = groups?.['secret'];
  if (secret === undefined) return REDACTED;
  if (!isSecretValue(secret)) return whole;
  // The secret group always ends the match (the patterns are written that way).
  return whole.slice(0, whole.length - secret.length) + REDACTED;
}

/** Removes `<private>…</private>` spans (an unclosed tag hides everything after it). */
export function stripPrivate(text: string): string {
  if (!text || !/<private>/i.test(text)) return text;
  return text.replace(/<private>[\s\S]*?(?:<\/private>|$)/gi, '[private]');
}
