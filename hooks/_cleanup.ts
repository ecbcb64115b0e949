// Internal: the daily maintenance (quick_check, spool, retention), started detached by session-start. Not a Claude Code hook.
import { runTask } from '../lib/hook/io.js';
import { cleanupNow } from '../lib/hook/on-cleanup.js';

runTask('cleanup', cleanupNow);
