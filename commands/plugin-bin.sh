#!/bin/sh
# claude-memory-hooks plugin: the `memory` command. Claude Code puts this folder on the PATH of the
# model's Bash tool; for your own shell see docs/install.md ("Install as a Claude Code plugin").
self=$(readlink -f -- "$0" 2>/dev/null || printf '%s' "$0")
# Node and its flags: NODE_COMMAND of lib/runtime/executables.ts, written in here by the build.
exec {{NODE}} "$(dirname -- "$self")/../dist/commands/cli.js" "$@"
