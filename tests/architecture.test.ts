// Enforces the layout STYLE.md describes: thin hooks, logic in lib/, SQL and better-sqlite3 only
// under lib/db/, and a hook import graph free of CLI dependencies.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph } from '../bench/import-graph.js';
import { DIST, ROOT } from './helpers.js';

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return [...text.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm)].map((m) => (m[1] ?? m[2]) as string);
}

const lib = sourceFiles('lib');
const hooks = sourceFiles('hooks');
const commands = sourceFiles('commands');

describe('architecture', () => {
  it('keeps hook entry points to wiring', () => {
    for (const file of hooks) {
      expect(readFileSync(join(ROOT, file), 'utf8').split('\n').length, file).toBeLessThanOrEqual(30);
      for (const spec of importsOf(file)) expect(spec.startsWith('../lib/') || spec.startsWith('node:'), `${file} imports ${spec}`).toBe(true);
    }
  });

  it('lets nothing import hooks/ or commands/', () => {
    for (const file of [...lib, ...hooks, ...commands]) {
      for (const spec of importsOf(file).filter((s) => s.startsWith('.'))) {
        const target = relative(ROOT, resolve(ROOT, dirname(file), spec));
        if (file.startsWith('commands/') && target.startsWith('commands/')) continue;
        expect(target.startsWith('hooks/') || target.startsWith('commands/'), `${file} imports ${spec}`).toBe(false);
      }
    }
  });

  it('imports better-sqlite3 only under lib/db/', () => {
    for (const file of [...lib, ...hooks, ...commands]) {
      if (file.startsWith('lib/db/')) continue;
      expect(importsOf(file).filter((spec) => spec === 'better-sqlite3'), file).toEqual([]);
    }
  });

  it('writes SQL only under lib/db/', () => {
    const sql = /\b(?:SELECT\s+[\w*(]|INSERT\s+INTO|DELETE\s+FROM|CREATE\s+(?:TABLE|INDEX|TRIGGER|VIRTUAL)|UPDATE\s+\w+\s+SET|PRAGMA\s)/;
    for (const file of [...lib, ...hooks, ...commands]) {
      if (file.startsWith('lib/db/')) continue;
      expect(sql.test(readFileSync(join(ROOT, file), 'utf8')), file).toBe(false);
    }
  });

  it('keeps process exits, console and argv out of lib/', () => {
    for (const file of lib) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      expect(/process\.exit\(|console\.|process\.argv/.test(text), file).toBe(false);
    }
  });

  it('never loads commander or picocolors from a hook, and only better-sqlite3 from npm', () => {
    for (const hook of ['session-start', 'post-tool-use', 'stop', '_cleanup']) {
      const { packages } = importGraph(join(DIST, 'hooks', `${hook}.js`));
      expect([...packages].sort(), hook).toEqual(['better-sqlite3']);
    }
  });
});
