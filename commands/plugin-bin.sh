#!/bin/sh
# claude-memory-hooks plugin: the `memory` command. Claude Code puts this folder on the PATH of the
# model's Bash tool; for your own shell see docs/install.md ("Install as a Claude Code plugin").
self=$(readlink -f -- "$0" 2>/dev/null || printf '%s' "$0")
# The flag is NODE_FLAGS of lib/runtime/executables.ts (Node 22's node:sqlite warning; see there).
exec node --disable-warning=ExperimentalWarning "$(dirname -- "$self")/../dist/commands/cli.js" "$@"
