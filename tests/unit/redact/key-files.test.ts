// The key-file table and the content checks against their own samples, and the tool families of the
// password-argument rule against theirs: each entry's sample matches it, the paths and texts that merely
// sit beside key material match nothing, and the content checks stay linear on hostile input.
import { describe, expect, it } from 'vitest';
import { TOOL_FAMILIES } from '../../../lib/redact/command-rules.js';
import {
  envNames,
  isBareKeyBody,
  isKeyContent,
  KEY_CONTENT_SAMPLES,
  KEY_FILE_NAMES,
  keyFileByName,
  keyFileEntry,
  NOT_KEY_CONTENT,
  NOT_KEY_FILES,
} from '../../../lib/redact/key-files.js';
import { redactText } from '../../../lib/redact/redact.js';
import { familySamples } from '../../../lib/redact/samples.js';

describe('key files by name', () => {
  it.each(KEY_FILE_NAMES.map((entry) => [entry.what, entry.sample, entry] as const))(
    '%s: %s is one',
    (_what, sample, entry) => {
      expect(keyFileEntry(sample)).toBe(entry);
      expect(keyFileByName(sample)).toBe(entry.kind);
    },
  );

  it.each(NOT_KEY_FILES)('%s is not one', (path) => {
    expect(keyFileByName(path)).toBeNull();
  });

  it.each([
    ['/home/dev/.ssh/id_rsa', 'key'],
    ['/home/dev/.ssh/id_ed25519_github', 'key'],
    ['C:\\Users\\dev\\.ssh\\id_ecdsa', 'key'],
    ['/app/.env', 'env'],
    ['/app/.envrc', 'env'],
    ['/app/deploy/prod.env', 'env'],
    ['/app/gcp/credentials.json', 'key'],
    ['/app/android/release.jks', 'key'],
    ['/app/certs/AuthKey_ABC123.p8', 'key'],
    ['/app/.pgpass', 'key'],
    ['/app/.git-credentials', 'key'],
    ['/app/.netrc', 'key'],
    ['/app/src/pem.ts', null],
    ['/app/.environment.d/x.conf', null],
  ] as const)('%s → %s', (path, kind) => {
    expect(keyFileByName(path)).toBe(kind);
  });
});

describe('key material by content', () => {
  it.each(KEY_CONTENT_SAMPLES)('%j is key material', (text) => {
    expect(isKeyContent(text)).toBe(true);
    // A header or a JSON field counts anywhere; bare body lines only as the whole text (an edit of the body).
    expect(isKeyContent(`some notes first\n${text}\nand after`)).toBe(!isBareKeyBody(text));
  });

  it.each(NOT_KEY_CONTENT)('%j is not', (text) => {
    expect(isKeyContent(text)).toBe(false);
  });

  it.each([
    ['PRIVATE KEY', 'PRIVATE KEY'],
    ['BEGIN headers without a body', '-----BEGIN RSA PRIVATE KEY-----'],
    ['"private_key"', '"private_key" '],
    ['"type"', '"type" : '],
    ['base64 lines', 'q8Lm3vR9xK2pW7nB4yC6hD1jF5gS0aE8uQ9tZ3wX7cV5bN1mK4lJ2hG6fD8sA0pO q'],
  ])('finishes on 1 MB of %s', (_what, unit) => {
    const text = unit.repeat(Math.ceil((1024 * 1024) / unit.length));
    expect(typeof isKeyContent(text)).toBe('boolean');
  });
});

describe('.env names', () => {
  it('keeps each assigned name once, and nothing of values or comments', () => {
    expect(envNames('# a comment: hunter2\nA=1\nexport B="x y"\n  C = 3\nA=2\nnot a line\n=x\n')).toEqual([
      'A',
      'B',
      'C',
    ]);
  });
});

describe('tools that take a password', () => {
  it.each(TOOL_FAMILIES.map((family) => [family.tools.join(', '), family] as const))(
    '%s: samples to redact and commands to keep',
    (_tools, family) => {
      const samples = familySamples(family.tools);
      if (!samples) throw new Error('no samples');
      expect(samples.redacts.length).toBeGreaterThan(0);
      expect(samples.keeps.length).toBeGreaterThan(0);
      for (const sample of samples.redacts) {
        expect(family.tools.some((tool) => sample.text.includes(tool))).toBe(true);
        expect(redactText(sample.text)).not.toContain(sample.secret);
      }
      for (const text of samples.keeps) expect(redactText(text)).toBe(text);
    },
  );
});
