// Our MCP server in Gemini CLI's settings.json (`mcpServers["memory-hooks"]`: command and args), edited
// as text like its hooks: every other byte stays, a re-run changes nothing, uninstall takes out exactly it.
import { MCP_SERVER_NAME, type McpEntry } from '../mcp/registration.js';
import { insertValue, removeValue, textStyle } from './json-text.js';
import { isPlainObject, parseSettings, type SettingsEdit } from './settings.js';

const LABEL = `MCP server ${MCP_SERVER_NAME}`;

export function installJsonMcp(text: string, entry: McpEntry): SettingsEdit {
  const blank = text.trim() === '';
  const style = textStyle(text);
  let edited = blank ? '{}' : text;
  const servers = serversOf(edited);
  const existing = servers?.[MCP_SERVER_NAME];
  // A person's own keys in our entry (a timeout, `trust`) stay; command and args are ours.
  const value = { ...(isPlainObject(existing) ? existing : {}), command: entry.command, args: [...entry.args] };
  if (isPlainObject(existing) && JSON.stringify(existing) === JSON.stringify(value))
    return { text, changes: [{ event: LABEL, action: 'unchanged' }], changed: false };
  if (servers === undefined) edited = insertValue(edited, ['mcpServers'], { [MCP_SERVER_NAME]: value }, style);
  else {
    if (existing !== undefined) edited = removeValue(edited, ['mcpServers', MCP_SERVER_NAME]);
    edited = insertValue(edited, ['mcpServers', MCP_SERVER_NAME], value, style);
  }
  if (blank) edited += style.eol;
  return {
    text: edited,
    changes: [{ event: LABEL, action: existing === undefined ? 'added' : 'updated' }],
    changed: edited !== text,
  };
}

/** Removes our entry, and `mcpServers` itself when ours was all it held. */
export function uninstallJsonMcp(text: string): SettingsEdit {
  const servers = text.trim() === '' ? undefined : serversOf(text);
  if (servers?.[MCP_SERVER_NAME] === undefined) return { text, changes: [], changed: false };
  const edited =
    Object.keys(servers).length === 1
      ? removeValue(text, ['mcpServers'])
      : removeValue(text, ['mcpServers', MCP_SERVER_NAME]);
  return { text: edited, changes: [{ event: LABEL, action: 'removed' }], changed: true };
}

/** The registered entry, for `memory doctor`. */
export function jsonMcpEntry(text: string): McpEntry | null {
  const found = text.trim() === '' ? undefined : serversOf(text)?.[MCP_SERVER_NAME];
  if (!isPlainObject(found) || typeof found['command'] !== 'string') return null;
  return { command: found['command'], args: Array.isArray(found['args']) ? found['args'].map(String) : [] };
}

function serversOf(text: string): Record<string, unknown> | undefined {
  const parsed = parseSettings(text);
  if (!parsed.ok) throw new Error(`settings.json ${parsed.reason}`);
  const servers = parsed.value['mcpServers'];
  if (servers !== undefined && !isPlainObject(servers))
    throw new Error('settings.json has an "mcpServers" value that is not an object');
  return servers;
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
