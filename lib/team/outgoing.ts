// What leaves the machine, row by row: a second redaction pass, the PII filter, and file paths made
// relative to the project (a teammate's checkout is elsewhere; the local home directory is nobody's
// business). Pure: local rows in, server rows out.
import type { OutgoingMemory, OutgoingSummary } from './push-queries.js';
import type { StoredSummary } from './local-queries.js';
import { DEFAULT_AGENT, isAgentName, type MemoryRow } from '../memory.js';
import { redact } from '../redact/redact.js';
import { rowKeys } from './keys.js';
import { filterPii, type PiiKind } from './pii.js';

export interface Sender {
  readonly hostId: string;
  readonly hostName: string;
  readonly pii: readonly PiiKind[];
  readonly piiPatterns: readonly RegExp[];
}

/** Redacted, PII-filtered text PostgreSQL can store (it refuses NUL characters). */
export function cleanForTeam(text: string, sender: Sender): string {
  return filterPii(redact(text), sender.pii, sender.piiPatterns).replaceAll('\u0000', '');
}

/** A path inside the project becomes project-relative; one outside keeps only its file name. */
export function teamPath(path: string, projectPath: string): string {
  const root = projectPath.replace(/[\\/]+$/, '');
  if (path.startsWith(`${root}/`) || path.startsWith(`${root}\\`)) return path.slice(root.length + 1);
  if (!/^([\\/]|[A-Za-z]:[\\/]|~)/.test(path)) return path;
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return path.slice(cut + 1);
}

export function outgoingMemory(row: MemoryRow, sender: Sender): OutgoingMemory {
  const clean = (text: string | null | undefined) =>
    text ? cleanForTeam(text.replaceAll(`${row.project_path}/`, ''), sender) : null;
  const filePath = row.file_path === null ? null : cleanForTeam(teamPath(row.file_path, row.project_path), sender);
  // Absolute paths inside the content are shortened the same way.
  const content = clean(row.content) ?? '';
  const tags = cleanForTeam(row.tags, sender);
  const request = clean(row.request);
  const intent = clean(row.intent);
  return {
    host_id: sender.hostId,
    local_id: row.id,
    host_name: sender.hostName,
    project: row.project,
    session_id: row.session_id,
    tool_name: row.tool_name,
    type: row.type,
    file_path: filePath,
    content,
    tags,
    importance: row.importance,
    created_at: row.created_at,
    request,
    intent,
    // Made from the text as sent: a key never holds what redaction or the PII filter took out.
    keys: rowKeys([content, tags, filePath], request, intent),
    agent: row.agent && isAgentName(row.agent) ? row.agent : DEFAULT_AGENT,
  };
}

export function outgoingSummary(row: StoredSummary, sender: Sender): OutgoingSummary {
  const files = jsonList(row.files_changed).map((path) => cleanForTeam(teamPath(path, row.project_path), sender));
  return {
    host_id: sender.hostId,
    session_id: row.session_id,
    host_name: sender.hostName,
    project: row.project,
    summary: cleanForTeam(row.summary.replaceAll(`${row.project_path}/`, ''), sender),
    tools_used: JSON.stringify(jsonList(row.tools_used)),
    files_changed: JSON.stringify(files),
    memory_count: row.memory_count,
    error_count: row.error_count,
    duration_sec: row.duration_sec,
    started_at: row.started_at,
    ended_at: row.ended_at,
    updated_at: row.updated_at,
  };
}

function jsonList(value: string): string[] {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}
