// UserPromptSubmit: records what the user asked, redacted and bounded, and — when recall is on and
// the gate lets the prompt through — prints the few past memories the prompt is clearly about.
// Filters before anything is loaded, so a skipped prompt costs only the parse; the database layer is
// imported only for a prompt that will be stored or searched. Prints nothing rather than be late.
import { loadConfig, recallSetting } from '../config.js';
import { resolveProject } from '../project.js';
import { promptToRecord } from '../prompt.js';
import { recallGate } from '../recall/gate.js';
import { str } from '../unknown.js';
import type { HookContext, HookStdin } from './io.js';
import { finishHook } from './run.js';

/** Recall's own budget from process start: past it the hook prints nothing (the user is waiting). */
export const RECALL_DEADLINE_MS = 1000;

export async function handlePrompt({ input, env, print }: HookContext): Promise<void> {
  const config = loadConfig(env);
  if (config.disabled) return;
  const sessionId = str(input['session_id']);
  if (!sessionId) return;
  const prompt = str(input['prompt']);
  const text = promptToRecord(prompt, str(input['source']));
  const gate = recallSetting(env).on ? recallGate(prompt, str(input['source'])) : null;
  const words = gate?.recall ? gate.words : null;
  if (!text && !words) return;
  const project = resolveProject(env, str(input['cwd']));
  const [
    { withDb },
    { insertPrompt },
    { startSyncHookDeadline },
    { repairNote },
    { DeferredError, explainFault, noticeDamage },
    { FAULT_WORDS },
  ] = await Promise.all([
    import('../db/open.js'),
    import('../db/prompts.js'),
    import('../db/deadline.js'),
    import('../damage.js'),
    import('../store-or-defer.js'),
    import('../faults.js'),
  ]);
  // A damaged file is not written into (nor recalled from); the next Stop after the repair reads the prompt back.
  if (repairNote(config.dbPath) !== null) {
    throw new DeferredError(
      `${FAULT_WORDS.damaged}; the prompt is read back from the transcript after memory doctor --repair`,
    );
  }
  // The user waits on this hook: a locked database costs at most the sync budget. A prompt not
  // stored here is read back from the transcript by the next Stop.
  startSyncHookDeadline();
  const recall = words ? await import('./recall-on-prompt.js') : null;
  let block = '';
  try {
    // One prompt row written, then recall's scattered reads: the small page cache of lib/db/open.ts.
    withDb(config.dbPath, { create: true, oneShot: true }, (db) => {
      if (text)
        insertPrompt(db, {
          sessionId,
          project: project.name,
          projectPath: project.path,
          text,
          createdAt: config.now().toISOString(),
          source: 'hook',
        });
      if (recall && words)
        block = recall.recallBlock(db, {
          project,
          words,
          sessionId,
          now: config.now(),
          deadlineMs: RECALL_DEADLINE_MS,
        });
    });
  } catch (error) {
    noticeDamage(config.dbPath, error);
    throw explainFault(error, 'the next Stop reads the prompt back from the transcript');
  }
  if (block) await print(block);
}

/** user-prompt-submit after its screen (hooks/user-prompt-submit.ts): this module is the hook's handler bundle. */
export function finishPrompt(parsed: HookStdin): Promise<void> {
  return finishHook('user-prompt-submit', parsed, handlePrompt);
}
