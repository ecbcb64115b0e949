#!/usr/bin/env bash
# Installs claude-memory-hooks for the current user, or removes it (--uninstall). This script is only
# the bootstrap: check Node, npm ci, build; then the TypeScript installer (dist/runtime/dist/commands/_install.js,
# built from lib/install/) does every path, file and check. Uninstalling builds nothing: the installed
# runtime carries its own copy of the installer.
set -euo pipefail

usage() {
  cat <<'EOF'
Usage: ./install.sh [options]

Installs claude-memory-hooks: npm ci, build, a runtime copy in ~/.claude/hooks/memory, the hooks in
~/.claude/settings.json (backed up first), the /mem slash command, a `memory` launcher, and the
`memory-hooks` MCP server in Claude Code's user scope (with `claude mcp add` when claude is on PATH).
Uses $CLAUDE_CONFIG_DIR instead of ~/.claude when it is set. Safe to re-run: it updates in place, and
builds again only when the sources, package-lock.json or Node changed.

Options:
  --command-name NAME  install the slash command as /NAME (default: mem; /memory is a built-in)
  --bin-dir DIR        where to put the `memory` launcher (default: ~/.local/bin)
  --import             after installing, run `memory import` to backfill past sessions
  --uninstall          remove the hooks, slash command, MCP server, launcher and runtime copy; keep the database
  --purge              with --uninstall: also delete the database (memory.db, -wal, -shm)
  --no-build           use this checkout's existing node_modules and dist/ instead of running
                       npm ci and npm run build (for development and tests)
  -h, --help           show this help
EOF
}

die() {
  printf 'install.sh: %s\n' "$*" >&2
  exit 1
}
say() { printf '%s\n' "$*"; }

# The bootstrap reads only the flags it acts on; every flag goes on to the installer, which checks them.
build=1
uninstall=0
args=()
for arg in "$@"; do
  case "$arg" in
    -h | --help) usage; exit 0 ;;
    --no-build) build=0 ;;
    --uninstall) uninstall=1; args+=("$arg") ;;
    *) args+=("$arg") ;;
  esac
done

SRC=$(cd "$(dirname "$0")" && pwd -P)

command -v node >/dev/null 2>&1 ||
  die "Node.js 20.16 or newer is required and 'node' is not on PATH. Install it (https://nodejs.org), then run ./install.sh again."
node_version=$(node -p 'process.versions.node')
node_major=${node_version%%.*}
node_minor=${node_version#*.}
node_minor=${node_minor%%.*}
{ [ "$node_major" -gt 20 ] || { [ "$node_major" -eq 20 ] && [ "$node_minor" -ge 16 ]; }; } ||
  die "Node.js 20.16 or newer is required (found v$node_version). Install a newer Node, then run ./install.sh again."

# A runtime whose installer is a bundle (a checkout's dist/runtime, or an installed copy): its start
# file, its bundle and better-sqlite3 beside them.
usable_installer() {
  [ -f "$1/dist/commands/_install.js" ] && [ -f "$1/dist/commands/_install.main.js" ] &&
    [ -f "$1/node_modules/better-sqlite3/package.json" ]
}

if [ "$uninstall" = 1 ]; then
  # The installed runtime removes itself; it lives where lib/install/layout.ts's runtimeDir puts it.
  [ -n "${HOME:-}" ] || [ -n "${CLAUDE_CONFIG_DIR:-}" ] || die "HOME is not set"
  runtime="${CLAUDE_CONFIG_DIR:-$HOME/.claude}/hooks/memory"
  case "$runtime" in /*) ;; *) runtime="$PWD/$runtime" ;; esac
  for candidate in "$runtime" "$SRC/dist/runtime"; do
    if usable_installer "$candidate"; then exec node "$candidate/dist/commands/_install.js" ${args[@]+"${args[@]}"}; fi
  done
  # Neither an installed runtime nor a built checkout: build this one, as an install would.
fi

# Runs a build step quietly; its output is shown only when it fails.
run_step() {
  local label=$1 log
  shift
  log=$(mktemp)
  if (cd "$SRC" && "$@") >"$log" 2>&1 </dev/null; then
    rm -f "$log"
    say "✓ $label"
  else
    tail -n 40 "$log" >&2
    rm -f "$log"
    die "$label failed (last lines above)"
  fi
}

# npm ci deletes node_modules and, offline, recompiles better-sqlite3 for minutes; skip it only when
# npm's own record of the tree is newer than the lockfile, npm ls agrees, and the addon loads here.
node_modules_current() {
  local hidden="$SRC/node_modules/.package-lock.json"
  [ -f "$hidden" ] && [ "$hidden" -nt "$SRC/package-lock.json" ] && [ "$hidden" -nt "$SRC/package.json" ] || return 1
  (cd "$SRC" && npm ls --all >/dev/null 2>&1 </dev/null) || return 1
  (cd "$SRC" && node -e 'new (require("better-sqlite3"))(":memory:").close()' >/dev/null 2>&1 </dev/null)
}

# What the build reads: the sources, the manifests and lockfile, and the Node that runs it (better-sqlite3's
# addon beside the bundles is built for it). A build that succeeds records their digest in dist/; a re-run whose
# inputs digest the same, with that build still in place, skips it.
BUILD_RECORD="$SRC/dist/.build-inputs"
build_inputs() {
  (cd "$SRC" && find hooks commands lib web scripts bench package.json package-lock.json tsconfig.json \
    tsconfig.build.json -type f 2>/dev/null | LC_ALL=C sort | node -e '
      const { createHash } = require("node:crypto");
      const { readFileSync } = require("node:fs");
      const digest = createHash("sha256").update(process.version);
      for (const file of readFileSync(0, "utf8").split("\n").filter(Boolean))
        digest.update(`\0${file}\0`).update(readFileSync(file));
      process.stdout.write(digest.digest("hex"));')
}
build_current() {
  [ -f "$BUILD_RECORD" ] && usable_installer "$SRC/dist/runtime" && [ "$(cat "$BUILD_RECORD")" = "$1" ]
}

if [ "$build" = 1 ]; then
  if node_modules_current; then
    say "✓ node_modules up to date with package-lock.json (npm ci skipped)"
  else
    say "… npm ci (compiles better-sqlite3 when no prebuilt binary can be fetched; can take a few minutes)"
    run_step "npm ci" npm ci --no-audit --no-fund
  fi
  inputs=$(build_inputs) || inputs=""
  if [ -n "$inputs" ] && build_current "$inputs"; then
    say "✓ build up to date with the sources and package-lock.json (npm run build skipped)"
  else
    rm -f "$BUILD_RECORD"
    run_step "npm run build" npm run build
    [ -z "$inputs" ] || printf '%s\n' "$inputs" >"$BUILD_RECORD"
  fi
else
  usable_installer "$SRC/dist/runtime" ||
    die "--no-build needs a checkout that was already built (node_modules and dist/); run without --no-build"
fi

exec node "$SRC/dist/runtime/dist/commands/_install.js" ${args[@]+"${args[@]}"}
