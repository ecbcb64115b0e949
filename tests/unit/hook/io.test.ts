import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseJsonObject, readStdin } from '../../../lib/hook/io.js';
import { loadConfig } from '../../../lib/config.js';
import { projectAt, resolveProject } from '../../../lib/project.js';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../../helpers.js';

describe('reading stdin', () => {
  it('reads a payload that arrives in pieces', async () => {
    const stream = new PassThrough();
    const result = readStdin({ stream, timeoutMs: 5000 });
    stream.write('{"a":');
    setTimeout(() => stream.end('1}'), 20);
    expect(await result).toEqual({ ok: true, text: '{"a":1}' });
  });

  it('keeps a whole payload whose pipe is never closed', async () => {
    const stream = new PassThrough();
    stream.write('{"session_id":"s"}');
    expect(await readStdin({ stream, timeoutMs: 50 })).toEqual({ ok: true, text: '{"session_id":"s"}' });
  });

  it('gives up on a silent pipe', async () => {
    expect(await readStdin({ stream: new PassThrough(), timeoutMs: 50 })).toEqual({ ok: false, reason: 'no input on stdin after 50 ms' });
  });

  it('refuses more than the byte cap', async () => {
    const stream = new PassThrough();
    const result = readStdin({ stream, maxBytes: 10, timeoutMs: 5000 });
    stream.end('x'.repeat(11));
    expect(await result).toEqual({ ok: false, reason: 'stdin larger than 10 bytes' });
  });

  it.each([
    ['', 'empty stdin'], ['garbage', 'stdin is not valid JSON (7 characters)'], ['{"a":', 'stdin is not valid JSON (5 characters)'],
    ['[1,2]', 'stdin JSON is not an object'], ['null', 'stdin JSON is not an object'],
  ])('rejects %j as a reason, not a throw', (text, reason) => {
    expect(parseJsonObject(text)).toEqual({ ok: false, reason });
  });
});

describe('configuration', () => {
  it('defaults to ~/.claude/memory.db', () => {
    expect(loadConfig({ HOME: '/home/u' }).dbPath).toBe('/home/u/.claude/memory.db');
  });
  it('honours CLAUDE_MEMORY_DB and CLAUDE_MEMORY_DISABLE', () => {
    expect(loadConfig({ HOME: '/h', CLAUDE_MEMORY_DB: '/x/m.db', CLAUDE_MEMORY_DISABLE: '1' })).toMatchObject({ dbPath: '/x/m.db', disabled: true });
  });
  it('clamps the context size and warns about bad numbers instead of throwing', () => {
    expect(loadConfig({ CLAUDE_MEMORY_CONTEXT_CHARS: '100000' }).contextChars).toBe(9000);
    const config = loadConfig({ CLAUDE_MEMORY_RETENTION_DAYS: 'soon' });
    expect(config.retentionDays).toBe(90);
    expect(config.warnings).toEqual(['CLAUDE_MEMORY_RETENTION_DAYS=soon is not a whole number; using 90']);
  });
  it('takes an injected clock', () => {
    expect(loadConfig({ CLAUDE_MEMORY_NOW: '2026-01-02T03:04:05Z' }).now().toISOString()).toBe('2026-01-02T03:04:05.000Z');
  });
});

describe('project identity', () => {
  it('prefers CLAUDE_PROJECT_DIR', () => {
    expect(resolveProject({ CLAUDE_PROJECT_DIR: '/w/api/' }, '/w/api/src')).toEqual({ name: 'api', path: '/w/api' });
  });
  it('walks up to the git top-level without spawning git', () => {
    const root = join(tempDir(), 'shop');
    mkdirSync(join(root, '.git'), { recursive: true });
    mkdirSync(join(root, 'src', 'deep'), { recursive: true });
    expect(resolveProject({}, join(root, 'src', 'deep'))).toEqual({ name: 'shop', path: root });
  });
  it('falls back to cwd outside a repository', () => {
    const dir = join(tempDir(), 'scratch');
    mkdirSync(dir);
    expect(resolveProject({}, dir)).toEqual({ name: 'scratch', path: dir });
  });
  it('understands Windows paths', () => {
    expect(projectAt('C:\\Users\\dev\\app')).toEqual({ name: 'app', path: 'C:\\Users\\dev\\app' });
  });
});
