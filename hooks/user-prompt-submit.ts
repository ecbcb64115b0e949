#!/usr/bin/env node
// UserPromptSubmit (sync): records the user's prompt. Never prints, always exits 0.
import { runHook } from '../lib/hook/io.js';
import { handlePrompt } from '../lib/hook/on-prompt.js';

await runHook('user-prompt-submit', handlePrompt);
