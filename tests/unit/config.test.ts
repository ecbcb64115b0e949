// Every setting: its default, the settings file, the environment over the file, and a bad value that
// falls back with one warning. One line a case; each case writes its own settings file.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CAPTURE_BUDGET_MS,
  isDisabled,
  loadConfig,
  loadTeamConfig,
  recallSetting,
  SETTINGS,
  readSettings,
} from '../../lib/config/config.js';
import { writeRecallSetting } from '../../lib/config/write.js';
import type { Env } from '../../lib/paths.js';
import { ROOT, tempDir } from '../helpers.js';

/** An environment whose settings file holds `file` (no file at all when undefined). */
function envWith(file: unknown, env: Env = {}): Env {
  const path = join(tempDir(), 'memory.json');
  if (file !== undefined) writeFileSync(path, typeof file === 'string' ? file : JSON.stringify(file));
  return { HOME: '/home/u', CLAUDE_MEMORY_CONFIG: path, ...env };
}

const read = {
  db: (env: Env) => loadConfig(env).dbPath,
  disabled: (env: Env) => loadConfig(env).disabled,
  screenDisabled: (env: Env) => isDisabled(env),
  contextChars: (env: Env) => loadConfig(env).contextChars,
  contextDays: (env: Env) => loadConfig(env).contextDays,
  retentionDays: (env: Env) => loadConfig(env).retentionDays,
  errorRetentionDays: (env: Env) => loadConfig(env).errorRetentionDays,
  recall: (env: Env) => recallSetting(env).on,
  stdinTimeoutMs: (env: Env) => loadConfig(env).stdinTimeoutMs,
  captureBudgetMs: (env: Env) => loadConfig(env).captureBudgetMs,
  teamUrl: (env: Env) => loadTeamConfig(env).url,
  teamHost: (env: Env) => loadTeamConfig(env).hostName,
  teamPii: (env: Env) => loadTeamConfig(env).pii,
  teamPiiPatterns: (env: Env) => loadTeamConfig(env).piiPatterns.map(String),
  teamConnectTimeoutMs: (env: Env) => loadTeamConfig(env).connectTimeoutMs,
  teamAutoPushMinutes: (env: Env) => loadTeamConfig(env).autoPushMinutes,
  now: (env: Env) => loadConfig(env).now().toISOString(),
} as const;
type Read = keyof typeof read;

describe('settings: defaults ← file ← environment', () => {
  it.each<[string, Read, unknown, Env, unknown]>([
    // [case, setting, file, environment, value]
    ['the database defaults to ~/.claude/memory.db', 'db', undefined, {}, '/home/u/.claude/memory.db'],
    ['the file moves the database', 'db', { db: '/data/m.db' }, {}, '/data/m.db'],
    ['CLAUDE_MEMORY_DB wins over the file', 'db', { db: '/data/m.db' }, { CLAUDE_MEMORY_DB: '/x/m.db' }, '/x/m.db'],
    ['capture is on by default', 'disabled', undefined, {}, false],
    ['the file can turn the hooks off', 'disabled', { disabled: true }, {}, true],
    ['CLAUDE_MEMORY_DISABLE=1 turns them off', 'disabled', undefined, { CLAUDE_MEMORY_DISABLE: '1' }, true],
    [
      'CLAUDE_MEMORY_DISABLE=0 wins over the file',
      'disabled',
      { disabled: true },
      { CLAUDE_MEMORY_DISABLE: '0' },
      false,
    ],
    ['the screens read the same switch', 'screenDisabled', { disabled: 'yes' }, {}, true],
    ['the SessionStart block defaults to 2000 characters', 'contextChars', undefined, {}, 2000],
    ['the file sets its size', 'contextChars', { contextChars: 4000 }, {}, 4000],
    [
      'the environment wins over the file',
      'contextChars',
      { contextChars: 4000 },
      { CLAUDE_MEMORY_CONTEXT_CHARS: '3000' },
      3000,
    ],
    ['a size over the limit is clamped', 'contextChars', undefined, { CLAUDE_MEMORY_CONTEXT_CHARS: '100000' }, 9000],
    ['SessionStart looks back 21 days', 'contextDays', undefined, {}, 21],
    ['the file changes how far', 'contextDays', { contextDays: 7 }, {}, 7],
    ['memories are kept 90 days', 'retentionDays', undefined, {}, 90],
    [
      'the environment wins over the file',
      'retentionDays',
      { retentionDays: 30 },
      { CLAUDE_MEMORY_RETENTION_DAYS: '60' },
      60,
    ],
    ['errors are kept 365 days', 'errorRetentionDays', undefined, {}, 365],
    ['the file keeps errors longer', 'errorRetentionDays', { errorRetentionDays: 730 }, {}, 730],
    ['recall is on by default', 'recall', undefined, {}, true],
    ['the file turns recall off', 'recall', { recall: false }, {}, false],
    ['the file turns recall on', 'recall', { recall: true }, {}, true],
    ['CLAUDE_MEMORY_RECALL=0 wins over the file', 'recall', { recall: true }, { CLAUDE_MEMORY_RECALL: '0' }, false],
    [
      'a bad CLAUDE_MEMORY_RECALL leaves the file in force',
      'recall',
      { recall: true },
      { CLAUDE_MEMORY_RECALL: 'maybe' },
      true,
    ],
    ['a hook waits 9 s for its input', 'stdinTimeoutMs', undefined, {}, 9000],
    ['the environment shortens it', 'stdinTimeoutMs', undefined, { CLAUDE_MEMORY_STDIN_TIMEOUT_MS: '300' }, 300],
    ['never longer than the default', 'stdinTimeoutMs', undefined, { CLAUDE_MEMORY_STDIN_TIMEOUT_MS: '60000' }, 9000],
    ['not zero', 'stdinTimeoutMs', undefined, { CLAUDE_MEMORY_STDIN_TIMEOUT_MS: '0' }, 9000],
    ['not a word', 'stdinTimeoutMs', undefined, { CLAUDE_MEMORY_STDIN_TIMEOUT_MS: 'soon' }, 9000],
    ['the file shortens it too', 'stdinTimeoutMs', { stdinTimeoutMs: 500 }, {}, 500],
    ['capture waits 8 s for a busy database', 'captureBudgetMs', undefined, {}, CAPTURE_BUDGET_MS],
    ['the environment shortens it', 'captureBudgetMs', undefined, { CLAUDE_MEMORY_CAPTURE_BUDGET_MS: '500' }, 500],
    ['never longer than the default', 'captureBudgetMs', undefined, { CLAUDE_MEMORY_CAPTURE_BUDGET_MS: '60000' }, 8000],
    ['not zero', 'captureBudgetMs', undefined, { CLAUDE_MEMORY_CAPTURE_BUDGET_MS: '0' }, 8000],
    ['not a fraction', 'captureBudgetMs', undefined, { CLAUDE_MEMORY_CAPTURE_BUDGET_MS: '1.5' }, 8000],
    ['not a word', 'captureBudgetMs', undefined, { CLAUDE_MEMORY_CAPTURE_BUDGET_MS: 'soon' }, 8000],
    ['the file sets the capture wait', 'captureBudgetMs', { captureBudgetMs: 2000 }, {}, 2000],
    ['there is no team server by default', 'teamUrl', undefined, {}, null],
    ['the file names the team server', 'teamUrl', { team: { url: 'postgres://a@db/t' } }, {}, 'postgres://a@db/t'],
    [
      'CLAUDE_MEMORY_TEAM_URL wins over the file',
      'teamUrl',
      { team: { url: 'postgres://a@db/t' } },
      { CLAUDE_MEMORY_TEAM_URL: 'postgres://b@db/x' },
      'postgres://b@db/x',
    ],
    ['the file names this machine for the team', 'teamHost', { team: { host: 'desk' } }, {}, 'desk'],
    [
      'CLAUDE_MEMORY_TEAM_HOST wins over the file',
      'teamHost',
      { team: { host: 'desk' } },
      { CLAUDE_MEMORY_TEAM_HOST: 'laptop' },
      'laptop',
    ],
    ['a push replaces both PII kinds by default', 'teamPii', undefined, {}, ['email', 'phone']],
    ['the file picks the kinds', 'teamPii', { team: { pii: ['email'] } }, {}, ['email']],
    [
      'CLAUDE_MEMORY_TEAM_PII=none wins over the file',
      'teamPii',
      { team: { pii: ['email'] } },
      { CLAUDE_MEMORY_TEAM_PII: 'none' },
      [],
    ],
    ['the file adds PII patterns', 'teamPiiPatterns', { team: { piiPatterns: ['EMP-\\d+'] } }, {}, ['/EMP-\\d+/gu']],
    ['the team server has 5 s to answer', 'teamConnectTimeoutMs', undefined, {}, 5000],
    ['the file changes the wait', 'teamConnectTimeoutMs', { team: { connectTimeoutMs: 2000 } }, {}, 2000],
    [
      'the environment wins over the file',
      'teamConnectTimeoutMs',
      { team: { connectTimeoutMs: 2000 } },
      { CLAUDE_MEMORY_TEAM_TIMEOUT_MS: '3000' },
      3000,
    ],
    ['auto-push is off by default', 'teamAutoPushMinutes', undefined, {}, 0],
    ['the file turns auto-push on', 'teamAutoPushMinutes', { team: { autoPushMinutes: 30 } }, {}, 30],
    [
      'CLAUDE_MEMORY_TEAM_AUTO_PUSH=15 wins over the file',
      'teamAutoPushMinutes',
      { team: { autoPushMinutes: 30 } },
      { CLAUDE_MEMORY_TEAM_AUTO_PUSH: '15' },
      15,
    ],
    [
      'CLAUDE_MEMORY_NOW fixes the clock',
      'now',
      undefined,
      { CLAUDE_MEMORY_NOW: '2026-01-02T03:04:05Z' },
      '2026-01-02T03:04:05.000Z',
    ],
  ])('%s', (_case, setting, file, env, value) => {
    expect(read[setting](envWith(file, env))).toEqual(value);
  });

  it.each<[string, unknown, Env, string]>([
    // [case, file, environment, the one warning]
    [
      'a word for a number',
      undefined,
      { CLAUDE_MEMORY_RETENTION_DAYS: 'soon' },
      'CLAUDE_MEMORY_RETENTION_DAYS=soon is not a whole number; using 90',
    ],
    [
      'a text for a number in the file',
      { contextDays: 'three weeks' },
      {},
      '"contextDays" is not a whole number; using 21',
    ],
    [
      'a wait beyond its range',
      { captureBudgetMs: 60000 },
      {},
      '"captureBudgetMs" is not a whole number from 1 to 8000; using 8000',
    ],
    [
      'a recall that is not on or off',
      { recall: 'sometimes' },
      {},
      '"recall" is not on or off (1/0, true/false); ignored',
    ],
    [
      'a bad CLAUDE_MEMORY_DISABLE',
      undefined,
      { CLAUDE_MEMORY_DISABLE: 'perhaps' },
      'CLAUDE_MEMORY_DISABLE=perhaps is not on or off (1/0, true/false); ignored',
    ],
    ['a file that is not JSON', '{"recall": tru', {}, 'is not valid JSON; its settings are ignored'],
    ['a file that is a list', '[1]', {}, 'is not a JSON object; its settings are ignored'],
    ['a team that is not an object', { team: 'yes' }, {}, '"team" is not an object; ignored'],
    [
      'an unknown PII kind',
      undefined,
      { CLAUDE_MEMORY_TEAM_PII: 'email,ssn' },
      'unknown PII kind "ssn" (known: email, phone, none)',
    ],
    [
      'a PII pattern that does not compile',
      { team: { piiPatterns: ['('] } },
      {},
      'team.piiPatterns: "(" is not a valid regular expression; ignored',
    ],
    [
      'an auto-push interval that is not minutes',
      undefined,
      { CLAUDE_MEMORY_TEAM_AUTO_PUSH: 'often' },
      'CLAUDE_MEMORY_TEAM_AUTO_PUSH=often is not a whole number of minutes from 1 to 10080; auto-push is off',
    ],
    [
      'a clock that is not a date',
      undefined,
      { CLAUDE_MEMORY_NOW: 'yesterday' },
      'CLAUDE_MEMORY_NOW=yesterday is not a date; using the real clock',
    ],
  ])('warns once, without throwing, about %s', (_case, file, env, warning) => {
    const warnings = readSettings(envWith(file, env)).warnings;
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(warning);
  });

  it('says nothing about a file and an environment whose values are all good', () => {
    const file = {
      db: '/d/m.db',
      disabled: false,
      contextChars: 3000,
      recall: true,
      team: { url: 'postgres://a@db/t', pii: 'email', autoPushMinutes: 5 },
    };
    expect(
      readSettings(envWith(file, { CLAUDE_MEMORY_RETENTION_DAYS: '30', CLAUDE_MEMORY_STDIN_TIMEOUT_MS: '500' }))
        .warnings,
    ).toEqual([]);
  });

  it('writes recall into the file and keeps every other setting', () => {
    const env = envWith({ contextDays: 7, team: { host: 'desk' } });
    writeRecallSetting(env, true);
    expect(JSON.parse(readFileSync(env['CLAUDE_MEMORY_CONFIG'] as string, 'utf8'))).toEqual({
      contextDays: 7,
      team: { host: 'desk' },
      recall: true,
    });
    expect(recallSetting(env)).toMatchObject({ on: true, source: 'config file' });
  });
});

describe('the settings are read here alone, and documented', () => {
  const page = readFileSync(join(ROOT, 'docs', 'configuration.md'), 'utf8');

  it.each(Object.entries(SETTINGS))(
    'docs/configuration.md lists %s with its key, variable and default',
    (_name, setting) => {
      const row = page
        .split('\n')
        .find((line) => line.startsWith('| ') && line.includes(`\`${setting.env ?? setting.key}\``));
      expect(row).toBeDefined();
      const [key, env, fallback] = (row as string).split(' | ').map((cell) => cell.replace(/^\| /, ''));
      expect([key, env]).toEqual([setting.key ? `\`${setting.key}\`` : '—', setting.env ? `\`${setting.env}\`` : '—']);
      if (setting.default !== null) expect(fallback).toBe(String(setting.default));
    },
  );

  it('no other source file reads a CLAUDE_MEMORY_ variable or the settings file', () => {
    const readers = ['hooks', 'commands', 'lib'].flatMap((dir) =>
      readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
        .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
        .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
        .filter((file) =>
          /env\[['"]CLAUDE_MEMORY_|env\.CLAUDE_MEMORY_|['"]memory\.json['"]\)/.test(
            readFileSync(join(ROOT, file), 'utf8'),
          ),
        ),
    );
    expect(readers.filter((file) => file !== 'lib/config/config.ts' && !file.startsWith('lib/config/'))).toEqual([]);
  });
});
