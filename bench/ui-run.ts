// `npm run bench:ui`: builds a synthetic database through the real capture path (or reuses
// BENCH_UI_DB when it exists) and prints the memory ui section of BENCHMARKS.md.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '../lib/db/open.js';
import { generate } from './generate.js';
import { benchUi, uiSection } from './ui.js';

const SIZE = Number(process.env['BENCH_UI_SIZE'] ?? 100_000);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 15);
const NOW = new Date();

const work = mkdtempSync(join(tmpdir(), 'cmh-bench-ui-'));
try {
  const given = process.env['BENCH_UI_DB'];
  const dbPath = given ?? join(work, 'memories.db');
  if (!given || !existsSync(given)) {
    const db = openDb(dbPath, { create: true });
    if (!db) throw new Error(`could not create ${dbPath}`);
    generate(db, { count: SIZE, now: NOW, days: 120 });
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
  }
  const timings = await benchUi(dbPath, NOW, ROUNDS);
  process.stdout.write(
    `Node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}; ${NOW.toISOString().slice(0, 10)}.\n\n`,
  );
  process.stdout.write(`${uiSection(SIZE, timings, ROUNDS).join('\n')}\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
