// Whether Cursor runs our hooks from its own hooks.json. Cursor, with its third-party-hooks setting,
// also runs Claude Code's hooks from ~/.claude/settings.json: when ours are in both places, each event
// would arrive twice, so the Claude Code copy of a Cursor event stands aside for the native one.
// Read only for a payload that carries Cursor's keys.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cursorHome, type Env } from '../../paths.js';

// Our native entries run a hook bundle with `cursor` as its argument (lib/install/cursor-hooks.ts).
const OUR_ENTRY = /\/dist\/hooks\/[a-z-]+\.js\\" cursor"/;

export function cursorRunsOurHooks(env: Env = process.env): boolean {
  try {
    return OUR_ENTRY.test(readFileSync(join(cursorHome(env), 'hooks.json'), 'utf8'));
  } catch {
    return false; // no hooks.json: Cursor runs only what it finds in Claude Code's settings
  }
}
