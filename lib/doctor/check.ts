// What one line of `memory doctor` says: the shape every doctor (the installation's, the team's)
// reports in, and the fix most of its checks name.

export type Status = 'ok' | 'warn' | 'fail';

export interface Check {
  readonly section:
    | 'environment'
    | 'plugin'
    | 'hooks'
    | 'database'
    | 'hook runs'
    | 'slash command'
    | 'launcher'
    | 'team'
    | 'mcp server'
    | 'transcripts'
    | 'agents';
  readonly status: Status;
  readonly message: string;
  /** What to type or do; present on every warn and fail. */
  readonly fix?: string;
}

/** A check before it is placed in its section (the database's checks). */
export type DbCheck = Omit<Check, 'section'>;

export const REINSTALL = 'run ./install.sh from the claude-memory-hooks checkout (it is safe to re-run)';
