// `npm run bench -- --node 22 --node 24`: the runtime as an install under another Node release makes
// it (better-sqlite3 compiled for that Node), so the bench can time the
// same hooks and searches under it. The official binary comes from the npm registry with its
// headers (bench/node-binaries.ts); better-sqlite3 is compiled for it once, with the node-gyp npm
// ships, into the same cache (a few minutes the first time).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { nodeBinary, type NodeMajor } from './node-binaries.js';

export interface OtherNode {
  readonly major: NodeMajor;
  readonly exec: string;
  readonly version: string;
  /** The dist/ of a copy of dist/runtime with the addon of this Node. */
  readonly runtime: string;
  /** The CommonJS floor, beside a node_modules whose better-sqlite3 is this Node's. */
  readonly floor: string;
}

const require = createRequire(import.meta.url);

/** Everything `major` needs to run the runtime, under `work`; a reason when it cannot be had here. */
export async function prepareNode(
  major: NodeMajor,
  root: string,
  work: string,
): Promise<OtherNode | { readonly reason: string }> {
  const binary = nodeBinary(major);
  if (!binary.ok) return { reason: binary.reason };
  const headers = resolve(binary.path, '..', '..');
  const addon = compiledBetterSqlite3(binary.path, headers, join(headers, '..', '..'));
  if ('reason' in addon) return addon;

  const copy = join(work, `runtime-node${major}`);
  cpSync(join(root, 'dist', 'runtime'), copy, { recursive: true });
  const runtime = join(copy, 'dist');
  cpSync(addon.file, join(copy, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node'));

  const floorDir = join(work, `floor-node${major}`);
  mkdirSync(join(floorDir, 'node_modules'), { recursive: true });
  // A copy, not a link: Node would resolve a link to the cache, where `bindings` cannot be found.
  const floorPackage = join(floorDir, 'node_modules', 'better-sqlite3');
  for (const part of ['package.json', 'lib', join('build', 'Release', 'better_sqlite3.node')])
    cpSync(join(addon.packageDir, part), join(floorPackage, part), { recursive: true });
  for (const name of ['bindings', 'file-uri-to-path'])
    symlinkSync(dirname(require.resolve(`${name}/package.json`)), join(floorDir, 'node_modules', name));
  cpSync(join(root, 'dist', 'bench', 'floor.cjs'), join(floorDir, 'floor.cjs'));
  return { major, exec: binary.path, version: binary.version, runtime, floor: join(floorDir, 'floor.cjs') };
}

/** better-sqlite3 (this checkout's version) compiled for the Node at `exec`, kept under `cache`. */
function compiledBetterSqlite3(
  exec: string,
  headers: string,
  cache: string,
): { readonly packageDir: string; readonly file: string } | { readonly reason: string } {
  const source = dirname(require.resolve('better-sqlite3/package.json'));
  const { version } = require('better-sqlite3/package.json') as { version: string };
  const packageDir = join(cache, `better-sqlite3-${version}`);
  const file = join(packageDir, 'build', 'Release', 'better_sqlite3.node');
  if (loads(exec, file)) return { packageDir, file };
  rmSync(packageDir, { recursive: true, force: true });
  cpSync(source, packageDir, { recursive: true, filter: (path) => !path.startsWith(join(source, 'build')) });
  const gyp = nodeGyp();
  if (!gyp) return { reason: "npm's node-gyp was not found (it compiles better-sqlite3 for another Node)" };
  const build = spawnSync(exec, [gyp, 'rebuild', '--release', `--nodedir=${headers}`], {
    cwd: packageDir,
    encoding: 'utf8',
  });
  if (build.status !== 0 || !loads(exec, file))
    return {
      reason: `better-sqlite3 did not compile for ${exec}: ${build.stderr.trim().split('\n').slice(-2).join(' ')}`,
    };
  return { packageDir, file };
}

function loads(exec: string, file: string): boolean {
  if (!existsSync(file)) return false;
  const probe = `new (require(${JSON.stringify(resolve(file, '..', '..', '..'))}))(':memory:', { nativeBinding: ${JSON.stringify(file)} }).close()`;
  return spawnSync(exec, ['-e', probe]).status === 0;
}

/** node-gyp as npm bundles it (npm runs it for every native package it installs). */
function nodeGyp(): string | null {
  const npm = spawnSync('npm', ['prefix', '-g'], { encoding: 'utf8' }).stdout.trim();
  const candidates = [
    join(npm, 'lib', 'node_modules', 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'),
    join(
      dirname(process.execPath),
      '..',
      'lib',
      'node_modules',
      'npm',
      'node_modules',
      'node-gyp',
      'bin',
      'node-gyp.js',
    ),
  ];
  return candidates.find((path) => existsSync(path)) ?? null;
}
