// The floor for a SQLite-writing Node hook: read stdin, load better-sqlite3, open the database in
// WAL mode, insert one row. No hook can do less; ours are measured as ratios to this.
import Database from 'better-sqlite3';

const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const payload = Buffer.concat(chunks).toString('utf8');
const db = new Database(process.env['CLAUDE_MEMORY_DB'] as string);
db.pragma('busy_timeout = 5000');
db.pragma('journal_mode = WAL');
db.prepare('INSERT INTO bench_floor (payload) VALUES (?)').run(payload.slice(0, 200));
db.close();
