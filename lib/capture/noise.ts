// Which tool events are noise, never stored: decided from the event alone, before any formatting or
// redaction, so the post-tool-use hook can exit on them without loading the rest (hooks/post-tool-use.ts).
// lib/capture/capture.ts asks the same question first. Pure: no I/O.
import type { ToolEvent } from '../agents/events.js';
import { isNoiseCommand } from './noise-commands.js';
import { head, SCAN_MAX } from '../text/bounded.js';
import { str } from '../narrow.js';

// Build output, dependencies, caches and editor folders anywhere in the path, lock files and
// generated files by name. Sets rather than one alternation pattern: V8 compiles a pattern on its
// first use, in every Edit and Write a hook stores.
const NOISE_DIRS: ReadonlySet<string> = new Set([
  'node_modules',
  '.git',
  'dist',
  'build',
  'out',
  'coverage',
  '.nyc_output',
  '.next',
  '.nuxt',
  '.svelte-kit',
  '.turbo',
  '.cache',
  '.parcel-cache',
  '__pycache__',
  '.pytest_cache',
  '.mypy_cache',
  '.ruff_cache',
  '.venv',
  'venv',
  '.tox',
  'target',
  '.gradle',
  '.idea',
  '.vscode',
]);
const NOISE_FILES: ReadonlySet<string> = new Set([
  'package-lock.json',
  'npm-shrinkwrap.json',
  'yarn.lock',
  'pnpm-lock.yaml',
  'bun.lock',
  'bun.lockb',
  'Cargo.lock',
  'poetry.lock',
  'Pipfile.lock',
  'uv.lock',
  'Gemfile.lock',
  'composer.lock',
  'go.sum',
  'flake.lock',
  '.DS_Store',
]);
const NOISE_ENDINGS = ['.min.js', '.min.css', '.map', '.log', '.pyc'] as const;

export function isNoisePath(path: string): boolean {
  const parts = path.split(/[\\/]/);
  if (parts.some((part) => NOISE_DIRS.has(part))) return true;
  const name = parts[parts.length - 1] ?? '';
  return NOISE_FILES.has(name) || NOISE_ENDINGS.some((ending) => path.endsWith(ending));
}

/** The file an Edit, Write or NotebookEdit event touched ('' for none, or for Bash). */
export function eventPath(event: ToolEvent): string {
  if (event.toolName === 'NotebookEdit')
    return str(event.input['notebook_path']) || str(event.response['notebook_path']);
  if (event.toolName === 'Bash') return '';
  return str(event.input['file_path']) || str(event.response['filePath']);
}

/**
 * An interrupt (the user pressed Esc: not an error, not an action), a command that only reads
 * (`ls`, `git status`) unless it failed, a file in build output, dependencies or a lock file.
 */
export function isNoiseEvent(event: ToolEvent): boolean {
  if (event.isInterrupt) return true;
  if (event.toolName === 'Bash') {
    if (event.outcome === 'failure') return false;
    const command = str(event.input['command']);
    return !command.trim() || isNoiseCommand(head(command, SCAN_MAX));
  }
  const path = eventPath(event);
  return !path || isNoisePath(path);
}
