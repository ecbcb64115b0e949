// The floor for a SQLite-writing Node hook, as plain CommonJS: read stdin, load better-sqlite3, open
// the database, busy_timeout, WAL, insert one row into a one-column table, close. No hook can do
// less; ours are measured as ratios to this (and to `node -e 0`) in the same interleaved run.
import fs = require('node:fs');
import Database = require('better-sqlite3');

const payload = fs.readFileSync(0, 'utf8');
const db = new Database(process.env['CLAUDE_MEMORY_DB'] as string);
db.pragma('busy_timeout = 5000');
db.pragma('journal_mode = WAL');
db.prepare('INSERT INTO bench_floor (payload) VALUES (?)').run(payload.slice(0, 200));
db.close();
