// The team bench's rows of known count, added to its generated seed through the same capture path:
// a rare exception class in 10 memories, and a Korean word with a particle (환불을) in 30, spread over
// the seed's year so no window of the newest rows holds them all.
import { captureEvent } from '../lib/capture/capture.js';
import { memoryIntent } from '../lib/capture/intent.js';
import { projectAt } from '../lib/capture/project.js';
import { MemoryStore } from '../lib/db/memories.js';
import type { Db } from '../lib/db/open.js';
import { toNewMemory } from '../lib/memory.js';
import { parseToolEvent } from '../lib/agents/claude-code/payload.js';

export const RARE_WORD = 'SequelizeUniqueConstraintError';
export const REFUND_ROWS = 30;
const RARE_ROWS = 10;

export function addSpecialRows(db: Db, now: Date): void {
  const store = new MemoryStore(db);
  const year = 365 * 24 * 3600 * 1000;
  const rows: Array<{ command: string; said: string }> = [];
  for (let i = 0; i < REFUND_ROWS; i++) {
    rows.push({
      command: `node scripts/refund.js --order ${9000 + i} # 환불을 다시 시도`,
      said: '환불 처리 스크립트를 다시 실행하겠습니다.',
    });
  }
  for (let i = 0; i < RARE_ROWS; i++) {
    rows.push({
      command: `npm test -- users.unique.test.ts # ${RARE_WORD} on email ${i}`,
      said: 'The unique index rejects the duplicate email.',
    });
  }
  db.transaction(() => {
    rows.forEach((row, i) => {
      const project = `/home/dev/work/${['api-server', 'web-app'][i % 2] as string}`;
      const event = parseToolEvent({
        session_id: `bench-special-${i}`,
        transcript_path: '/t.jsonl',
        cwd: project,
        tool_use_id: `toolu_bench_special_${i}`,
        hook_event_name: 'PostToolUse',
        tool_name: 'Bash',
        tool_input: { command: row.command, description: row.said },
        tool_response: { stdout: 'ok', stderr: '', interrupted: false },
      });
      const draft = event && captureEvent(event);
      if (!event || !draft) throw new Error(`special row ${i} was not captured`);
      const memory = {
        ...toNewMemory(draft, {
          sessionId: event.sessionId,
          agentId: event.agentId,
          toolUseId: event.toolUseId,
          project: projectAt(project),
          createdAt: new Date(now.getTime() - (year * (i + 1)) / (rows.length + 1)),
          source: 'hook',
        }),
        intent: memoryIntent({ narration: row.said, todo: '', description: '' }, draft, event.input),
      };
      if (store.insert(memory, 60) !== 'stored') throw new Error(`special row ${i} was not stored`);
    });
  })();
}
