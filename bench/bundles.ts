// What each bundle holds, read from esbuild's metafile (dist/bundle-meta.json): its bytes, how many of our
// modules and which npm packages. Returns the report's lines.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export function bundlesSection(dist: string): string[] {
  const lines = ['## What a bundle holds', ''];
  const meta = JSON.parse(readFileSync(join(dist, 'bundle-meta.json'), 'utf8')) as {
    outputs: Record<string, { bytes: number; inputs: Record<string, unknown> }>;
  };
  lines.push('| bundle | bytes | our modules | npm packages |', '|---|---:|---:|---|');
  for (const [file, output] of Object.entries(meta.outputs).sort()) {
    const inputs = Object.keys(output.inputs);
    const packages = [...new Set(inputs.flatMap((f) => packageOf(f) ?? []))];
    lines.push(
      `| ${file.replace('dist/runtime/', '')} | ${output.bytes.toLocaleString('en')} | ${inputs.filter((f) => !f.includes('node_modules/')).length} | ${packages.join(', ') || 'none'} |`,
    );
  }
  lines.push(
    '',
    "Each executable starts from a small start file (lib/runtime/start.ts) that turns on Node's compile cache (Node 22.1 and newer) and then loads its bundle; better-sqlite3 is a package beside the bundles.",
    '',
  );
  return lines;
}

/** `node_modules/@scope/name/…` → `@scope/name`, `node_modules/name/…` → `name`; null for our own modules. */
function packageOf(file: string): string | null {
  const inside = file.split('node_modules/')[1];
  if (inside === undefined) return null;
  return inside
    .split('/')
    .slice(0, inside.startsWith('@') ? 2 : 1)
    .join('/');
}
