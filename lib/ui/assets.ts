// The page's files: the HTML shell (no inline script) and the bundle built into dist/web/ by esbuild.
// Read once at start; only files found there at start can ever be served (no path from a URL reaches the disk).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { ownFile } from '../runtime/own-files.js';

export interface Asset {
  readonly type: string;
  readonly body: Buffer;
}

const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** Where the build puts the page's bundle: dist/web beside the executables. */
export function defaultAssetsDir(): string {
  return ownFile('dist', 'web');
}

/** `/assets/<name>` → file, for every servable file in `dir`; throws when the bundle was never built. */
export function loadAssets(dir: string): ReadonlyMap<string, Asset> {
  if (!existsSync(join(dir, 'main.js')))
    throw new Error(`the page's files are missing from ${dir} (run npm run build)`);
  const assets = new Map<string, Asset>();
  for (const name of readdirSync(dir)) {
    const type = TYPES[extname(name)];
    if (type) assets.set(`/assets/${name}`, { type, body: readFileSync(join(dir, name)) });
  }
  return assets;
}

export const SHELL: Asset = {
  type: 'text/html; charset=utf-8',
  body: Buffer.from(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>memory</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/assets/main.css">
<script type="module" src="/assets/main.js"></script>
</head>
<body>
<noscript>This page needs JavaScript to show your memories.</noscript>
</body>
</html>
`),
};
