// Our MCP server in an agent's JSON config, edited as text like its hooks: every other byte stays, a
// re-run changes nothing, uninstall takes out exactly it. Two shapes: `mcpServers["memory-hooks"]`
// with command and args (Gemini CLI's settings.json, Cursor's mcp.json), and OpenCode's
// `mcp["memory-hooks"]` with `type: "local"` and one command array (opencode.json, or opencode.jsonc).
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { MCP_SERVER_NAME, type McpEntry } from '../mcp/registration.js';
import { insertValue, removeValue, textStyle } from './json-text.js';
import { isPlainObject, parseSettings, type ParseResult, type SettingsEdit } from './settings.js';

const LABEL = `MCP server ${MCP_SERVER_NAME}`;

/** Where an agent's JSON config keeps its MCP servers, and how our entry is written and read there. */
export interface JsonMcpFormat {
  readonly key: 'mcpServers' | 'mcp';
  /** The fields that are ours; a person's own keys in our entry (a timeout, `trust`, `environment`) stay. */
  readonly fields: (entry: McpEntry) => Record<string, unknown>;
  readonly read: (found: Readonly<Record<string, unknown>>) => McpEntry | null;
  /** The file's own parse (its whole shape: Gemini's settings.json holds hooks too). */
  readonly parse: (text: string) => ParseResult;
}

/** Gemini CLI's and Cursor's: `{"mcpServers": {"memory-hooks": {"command": …, "args": […]}}}`. */
export const MCP_SERVERS: JsonMcpFormat = {
  key: 'mcpServers',
  fields: (entry) => ({ command: entry.command, args: [...entry.args] }),
  read: (found) =>
    typeof found['command'] === 'string'
      ? { command: found['command'], args: Array.isArray(found['args']) ? found['args'].map(String) : [] }
      : null,
  parse: parseSettings,
};

/** OpenCode's: `{"mcp": {"memory-hooks": {"type": "local", "command": [cmd, …args], "enabled": true}}}`. */
export const OPENCODE_MCP: JsonMcpFormat = {
  key: 'mcp',
  fields: (entry) => ({ type: 'local', command: [entry.command, ...entry.args], enabled: true }),
  read: (found) => {
    const command = found['command'];
    if (!Array.isArray(command) || typeof command[0] !== 'string') return null;
    return { command: command[0], args: command.slice(1).map(String) };
  },
  parse: parseOpencodeConfig,
};

/** A parse that also refuses a servers value we could not edit (not an object). */
export function mcpParse(format: JsonMcpFormat): (text: string) => ParseResult {
  return (text) => {
    const parsed = format.parse(text);
    if (!parsed.ok) return parsed;
    const servers = parsed.value[format.key];
    return servers !== undefined && !isPlainObject(servers)
      ? { ok: false, reason: `has an "${format.key}" value that is not an object` }
      : parsed;
  };
}

export function installJsonMcp(text: string, entry: McpEntry, format: JsonMcpFormat = MCP_SERVERS): SettingsEdit {
  const blank = text.trim() === '';
  const style = textStyle(text);
  let edited = blank ? '{}' : text;
  const servers = serversOf(edited, format);
  const existing = servers?.[MCP_SERVER_NAME];
  const value = { ...(isPlainObject(existing) ? existing : {}), ...format.fields(entry) };
  if (isPlainObject(existing) && JSON.stringify(existing) === JSON.stringify(value))
    return { text, changes: [{ event: LABEL, action: 'unchanged' }], changed: false };
  if (servers === undefined) edited = insertValue(edited, [format.key], { [MCP_SERVER_NAME]: value }, style);
  else {
    if (existing !== undefined) edited = removeValue(edited, [format.key, MCP_SERVER_NAME]);
    edited = insertValue(edited, [format.key, MCP_SERVER_NAME], value, style);
  }
  if (blank) edited += style.eol;
  return {
    text: edited,
    changes: [{ event: LABEL, action: existing === undefined ? 'added' : 'updated' }],
    changed: edited !== text,
  };
}

/** Removes our entry, and the servers key itself when ours was all it held. */
export function uninstallJsonMcp(text: string, format: JsonMcpFormat = MCP_SERVERS): SettingsEdit {
  const servers = text.trim() === '' ? undefined : serversOf(text, format);
  if (servers?.[MCP_SERVER_NAME] === undefined) return { text, changes: [], changed: false };
  const edited =
    Object.keys(servers).length === 1
      ? removeValue(text, [format.key])
      : removeValue(text, [format.key, MCP_SERVER_NAME]);
  return { text: edited, changes: [{ event: LABEL, action: 'removed' }], changed: true };
}

/** The registered entry, for `memory doctor`; null when there is none (or the file does not parse). */
export function jsonMcpEntry(text: string, format: JsonMcpFormat = MCP_SERVERS): McpEntry | null {
  if (text.trim() === '') return null;
  const parsed = mcpParse(format)(text);
  if (!parsed.ok) return null;
  const found = (parsed.value[format.key] as Record<string, unknown> | undefined)?.[MCP_SERVER_NAME];
  return isPlainObject(found) ? format.read(found) : null;
}

function serversOf(text: string, format: JsonMcpFormat): Record<string, unknown> | undefined {
  const parsed = mcpParse(format)(text);
  if (!parsed.ok) throw new Error(`the config ${parsed.reason}`);
  return parsed.value[format.key] as Record<string, unknown> | undefined;
}

/**
 * OpenCode's config is JSONC: comments and trailing commas are read, and the text edits keep them
 * (an insert goes right after the last value, before any trailing comma; a removal takes out just that).
 */
function parseOpencodeConfig(text: string): ParseResult {
  if (text.trim() === '') return { ok: true, value: {} };
  const errors: ParseError[] = [];
  const value: unknown = parseJsonc(text, errors, { allowTrailingComma: true, disallowComments: false });
  const first = errors[0];
  if (first)
    return { ok: false, reason: `is not valid JSON (${printParseErrorCode(first.error)} at offset ${first.offset})` };
  return isPlainObject(value) ? { ok: true, value } : { ok: false, reason: 'is not a JSON object' };
}

/** Edits applied one after the other to the same text, reported together. */
export function chainEdits(text: string, ...edits: ((text: string) => SettingsEdit)[]): SettingsEdit {
  let current = text;
  const changes: SettingsEdit['changes'][number][] = [];
  for (const edit of edits) {
    const result = edit(current);
    current = result.text;
    changes.push(...result.changes);
  }
  return { text: current, changes, changed: current !== text };
}
