// The ESM import graph of built files (static imports and import() of literal paths): which of our
// modules an entry point reaches, and which npm packages. Shared by the benchmark's module list and
// the architecture test that keeps CLI packages out of the hooks.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

export interface ImportGraph {
  /** Our files reached from the entry (the entry included), sorted. */
  readonly files: readonly string[];
  /** Bare npm package names imported anywhere in the graph. */
  readonly packages: ReadonlySet<string>;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

export function importGraph(entry: string): ImportGraph {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const spec = (match[1] ?? match[2]) as string;
      if (spec.startsWith('node:')) continue;
      if (spec.startsWith('.')) queue.push(resolve(dirname(file), spec));
      else packages.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] as string));
    }
  }
  return { files: [...seen].sort(), packages };
}
