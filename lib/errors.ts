// Typed errors for the CLI side: each carries its exit code, which lib/runtime/exit.ts alone turns into the
// process's. Hooks never throw these to Claude Code: lib/runtime/exit.ts's exitZero ends every hook with 0.

export class MemoryError extends Error {
  override readonly name: string = 'MemoryError';
  constructor(
    message: string,
    readonly exitCode: number = 1,
  ) {
    super(message);
  }
}

/** Bad flags or arguments: the message says what to type instead. */
export class UsageError extends MemoryError {
  override readonly name = 'UsageError';
}

/** No database yet at the configured path. */
export class MissingDatabaseError extends MemoryError {
  override readonly name = 'MissingDatabaseError';
  constructor(readonly dbPath: string) {
    super(`no memory database at ${dbPath} yet (it is created by the first captured tool call)`);
  }
}
