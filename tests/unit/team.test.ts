// The pure parts of team memory: the PII patterns (each sample replaced, each look-alike kept), the
// settings (env over file, the password never shown), paths made project-relative, result merging.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { displayUrl, loadTeamConfig, secretsOf } from '../../lib/team/connection-string.js';
import { mergeResults } from '../../lib/team/merge.js';
import { cleanForTeam, teamPath } from '../../lib/team/outgoing.js';
import { filterPii, PII_KINDS, PII_PATTERNS } from '../../lib/team/pii.js';
import { tempDir } from '../helpers.js';

describe('PII patterns', () => {
  for (const { kind, placeholder, samples, keep } of PII_PATTERNS) {
    it.each(samples)(`replaces the ${kind} %s, alone and in a sentence`, (sample) => {
      expect(filterPii(sample, [kind])).toBe(placeholder);
      expect(filterPii(`contact: ${sample}, thanks`, [kind])).toBe(`contact: ${placeholder}, thanks`);
    });
    it.each(keep)(`keeps %s (not a ${kind})`, (text) => {
      expect(filterPii(text, [...PII_KINDS])).toBe(text);
    });
  }

  it('replaces only the kinds that are turned on, plus extra patterns', () => {
    const text = 'mail kim@corp.example, call 010-1234-5678, ticket EMP-123456';
    expect(filterPii(text, ['phone'])).toBe('mail kim@corp.example, call [phone], ticket EMP-123456');
    expect(filterPii(text, [], [/EMP-\d{6}/gu])).toBe('mail kim@corp.example, call 010-1234-5678, ticket [pii]');
  });

  it('runs the secret redaction before the PII filter', () => {
    const sender = { hostId: 'h', hostName: 'n', pii: [...PII_KINDS], piiPatterns: [] };
    expect(cleanForTeam('export AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE # ops@acme.io\u0000', sender)).toBe(
      'export AWS_ACCESS_KEY_ID=[REDACTED] # [email]',
    );
  });
});

describe('team settings', () => {
  it('reads the config file and lets the environment win', () => {
    const dir = tempDir();
    const file = join(dir, 'memory.json');
    writeFileSync(
      file,
      JSON.stringify({
        team: { url: 'postgres://a:file-pw@db/team', host: 'desk', pii: ['email'], piiPatterns: ['EMP-\\d+', '('] },
      }),
    );
    const fromFile = loadTeamConfig({ CLAUDE_MEMORY_CONFIG: file });
    expect(fromFile).toMatchObject({
      url: 'postgres://a:file-pw@db/team',
      urlSource: 'config file',
      hostName: 'desk',
      pii: ['email'],
    });
    expect(fromFile.piiPatterns).toHaveLength(1);
    expect(fromFile.warnings).toEqual(['team.piiPatterns: "(" is not a valid regular expression; ignored']);
    const fromEnv = loadTeamConfig({
      CLAUDE_MEMORY_CONFIG: file,
      CLAUDE_MEMORY_TEAM_URL: 'postgres://b@db/x',
      CLAUDE_MEMORY_TEAM_PII: 'none',
    });
    expect(fromEnv).toMatchObject({ url: 'postgres://b@db/x', urlSource: 'CLAUDE_MEMORY_TEAM_URL', pii: [] });
  });

  it('has no server, both PII kinds and a 5 s connect timeout by default', () => {
    expect(loadTeamConfig({ CLAUDE_MEMORY_CONFIG: join(tempDir(), 'none.json') })).toMatchObject({
      url: null,
      pii: ['email', 'phone'],
      connectTimeoutMs: 5000,
      autoPushMinutes: 0,
    });
  });

  it('turns auto-push on with a whole number of minutes, and off with a warning otherwise', () => {
    const none = join(tempDir(), 'none.json');
    expect(loadTeamConfig({ CLAUDE_MEMORY_CONFIG: none, CLAUDE_MEMORY_TEAM_AUTO_PUSH: '15' }).autoPushMinutes).toBe(15);
    const bad = loadTeamConfig({ CLAUDE_MEMORY_CONFIG: none, CLAUDE_MEMORY_TEAM_AUTO_PUSH: 'often' });
    expect([bad.autoPushMinutes, bad.warnings.length]).toEqual([0, 1]);
  });

  it.each([
    ['postgres://alice:s3cr%40t@db.example:5432/team', 'postgres://alice:***@db.example:5432/team'],
    [
      'postgres://alice@db/team?sslmode=require&password=hunter2',
      'postgres://alice@db/team?sslmode=require&password=***',
    ],
    ['host=db user=alice password=hunter2 dbname=team', 'host=db user=alice password=*** dbname=team'],
  ])('shows %s as %s', (url, shown) => {
    expect(displayUrl(url)).toBe(shown);
    for (const secret of secretsOf(url)) expect(displayUrl(url)).not.toContain(secret);
  });
});

describe('outgoing rows', () => {
  it.each([
    ['/home/kim/work/app/src/auth.ts', 'src/auth.ts'],
    ['/etc/nginx/nginx.conf', 'nginx.conf'],
    ['src/relative.ts', 'src/relative.ts'],
  ])('sends %s as %s', (path, sent) => {
    expect(teamPath(path, '/home/kim/work/app')).toBe(sent);
  });
});

describe('merging local and team results', () => {
  it("takes turns, drops this host's own team copies and stops at the limit", () => {
    const team = [
      { host_id: 'me', n: 't0' },
      { host_id: 'other', n: 't1' },
      { host_id: 'other', n: 't2' },
    ];
    expect(
      mergeResults(['l0', 'l1'], team, 'me', 10).map((item) => (item.origin === 'local' ? item.hit : item.hit.n)),
    ).toEqual(['l0', 't1', 'l1', 't2']);
    expect(mergeResults(['l0', 'l1'], team, 'me', 3)).toHaveLength(3);
  });
});
