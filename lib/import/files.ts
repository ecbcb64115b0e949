// Which transcript files an import reads, in which order: main session files before subagent files
// (`agent-*.jsonl`, `<session>/subagents/`), so a subagent's parent session is known when it is read.
import { readdirSync, statSync, type Dirent, type Stats } from 'node:fs';
import { join } from 'node:path';
import { baseName } from '../paths.js';

export interface TranscriptFile {
  readonly path: string;
  readonly size: number;
  /** The session id a main transcript's name gives (lines without `sessionId` fall back to it). */
  readonly sessionHint: string;
  /** The subagent id an `agent-<id>.jsonl` name gives. */
  readonly agentHint: string;
}

export interface FoundTranscripts {
  readonly files: readonly TranscriptFile[];
  /** Arguments that name nothing on disk. */
  readonly missing: readonly string[];
}

// Spilled tool outputs (2.1.x) sit next to subagent folders; they are not transcripts.
const SKIPPED_DIRS: ReadonlySet<string> = new Set(['tool-results']);

/** Files are taken as given, whatever their name; directories are searched for `*.jsonl`. */
export function findTranscripts(paths: readonly string[]): FoundTranscripts {
  const found = new Map<string, TranscriptFile>();
  const missing: string[] = [];
  for (const path of paths) {
    const stat = statSafe(path);
    if (!stat) missing.push(path);
    else if (stat.isDirectory()) walk(path, found, 0);
    else found.set(path, describe(path, stat.size));
  }
  const files = [...found.values()].sort(
    (a, b) => rank(a) - rank(b) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
  );
  return { files, missing };
}

function walk(dir: string, found: Map<string, TranscriptFile>, depth: number): void {
  if (depth > 8) return;
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return; // unreadable folder: nothing to import from it
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    // Directory symlinks are not followed: they could loop, and `projects/` never needs them.
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) walk(path, found, depth + 1);
      continue;
    }
    if (!entry.name.endsWith('.jsonl')) continue;
    const stat = entry.isFile() || entry.isSymbolicLink() ? statSafe(path) : null;
    if (stat?.isFile()) found.set(path, describe(path, stat.size));
  }
}

function describe(path: string, size: number): TranscriptFile {
  const name = baseName(path);
  const stem = name.replace(/\.jsonl$/, '');
  const agent = /^agent-(.+)$/.exec(stem);
  return { path, size, sessionHint: agent ? '' : stem, agentHint: agent ? (agent[1] as string) : '' };
}

function rank(file: TranscriptFile): number {
  return file.agentHint ? 1 : 0;
}

function statSafe(path: string): Stats | null {
  try {
    return statSync(path, { throwIfNoEntry: false }) ?? null;
  } catch {
    return null;
  }
}
