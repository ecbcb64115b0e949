// Fixtures for the `memory search` / `memory forget` tests: memories seeded through the real store
// (the write path the hooks use), and the CLI run inside a sandbox at a fixed "now".
import Database from 'better-sqlite3';
import { onTestFinished } from 'vitest';
import { MemoryStore } from '../lib/db/memories.js';
import type { NewMemory, SessionSummaryRow } from '../lib/memory.js';
import { openDb } from '../lib/db/open.js';
import { runCli, type RunResult, type Sandbox } from './helpers.js';

/** The clock every seeded row and every CLI run agrees on (CLAUDE_MEMORY_NOW). */
export const NOW = '2026-03-10T12:00:00.000Z';

export function hoursAgo(hours: number): string {
  return new Date(Date.parse(NOW) - hours * 3_600_000).toISOString();
}

let seeded = 0;

export function memory(overrides: Partial<NewMemory> & { readonly box: Sandbox }): NewMemory {
  const { box, ...rest } = overrides;
  seeded += 1;
  return {
    sessionId: 'sess-1111',
    toolName: 'Bash',
    type: 'command',
    project: 'my-app',
    projectPath: box.project,
    filePath: null,
    content: `npm run task-${seeded}`,
    tags: 'bash,npm',
    importance: 1,
    createdAt: hoursAgo(1),
    toolUseId: null,
    agentId: null,
    exitCode: null,
    source: 'hook',
    ...rest,
  };
}

/** Inserts memories (and optional summaries) through MemoryStore, creating the database. */
export function seed(box: Sandbox, memories: readonly NewMemory[], summaries: readonly SessionSummaryRow[] = []): void {
  const db = openDb(box.dbPath, { create: true });
  if (!db) throw new Error('could not create the test database');
  try {
    const store = new MemoryStore(db);
    // One transaction around the store's own (they become savepoints): the same rows, one commit
    // instead of one per row, which for thousands of rows is seconds.
    db.transaction(() => {
      for (const row of memories) {
        if (store.insert(row, 0) !== 'stored') throw new Error(`seed row not stored: ${row.content}`);
      }
      for (const summary of summaries) store.upsertSummary(summary);
    })();
  } finally {
    db.close();
  }
}

export function summary(box: Sandbox, overrides: Partial<SessionSummaryRow> = {}): SessionSummaryRow {
  return {
    sessionId: 'sess-1111',
    project: 'my-app',
    projectPath: box.project,
    summary: 'Edited 1 file: auth.ts\nCommands: npm test\n[2 observations, 90s, tools: Edit/Bash]',
    toolsUsed: ['Edit', 'Bash'],
    filesChanged: [`${box.project}/src/auth.ts`],
    memoryCount: 2,
    errorCount: 0,
    durationSec: 90,
    startedAt: hoursAgo(2),
    endedAt: hoursAgo(1),
    updatedAt: hoursAgo(1),
    ...overrides,
  };
}

/** `memory <args…>` in the sandbox's project directory, at NOW. */
export function memoryCli(box: Sandbox, args: readonly string[], env: Record<string, string> = {}): Promise<RunResult> {
  return runCli(args, { env: { CLAUDE_MEMORY_NOW: NOW, TZ: 'UTC', ...box.env, ...env }, cwd: box.project });
}

export async function searchJson<T = Array<Record<string, unknown>>>(
  box: Sandbox,
  args: readonly string[],
): Promise<T> {
  const result = await memoryCli(box, ['search', ...args, '--json']);
  if (result.code !== 0) throw new Error(`memory search failed (${result.code}): ${result.stderr}`);
  return JSON.parse(result.stdout) as T;
}

/**
 * One `memory search words --json` result: the public record (docs/record.md) with how it matched
 * (tier, score, matched words); `memory` is the record alone, without those.
 */
export interface SearchHit {
  readonly memory: Record<string, unknown>;
  readonly tier: string;
  readonly score: number;
  readonly matched: string[];
  readonly fixes?: number;
}

export async function searchHits(box: Sandbox, args: readonly string[]): Promise<SearchHit[]> {
  const hits = await searchJson<Array<Record<string, unknown>>>(box, args);
  return hits.map((hit) => {
    const { tier, score, matched, fixes, bridged: _bridged, ...memory } = hit;
    return {
      memory,
      tier: tier as string,
      score: score as number,
      matched: matched as string[],
      ...(fixes === undefined ? {} : { fixes: fixes as number }),
    };
  });
}

/** A writable connection for assertions that need one (FTS integrity-check); closed when the test ends. */
export function openForCheck(dbPath: string): Database.Database {
  const db = new Database(dbPath, { fileMustExist: true });
  onTestFinished(() => {
    db.close();
  });
  return db;
}

export const ANSI = /\u001b\[/;
