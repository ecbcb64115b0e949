// UserPromptSubmit: records what the user asked, redacted and bounded, and — when recall is on and
// the gate lets the prompt through — prints the few past memories the prompt is clearly about.
// Filters before the database: a prompt with nothing to record or recall costs only the parse.
// Prints nothing rather than be late.
import { recallSetting, type Config } from '../config/config.js';
import { resolveProject } from '../capture/project.js';
import { isPersonRequest } from '../capture/person-request.js';
import { recallGate } from '../recall/gate.js';
import type { QueryWord } from '../recall/words.js';
import type { AgentName } from '../memory.js';
import { adapterFor } from '../agents/adapter.js';
import type { HookContext, HookInput } from './io.js';

/** What a prompt becomes before the database: null when there is nothing to record and nothing to recall. */
export interface PreparedPrompt {
  readonly config: Config;
  readonly agent: AgentName;
  readonly sessionId: string;
  readonly cwd: string;
  /** The prompt, when a person asked it (only such prompts are recorded). */
  readonly prompt: string | null;
  readonly source: string;
  /** The words recall searches for, or null when recall is off or the gate turns the prompt away. */
  readonly words: readonly QueryWord[] | null;
}

/**
 * Pure, before the gate and the database: a system prompt, a slash command's expansion or a
 * notification, with recall off or turned away, ends here.
 */
export function preparePrompt({ input, env, config, agent = 'claude-code' }: HookInput): PreparedPrompt | null {
  if (config.disabled) return null;
  const event = adapterFor(agent).prompt(input);
  if (!event) return null;
  const { sessionId, prompt, source, cwd } = event;
  const person = isPersonRequest(prompt, source);
  // The gate before the setting: it is pure, and it turns most prompts that are not a person's
  // request away at its first checks, where the setting would read a file.
  const gate = recallGate(prompt, source);
  const words = gate.recall && recallSetting(env).on ? gate.words : null;
  return person || words
    ? { config, agent: event.agent, sessionId, cwd, prompt: person ? prompt : null, source, words }
    : null;
}

export async function handlePrompt(
  { env, print }: HookContext,
  { config, agent, sessionId, cwd, prompt, source, words }: PreparedPrompt,
): Promise<void> {
  // Redaction is imported only for a prompt that is recorded.
  const text = prompt === null ? null : (await import('../capture/prompt.js')).promptToRecord(prompt, source);
  if (!text && !words) return;
  const project = resolveProject(env, cwd);
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
    import('../faults/damage.js'),
    import('../faults/store-or-defer.js'),
    import('../faults/faults.js'),
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
          deadlineMs: config.recallDeadlineMs,
        });
    });
  } catch (error) {
    noticeDamage(config.dbPath, error);
    throw explainFault(error, 'the next Stop reads the prompt back from the transcript');
  }
  const output = block ? adapterFor(agent).promptOutput(block) : '';
  if (output) await print(output);
}
