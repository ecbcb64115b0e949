// Aggregations over raw counts that both `memory search --stats` and the MCP `stats` tool report.
// Pure: the SQL that gathers the counts lives in lib/db/stats.ts.
import { commandKey } from './shell.js';

export interface CommandCount {
  readonly command: string;
  readonly count: number;
}

/** Captured command lines → the `top` most used commands (`git commit`, `npm test`…), most used first. */
export function topCommands(commandHeads: readonly string[], top: number): CommandCount[] {
  const commands = new Map<string, number>();
  for (const head of commandHeads) {
    const key = commandKey(head);
    if (key) commands.set(key, (commands.get(key) ?? 0) + 1);
  }
  return [...commands]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, top)
    .map(([command, count]) => ({ command, count }));
}
