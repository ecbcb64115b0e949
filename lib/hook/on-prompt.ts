// UserPromptSubmit: records what the user asked, redacted and bounded. Prints nothing. Filters
// before anything is loaded, so a skipped prompt costs only the parse; the database layer is
// imported only for a prompt that will be stored. (Prompt-time recall belongs in its own module.)
import { loadConfig } from '../config.js';
import { resolveProject } from '../project.js';
import { promptToRecord } from '../prompt.js';
import { str } from '../unknown.js';
import type { HookInput } from './io.js';

export async function handlePrompt({ input, env }: HookInput): Promise<void> {
  const config = loadConfig(env);
  if (config.disabled) return;
  const sessionId = str(input['session_id']);
  if (!sessionId) return;
  const text = promptToRecord(str(input['prompt']), str(input['source']));
  if (!text) return;
  const project = resolveProject(env, str(input['cwd']));
  const [{ withDb }, { insertPrompt }, { startSyncHookDeadline }] = await Promise.all([
    import('../db/open.js'), import('../db/prompts.js'), import('../db/deadline.js'),
  ]);
  // The user waits on this hook: a locked database costs at most the sync budget. A prompt not
  // stored here is read back from the transcript by the next Stop.
  startSyncHookDeadline();
  withDb(config.dbPath, { create: true }, (db) =>
    insertPrompt(db, { sessionId, project: project.name, projectPath: project.path, text, createdAt: config.now().toISOString(), source: 'hook' }));
}
