// Node 20's code cache (lib/runtime/code-cache.ts) through the real launcher: the entry it writes, that
// it is used again, and that a stale, damaged or foreign cache never runs the wrong code or stops a run.
// Node 22 and newer use Node's own compile cache instead, and write nothing here.
import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import nodeModule from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RUNTIME, tempDir } from '../helpers.js';

const ownCompileCache = typeof (nodeModule as { enableCompileCache?: unknown }).enableCompileCache === 'function';
const uid = process.getuid?.() ?? 0;

/** A copy of the installed runtime's commands (the CLI's launcher and bundle), which a test may change. */
function runtimeCopy(): string {
  const dir = tempDir();
  cpSync(join(RUNTIME, 'dist'), join(dir, 'dist'), { recursive: true });
  return join(dir, 'dist', 'commands', 'cli.js');
}

function version(cli: string, tmp: string): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [cli, '--version'], {
    env: { ...process.env, TMPDIR: tmp, HOME: tmp },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const cacheOf = (tmp: string): string => join(tmp, `claude-memory-hooks-code-cache-${uid}`);
const entries = (tmp: string): string[] => readdirSync(cacheOf(tmp)).filter((name) => name.startsWith('cli.main.js'));

describe.skipIf(ownCompileCache)("Node 20's code cache", () => {
  it('writes one entry of its own, then runs from it', () => {
    const tmp = tempDir();
    const cli = join(RUNTIME, 'dist', 'commands', 'cli.js');
    const first = version(cli, tmp);
    expect(first).toMatchObject({ status: 0, stderr: '' });
    expect(statSync(cacheOf(tmp)).mode & 0o777).toBe(0o700);
    const [entry] = entries(tmp);
    expect(entries(tmp)).toHaveLength(1);
    const written = statSync(join(cacheOf(tmp), entry as string));
    expect(written.mode & 0o777).toBe(0o600);
    expect(written.size).toBeGreaterThan(10_000);
    // Taken as it is: not written again.
    expect(version(cli, tmp)).toEqual(first);
    expect(statSync(join(cacheOf(tmp), entry as string)).mtimeMs).toBe(written.mtimeMs);
  });

  it('never runs the code of a bundle that changed since its entry was written, and drops that entry', () => {
    const tmp = tempDir();
    const cli = runtimeCopy();
    expect(version(cli, tmp).status).toBe(0);
    const [old] = entries(tmp);
    appendFileSync(cli.replace(/\.js$/, '.main.js'), '\nprocess.stderr.write("changed\\n");\n');
    expect(version(cli, tmp)).toMatchObject({ status: 0, stderr: 'changed\n' });
    expect(entries(tmp)).toHaveLength(1);
    expect(entries(tmp)).not.toContain(old);
  });

  it('keeps apart the entries of two copies of one bundle (the plugin and ./install.sh)', () => {
    const tmp = tempDir();
    expect(version(join(RUNTIME, 'dist', 'commands', 'cli.js'), tmp).status).toBe(0);
    expect(version(runtimeCopy(), tmp).status).toBe(0);
    expect(entries(tmp)).toHaveLength(2);
  });

  it('compiles past a damaged entry, and writes a good one in its place', () => {
    const tmp = tempDir();
    const cli = join(RUNTIME, 'dist', 'commands', 'cli.js');
    const first = version(cli, tmp);
    const entry = join(cacheOf(tmp), entries(tmp)[0] as string);
    writeFileSync(entry, 'not V8 code at all');
    expect(version(cli, tmp)).toEqual(first);
    const rewritten = statSync(entry);
    expect(rewritten.size).toBeGreaterThan(10_000);
    // The new entry is taken: not written again.
    expect(version(cli, tmp)).toEqual(first);
    expect(statSync(entry).mtimeMs).toBe(rewritten.mtimeMs);
  });

  it('leaves alone a cache folder others may write to, and runs all the same', () => {
    const tmp = tempDir();
    mkdirSync(cacheOf(tmp));
    chmodSync(cacheOf(tmp), 0o777);
    const cli = join(RUNTIME, 'dist', 'commands', 'cli.js');
    expect(version(cli, tmp)).toMatchObject({ status: 0, stderr: '' });
    expect(entries(tmp)).toEqual([]);
  });

  it('runs without a cache where the temp folder cannot be written', () => {
    const tmp = tempDir();
    writeFileSync(join(tmp, 'file'), '');
    const cli = join(RUNTIME, 'dist', 'commands', 'cli.js');
    expect(version(cli, join(tmp, 'file'))).toMatchObject({ status: 0, stderr: '' });
  });
});

it('bundles hold no dynamic import(), which a vm.Script has no loader for', () => {
  const bundles = ['commands', 'hooks'].flatMap((folder) =>
    readdirSync(join(RUNTIME, 'dist', folder))
      .filter((name) => name.endsWith('.main.js'))
      .map((name) => join(RUNTIME, 'dist', folder, name)),
  );
  expect(bundles.length).toBeGreaterThan(5);
  for (const bundle of bundles) expect(readFileSync(bundle, 'utf8'), bundle).not.toMatch(/(?<![\w$.])import\(/);
});

describe.skipIf(!ownCompileCache)('Node 22 and newer', () => {
  it("use Node's own compile cache, and write no entry of ours", () => {
    const tmp = tempDir();
    expect(version(join(RUNTIME, 'dist', 'commands', 'cli.js'), tmp).status).toBe(0);
    expect(readdirSync(tmp)).not.toContain(`claude-memory-hooks-code-cache-${uid}`);
  });
});
