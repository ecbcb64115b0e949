// The recall half of UserPromptSubmit: runs recall for the gate's words, claims the hits for the
// session (never injected twice) and returns the block for the agent's envelope, or '' — also when the deadline
// has passed, since a late block is worse than none.
import { sinceStartMs } from '../db/deadline.js';
import type { Db } from '../db/open.js';
import { claimInjections } from '../recall/queries.js';
import type { Project } from '../capture/project.js';
import { recallFor, RecallTimeout, type RecallReport } from '../recall/recall.js';
import { buildRecall } from '../recall/render.js';
import type { QueryWord } from '../recall/words.js';

export interface RecallRequest {
  readonly project: Project;
  readonly words: readonly QueryWord[];
  readonly sessionId: string;
  readonly now: Date;
  /** Milliseconds from process start after which nothing is printed. */
  readonly deadlineMs: number;
}

export function recallBlock(db: Db, request: RecallRequest): string {
  // sinceStartMs, not performance.now(): the `performance` global loads perf_hooks on first use.
  const expired = (): boolean => sinceStartMs() > request.deadlineMs;
  let report: RecallReport;
  try {
    report = recallFor(db, request.project.path, request.words, request.sessionId, { expired });
  } catch (error) {
    if (error instanceof RecallTimeout) return '';
    throw error;
  }
  if (report.hits.length === 0 || expired()) return '';
  const { text, shown } = buildRecall(request.project.name, report.hits);
  if (!text) return '';
  const ids = shown.flatMap((id) => report.idsByHit.get(id) ?? [id]);
  const claimed = new Set(claimInjections(db, request.sessionId, ids, request.now.toISOString()));
  // Another process of this session claimed some of them first: show only what is ours.
  const mine = report.hits.filter((hit) => shown.includes(hit.id) && claimed.has(hit.id));
  if (mine.length === 0 || expired()) return '';
  const final = mine.length === shown.length ? text : buildRecall(request.project.name, mine).text;
  return final;
}
