// Which session files an import reads, whose they are, and in which order: main session files before
// subagent files (`agent-*.jsonl`, `<session>/subagents/`), so a subagent's parent session is known when
// it is read. Claude Code transcripts, Codex rollouts (`rollout-*.jsonl`), Gemini chats (in a `chats/`
// folder) and OpenCode's `opencode.db` (before 1.2, one `storage/session/…/ses_*.json` per session) are told apart by name, and a file named on the command line by
// its first line (or, for an OpenCode database under another name, its SQLite header).
import { closeSync, openSync, readdirSync, readSync, statSync, type Dirent, type Stats } from 'node:fs';
import { join } from 'node:path';
import { chatProjectRoot } from '../agents/gemini/chat.js';
import type { AgentName } from '../memory.js';
import { baseName } from '../paths.js';

export type SessionFileAgent = Extract<AgentName, 'claude-code' | 'codex' | 'gemini' | 'opencode'>;

export interface TranscriptFile {
  readonly path: string;
  readonly size: number;
  /** The session id a main transcript's name gives (lines without `sessionId` fall back to it). */
  readonly sessionHint: string;
  /** The subagent id an `agent-<id>.jsonl` name gives. */
  readonly agentHint: string;
  /** Whose session file it is. */
  readonly agent: SessionFileAgent;
  /** A Gemini chat's project folder (chats do not say it), else ''. */
  readonly projectRoot: string;
}

export interface FoundTranscripts {
  readonly files: readonly TranscriptFile[];
  /** Arguments that name nothing on disk. */
  readonly missing: readonly string[];
}

const OPENCODE_DB = 'opencode.db';
/** A session of OpenCode before 1.2: `storage/session/<project id>/ses_<id>.json` (lib/import/opencode-storage.ts). */
const OPENCODE_SESSION_FILE = /\/storage\/session\/[^/]+\/ses_[^/]+\.json$/;

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
    else found.set(path, describe(path, stat.size, peekAgent(path)));
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
    const agent = agentByName(path);
    // Gemini's older chats are one `.json` document; other JSON files (settings, logs) are not sessions.
    if (!entry.name.endsWith('.jsonl') && agent !== 'gemini' && agent !== 'opencode') continue;
    const stat = entry.isFile() || entry.isSymbolicLink() ? statSafe(path) : null;
    if (stat?.isFile()) found.set(path, describe(path, stat.size, agent));
  }
}

function describe(path: string, size: number, agent: SessionFileAgent): TranscriptFile {
  if (agent !== 'claude-code') {
    const projectRoot = agent === 'gemini' ? chatProjectRoot(path) : '';
    return { path, size, sessionHint: '', agentHint: '', agent, projectRoot };
  }
  const name = baseName(path);
  const stem = name.replace(/\.jsonl$/, '');
  const subagent = /^agent-(.+)$/.exec(stem);
  return {
    path,
    size,
    sessionHint: subagent ? '' : stem,
    agentHint: subagent ? (subagent[1] as string) : '',
    agent,
    projectRoot: '',
  };
}

/** Codex names its rollouts `rollout-<time>-<id>.jsonl`; Gemini keeps chats in `<project>/chats/`; OpenCode one `opencode.db` (before 1.2, a JSON file per session). */
function agentByName(path: string): SessionFileAgent {
  if (baseName(path) === OPENCODE_DB || OPENCODE_SESSION_FILE.test(path)) return 'opencode';
  if (/^rollout-.*\.jsonl$/.test(baseName(path))) return 'codex';
  if (/\/chats\/(?:[^/]+\/)?[^/]+\.jsonl?$/.test(path)) return 'gemini';
  return 'claude-code';
}

const PEEK_BYTES = 4096;
const SQLITE_HEADER = 'SQLite format 3\u0000';

/** A file named on the command line: its name, else its first line (Codex's session_meta, Gemini's header). */
function peekAgent(path: string): SessionFileAgent {
  const byName = agentByName(path);
  if (byName !== 'claude-code') return byName;
  let head = '';
  try {
    const fd = openSync(path, 'r');
    try {
      const buffer = Buffer.alloc(PEEK_BYTES);
      head = buffer.toString('utf8', 0, readSync(fd, buffer, 0, PEEK_BYTES, 0));
    } finally {
      closeSync(fd);
    }
  } catch {
    return byName; // unreadable: the import counts it so
  }
  // The only SQLite session store an agent of ours keeps is OpenCode's (its `OPENCODE_DB` may name it otherwise).
  if (head.startsWith(SQLITE_HEADER)) return 'opencode';
  const first = head.split('\n', 1)[0] ?? '';
  if (/"type"\s*:\s*"session_meta"/.test(first)) return 'codex';
  if (/"projectHash"\s*:/.test(first) && /"sessionId"\s*:/.test(first)) return 'gemini';
  return byName;
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
