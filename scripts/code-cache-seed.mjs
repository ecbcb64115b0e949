// `node code-cache-seed.mjs <database> <project>` (scripts/code-cache.mjs): fills the throw-away
// database the code caches are trained on with a project's worth of memories, through the capture
// path the hooks use (payload → parseToolEvent → captureEvent → toNewMemory → MemoryStore.insert).
// A project this size is old enough for prompt-time recall (lib/recall/recall.ts MIN_PROJECT_ROWS),
// so the training prompt runs recall through to an injected memory: a cache trained on an empty
// project holds none of that code, and every prompt then compiled it again (~2.5 ms a prompt).
import { captureEvent } from '../dist/lib/capture.js';
import { MemoryStore } from '../dist/lib/db/memories.js';
import { openDb } from '../dist/lib/db/open.js';
import { parseToolEvent } from '../dist/lib/hook/payload.js';
import { toNewMemory } from '../dist/lib/memory.js';
import { projectAt } from '../dist/lib/project.js';
import { summarizeSession } from '../dist/lib/summary.js';

const [path, project] = process.argv.slice(2);
if (!path || !project) throw new Error('usage: code-cache-seed.mjs <database> <project>');

const COMMANDS = ['npm test', 'npm run build', 'npm run lint', 'git status', 'git diff --stat', 'npx tsc --noEmit'];
const FILES = ['src/server.ts', 'src/db.ts', 'src/routes/users.ts', 'src/config.ts', 'README.md'];
const CHANGES = ['add request logging', 'handle an empty body', 'close the pool on exit', 'rename the env variable'];

/** Day `i` of three weeks of work: a few commands and edits a day, and now and then a failure. */
function payloads(sessionId, i) {
  const base = { session_id: sessionId, transcript_path: '/none.jsonl', cwd: project };
  const file = `${project}/${FILES[i % FILES.length]}`;
  const change = CHANGES[i % CHANGES.length];
  const events = [
    {
      ...base,
      hook_event_name: 'PostToolUse',
      tool_use_id: `toolu_seed_${i}_c`,
      tool_name: 'Bash',
      tool_input: { command: COMMANDS[i % COMMANDS.length], description: change },
      tool_response: { stdout: 'ok', stderr: '' },
    },
    {
      ...base,
      hook_event_name: 'PostToolUse',
      tool_use_id: `toolu_seed_${i}_e`,
      tool_name: 'Edit',
      tool_input: { file_path: file, old_string: `// TODO ${i}`, new_string: `// ${change} (${i})` },
      tool_response: { filePath: file, structuredPatch: [] },
    },
  ];
  if (i % 9 === 4)
    events.push({
      ...base,
      hook_event_name: 'PostToolUseFailure',
      tool_use_id: `toolu_seed_${i}_f`,
      tool_name: 'Bash',
      tool_input: { command: 'npm test -- users' },
      error: `Exit code 1\nFAIL src/routes/users.test.ts\nTypeError: Cannot read properties of undefined (reading 'id') (${i})`,
    });
  // The memory the training prompt is about: one edit, where nothing else mentions it.
  if (i === 17) {
    const app = `${project}/src/app.ts`;
    events.push({
      ...base,
      hook_event_name: 'PostToolUse',
      tool_use_id: `toolu_seed_${i}_r`,
      tool_name: 'Edit',
      tool_input: { file_path: app, old_string: 'const retryCount = 3;', new_string: 'const retryCount = 5;' },
      tool_response: { filePath: app, structuredPatch: [] },
    });
  }
  return events;
}

const db = openDb(path, { create: true });
if (!db) throw new Error(`cannot open ${path}`);
try {
  const store = new MemoryStore(db);
  const now = Date.now();
  const days = 40;
  const sessions = [];
  db.transaction(() => {
    for (let i = 0; i < days; i++) {
      const sessionId = `code-cache-seed-${Math.floor(i / 4)}`;
      if (sessions[sessions.length - 1] !== sessionId) sessions.push(sessionId);
      for (const [n, payload] of payloads(sessionId, i).entries()) {
        const event = parseToolEvent(payload);
        const draft = event && captureEvent(event);
        if (!event || !draft) continue;
        const createdAt = new Date(now - (days - i) * 86_400_000 + n * 60_000);
        store.insert(
          toNewMemory(draft, {
            sessionId: event.sessionId,
            agentId: event.agentId,
            toolUseId: event.toolUseId,
            project: projectAt(project),
            createdAt,
            source: 'hook',
          }),
          60,
        );
      }
    }
    for (const sessionId of sessions) {
      const summary = summarizeSession(sessionId, store.sessionRows(sessionId), new Date(now));
      if (summary) store.upsertSummary(summary);
    }
  })();
} finally {
  db.close();
}
