#!/usr/bin/env bash
# Installs claude-memory-hooks for the current user, or removes it (--uninstall). This script is only the
# bootstrap: check Node, npm ci, build; then the TypeScript installer (dist/runtime/dist/commands/_install.js,
# built from lib/install/) does every path, file and check. Uninstalling builds nothing: the installed runtime
# carries its own copy of the installer.
set -euo pipefail

usage() {
  cat <<'EOF'
Usage: ./install.sh [options]

Installs claude-memory-hooks: npm ci, build, a runtime copy in ~/.claude/hooks/memory, the hooks of each agent
(Claude Code's ~/.claude/settings.json, Codex CLI's ~/.codex, Gemini CLI's ~/.gemini, Cursor's ~/.cursor/hooks.json,
a plugin in OpenCode's ~/.config/opencode/plugins; each file backed up first), the /mem slash command, a `memory`
launcher and the `memory-hooks` MCP server. Uses $CLAUDE_CONFIG_DIR instead of ~/.claude when set. Safe to re-run:
it updates in place, and builds again only when the sources, package-lock.json or Node changed.

Options:
  --agent NAMES        claude, codex, gemini, cursor, opencode or all, comma-separated (default: claude, and
                       each of the others whose folder exists)
  --command-name NAME  install the slash command as /NAME (default: mem; /memory is a built-in)
  --bin-dir DIR        where to put the `memory` launcher (default: ~/.local/bin)
  --import             after installing, run `memory import` to backfill past sessions
  --uninstall          remove all of the above from every agent; keep the database
  --purge              with --uninstall: also delete the database (memory.db, -wal, -shm)
  --no-build           use this checkout's node_modules and dist/ as they are (for development and tests)
  -h, --help           show this help
EOF
}

die() { printf 'install.sh: %s\n' "$*" >&2; exit 1; }
say() { printf '%s\n' "$*"; }

# The bootstrap reads only the flags it acts on; every flag goes on to the installer, which checks them.
build=1 uninstall=0 args=()
for arg in "$@"; do
  case "$arg" in
    -h | --help) usage; exit 0 ;;
    --no-build) build=0 ;;
    --uninstall) uninstall=1; args+=("$arg") ;;
    *) args+=("$arg") ;;
  esac
done

SRC=$(cd "$(dirname "$0")" && pwd -P)
need="Node.js 20.16 or newer is required"
again="then run ./install.sh again."
command -v node >/dev/null 2>&1 || die "$need and 'node' is not on PATH. Install it (https://nodejs.org), $again"
IFS=. read -r major minor patch <<<"$(node -p process.versions.node)"
[ "$((major * 1000 + minor))" -ge 20016 ] || die "$need (found v$major.$minor.$patch). Install a newer Node, $again"

# A runtime (a checkout's dist/runtime, or an installed copy) whose installer's start file, bundle and addon are there.
usable_installer() {
  [ -f "$1/dist/commands/_install.js" ] && [ -f "$1/dist/commands/_install.main.js" ] &&
    [ -f "$1/node_modules/better-sqlite3/package.json" ]
}
run_installer() { exec node "$1/dist/commands/_install.js" ${args[@]+"${args[@]}"}; }

if [ "$uninstall" = 1 ]; then
  # The installed runtime removes itself; it lives where lib/install/layout.ts's runtimeDir puts it.
  [ -n "${HOME:-}" ] || [ -n "${CLAUDE_CONFIG_DIR:-}" ] || die "HOME is not set"
  runtime="${CLAUDE_CONFIG_DIR:-$HOME/.claude}/hooks/memory"
  case "$runtime" in /*) ;; *) runtime="$PWD/$runtime" ;; esac
  for candidate in "$runtime" "$SRC/dist/runtime"; do
    if usable_installer "$candidate"; then run_installer "$candidate"; fi
  done
  # Neither an installed runtime nor a built checkout: build this one, as an install would.
fi

# Runs a build step quietly; its output is shown only when it fails.
run_step() {
  local label=$1 log=$(mktemp)
  shift
  if (cd "$SRC" && "$@") >"$log" 2>&1 </dev/null; then rm -f "$log" && say "✓ $label"; return; fi
  tail -n 40 "$log" >&2 && rm -f "$log"
  die "$label failed (last lines above)"
}

# npm ci deletes node_modules and, offline, recompiles better-sqlite3 for minutes; skip it only when npm's own
# record of the tree is newer than the lockfile, npm ls agrees, and the addon loads here.
node_modules_current() {
  local hidden="$SRC/node_modules/.package-lock.json"
  [ -f "$hidden" ] && [ "$hidden" -nt "$SRC/package-lock.json" ] && [ "$hidden" -nt "$SRC/package.json" ] || return 1
  (cd "$SRC" && npm ls --all >/dev/null 2>&1 </dev/null) || return 1
  (cd "$SRC" && node -e 'new (require("better-sqlite3"))(":memory:").close()' >/dev/null 2>&1 </dev/null)
}

# What the build reads: the sources, manifests, lockfile and the Node that runs it (the addon is built for it). A
# build that succeeds records their digest in dist/; a re-run with the same digest and that build in place skips it.
BUILD_RECORD="$SRC/dist/.build-inputs"
build_inputs() {
  (cd "$SRC" && find hooks commands lib web scripts bench package.json package-lock.json tsconfig.json \
    tsconfig.build.json -type f 2>/dev/null | LC_ALL=C sort | node -e '
      const { createHash } = require("node:crypto"), { readFileSync } = require("node:fs");
      const digest = createHash("sha256").update(process.version);
      for (const file of readFileSync(0, "utf8").split("\n").filter(Boolean))
        digest.update(`\0${file}\0`).update(readFileSync(file));
      process.stdout.write(digest.digest("hex"));')
}

if [ "$build" = 0 ]; then
  usable_installer "$SRC/dist/runtime" ||
    die "--no-build needs a checkout that was already built (node_modules and dist/); run without --no-build"
elif node_modules_current; then
  say "✓ node_modules up to date with package-lock.json (npm ci skipped)"
else
  say "… npm ci (compiles better-sqlite3 when no prebuilt binary can be fetched; can take a few minutes)"
  run_step "npm ci" npm ci --no-audit --no-fund
fi
if [ "$build" = 1 ]; then
  inputs=$(build_inputs) || inputs=""
  if [ -n "$inputs" ] && [ -f "$BUILD_RECORD" ] && usable_installer "$SRC/dist/runtime" &&
    [ "$(cat "$BUILD_RECORD")" = "$inputs" ]; then
    say "✓ build up to date with the sources and package-lock.json (npm run build skipped)"
  else
    rm -f "$BUILD_RECORD" && run_step "npm run build" npm run build
    [ -z "$inputs" ] || printf '%s\n' "$inputs" >"$BUILD_RECORD"
  fi
fi
run_installer "$SRC/dist/runtime"
