import { describe, expect, it } from 'vitest';
import { findSecrets, REDACTED, redact, redactFields, redactText, stripPrivate } from '../../lib/redact/redact.js';

describe('redaction', () => {
  it('keeps the useful rest of a command with a secret', () => {
    expect(redact('curl -H "Authorization: Bearer abc123def456ghi789" https://api.example.com/v1/users')).toBe(
      'curl -H "Authorization: Bearer [REDACTED]" https://api.example.com/v1/users',
    );
  });

  it.each([
    ['an env assignment', 'export API_KEY=sk3cr3tvalue99', 'export API_KEY=[REDACTED]'],
    ['a JSON property', '{"password": "hunter2hunter2"}', '{"password": "[REDACTED]"}'],
    ['a YAML key', 'db:\n  password: hunter2hunter2', 'db:\n  password: [REDACTED]'],
    ['a CLI flag with =', 'login --token=abcdef123456', 'login --token=[REDACTED]'],
    ['a CLI flag with a space', 'mysql --password hunter2 -u root', 'mysql --password [REDACTED] -u root'],
    [
      'a URL with credentials',
      'git clone https://bob:s3cret@git.example.com/r.git',
      'git clone https://bob:[REDACTED]@git.example.com/r.git',
    ],
  ])('redacts %s', (_what, input, expected) => {
    expect(redact(input)).toBe(expected);
  });

  it.each([
    ['a variable reference', 'password=$DB_PASSWORD'],
    ['a type annotation', 'password: string;'],
    ['plain prose', 'the tokenizer splits words'],
  ])('leaves %s alone', (_what, input) => {
    expect(redact(input)).toBe(input);
  });

  it('redacts every echo of a secret recognised elsewhere in the event', () => {
    const command = 'export GITHUB_TOKEN=Zq8LmT3vR9xK2pW7';
    const output = 'auth failed for token Zq8LmT3vR9xK2pW7';
    const secrets = findSecrets([command, output]);
    expect(redact(output, secrets)).toBe('auth failed for token [REDACTED]');
  });

  it('redacts a PEM block that was cut before its END line', () => {
    expect(redact('key:\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ')).toBe(
      `key:\n${REDACTED}`,
    );
  });
});

describe('<private> spans', () => {
  it('drops the text between <private> and </private>', () => {
    expect(stripPrivate('a <private>my diary</private> b')).toBe('a [private] b');
  });
  it('drops everything after an unclosed <private>', () => {
    expect(stripPrivate('visible <PRIVATE>hidden\nalso hidden')).toBe('visible [private]');
  });
  it('handles several spans', () => {
    expect(stripPrivate('<private>1</private> x <private>2</private>')).toBe('[private] x [private]');
  });
});

describe('redactFields, the one entry point', () => {
  it('redacts a secret seen in one field wherever another field echoes it', () => {
    expect(
      redactFields(['mysql -u root -pS3cretPw app', 'ERROR 1045: Access denied (using password: YES) for S3cretPw']),
    ).toEqual(['mysql -u root -p[REDACTED] app', 'ERROR 1045: Access denied (using password: YES) for [REDACTED]']);
  });

  it('drops <private> spans before looking for secrets', () => {
    expect(redactText('deploy <private>token=abc</private> now')).toBe('deploy [private] now');
  });

  it('redacts the whole password of a URL, @ included', () => {
    expect(redactText('mysql://root:p@ssw0rdLeak@localhost/shop')).toBe('mysql://root:[REDACTED]@localhost/shop');
  });

  it('finishes a URL password that an older version redacted only in part', () => {
    expect(redactText('mysql://root:[REDACTED]@ssw0rdLeak@localhost')).toBe('mysql://root:[REDACTED]@localhost');
  });
});
