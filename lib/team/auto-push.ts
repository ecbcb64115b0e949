// The optional push after Stop: when a team server and an interval are configured, Stop starts
// `memory team push` in a fully detached process at most once per interval. Loads neither pg nor the
// database; the Stop hook never waits for the network.
import { childProcess } from '../runtime/builtins.js';
import { statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CLI_BUNDLE, NODE_FLAGS } from '../runtime/executables.js';
import { ownFile } from '../runtime/own-files.js';
import { baseName, type Env } from '../paths.js';
import { teamAutoPush } from '../config/config.js';

export function teamPushMarkerPath(dbPath: string): string {
  return join(dirname(dbPath), `${baseName(dbPath)}.last-team-push`);
}

/** Claims the interval by touching the marker first, so concurrent Stops start one push, not many. */
export function claimTeamPush(dbPath: string, now: Date, minutes: number): boolean {
  const marker = teamPushMarkerPath(dbPath);
  const stat = statSync(marker, { throwIfNoEntry: false });
  if (stat && now.getTime() - stat.mtimeMs < minutes * 60_000 && stat.mtimeMs <= now.getTime()) return false;
  writeFileSync(marker, `${now.toISOString()}\n`, { mode: 0o600 });
  utimesSync(marker, now, now);
  return true;
}

/** Starts a detached push when one is configured and due; returns whether it did. */
export function maybeStartTeamPush(env: Env, dbPath: string, now: Date): boolean {
  const { url, minutes } = teamAutoPush(env);
  if (!url || minutes === 0) return false;
  if (!claimTeamPush(dbPath, now, minutes)) return false;
  const cli = ownFile(CLI_BUNDLE);
  // A child that inherited our stdio would keep Claude Code waiting for the hook's output to close.
  childProcess()
    .spawn(process.execPath, [...NODE_FLAGS, cli, 'team', 'push'], { detached: true, stdio: 'ignore', env: { ...env } })
    .unref();
  return true;
}
