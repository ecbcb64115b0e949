// What user-prompt-submit can tell from its input alone: that there is nothing to record and
// nothing to recall (a system prompt, a slash-command expansion, a notification), so the hook exits
// before its handler bundle is loaded (lib/hook/screened.ts). The questions are the ones the
// handler asks, from the same modules (lib/person-request.ts, lib/recall/gate.ts).
import { isDisabled, recallSetting } from '../config.js';
import { isPersonRequest } from '../person-request.js';
import { recallGate } from '../recall/gate.js';
import { str } from '../unknown.js';
import type { HookInput } from './io.js';

/** Off, no session, and neither a person's request to record nor one recall would answer. */
export function promptNeedsNothing({ input, env }: HookInput): boolean {
  if (!str(input['session_id'])) return true;
  const prompt = str(input['prompt']);
  const source = str(input['source']);
  // The pure questions first: what is not a person's request the gate mostly turns away at its first
  // checks (the source, a slash command, a notification), before a setting reads the settings file.
  const needed = isPersonRequest(prompt, source) || (recallGate(prompt, source).recall && recallSetting(env).on);
  return !needed || isDisabled(env);
}
