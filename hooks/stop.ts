#!/usr/bin/env node
// Stop (sync, every turn): folds the session's memories into its structural summary. Never prints.
import { runHook } from '../lib/hook/io.js';
import { handleStop } from '../lib/hook/on-stop.js';

// Exits explicitly: a stdin read left pending by a never-closed pipe must not keep the process alive.
void runHook('stop', handleStop).then(() => process.exit());
