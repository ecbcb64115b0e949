// The CommonJS floor: the least a SQLite-writing Node process can do, loaded the cheapest way Node
// loads code (readFileSync of fd 0, require, one insert). The MCP server's start-up is a ratio to it.
import fs = require('node:fs');
import Database = require('better-sqlite3');

const payload = fs.readFileSync(0, 'utf8');
const db = new Database(process.env['CLAUDE_MEMORY_DB'] as string);
db.pragma('busy_timeout = 5000');
db.pragma('journal_mode = WAL');
db.prepare('INSERT INTO bench_floor (payload) VALUES (?)').run(payload.slice(0, 200));
db.close();
