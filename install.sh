#!/usr/bin/env bash
# Sets up claude-memory-hooks for the current user, or removes it (--uninstall): builds this
# checkout, copies the runtime to ~/.claude/hooks/memory, registers the hooks in settings.json,
# installs the slash command and a `memory` launcher. Non-interactive and safe to re-run.
# Every JSON and template edit is done by Node (dist/commands/_install.js), never by this script.
set -euo pipefail

usage() {
  cat <<'EOF'
Usage: ./install.sh [options]

Installs claude-memory-hooks: npm ci, build, a runtime copy in ~/.claude/hooks/memory, the hooks in
~/.claude/settings.json (backed up first), the /mem slash command and a `memory` launcher.
Uses $CLAUDE_CONFIG_DIR instead of ~/.claude when it is set. Safe to re-run: it updates in place.

Options:
  --command-name NAME  install the slash command as /NAME (default: mem; /memory is a built-in)
  --bin-dir DIR        where to put the `memory` launcher (default: ~/.local/bin)
  --import             after installing, run `memory import` to backfill past sessions
  --uninstall          remove the hooks, slash command, launcher and runtime copy; keep the database
  --purge              with --uninstall: also delete the database (memory.db, -wal, -shm)
  --no-build           use this checkout's existing node_modules and dist/ instead of running
                       npm ci and npm run build (for development and tests)
  -h, --help           show this help
EOF
}

say() { printf '%s\n' "$*"; }
warn() { printf '! %s\n' "$*" >&2; }
die() {
  printf 'install.sh: %s\n' "$*" >&2
  exit 1
}
usage_error() {
  printf 'install.sh: %s\n' "$*" >&2
  printf "Run './install.sh --help' for the options.\n" >&2
  exit 1
}
# Single-quotes a word for a generated sh script.
sh_quote() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"; }
absolute() { case "$1" in /*) printf '%s' "$1" ;; *) printf '%s/%s' "$PWD" "$1" ;; esac; }

command_name=mem
bin_dir=
mode=install
purge=0
run_import=0
build=1
while [ $# -gt 0 ]; do
  case "$1" in
    --command-name)
      [ $# -ge 2 ] || usage_error "--command-name needs a NAME"
      command_name=$2
      shift 2
      ;;
    --command-name=*) command_name=${1#*=}; shift ;;
    --bin-dir)
      [ $# -ge 2 ] || usage_error "--bin-dir needs a DIR"
      bin_dir=$2
      shift 2
      ;;
    --bin-dir=*) bin_dir=${1#*=}; shift ;;
    --uninstall) mode=uninstall; shift ;;
    --purge) purge=1; shift ;;
    --import) run_import=1; shift ;;
    --no-build) build=0; shift ;;
    -h | --help) usage; exit 0 ;;
    *) usage_error "unknown option: $1" ;;
  esac
done
case "$command_name" in
  '' | *[!A-Za-z0-9_-]*) usage_error "--command-name takes letters, digits, '-' and '_' (got '$command_name')" ;;
esac
[ "$purge" = 0 ] || [ "$mode" = uninstall ] || usage_error "--purge only goes with --uninstall"
[ "$run_import" = 0 ] || [ "$mode" = install ] || usage_error "--import does not go with --uninstall"
[ -n "${HOME:-}" ] || die "HOME is not set"

SRC=$(cd "$(dirname "$0")" && pwd -P)
CLAUDE_DIR=$(absolute "${CLAUDE_CONFIG_DIR:-$HOME/.claude}")
RUNTIME="$CLAUDE_DIR/hooks/memory"
SETTINGS="$CLAUDE_DIR/settings.json"
COMMANDS_DIR="$CLAUDE_DIR/commands"
COMMAND_FILE="$COMMANDS_DIR/$command_name.md"
MANIFEST="$RUNTIME/.install-manifest"
bin_dir=$(absolute "${bin_dir:-$HOME/.local/bin}")
LAUNCHER="$bin_dir/memory"
LAUNCHER_MARK='# claude-memory-hooks launcher'

check_node() {
  command -v node >/dev/null 2>&1 ||
    die "Node.js 20 or newer is required and 'node' is not on PATH. Install it (https://nodejs.org), then run ./install.sh again."
  node_version=$(node -p 'process.versions.node')
  [ "${node_version%%.*}" -ge 20 ] ||
    die "Node.js 20 or newer is required (found v$node_version). Install a newer Node, then run ./install.sh again."
}

# Syntax check before anything else happens, so a broken settings.json changes nothing at all.
# (The built _install.js repeats the full check; this one needs no build.)
preflight_settings() {
  [ -e "$SETTINGS" ] || return 0
  node -e '
    const fs = require("fs");
    const path = process.argv[1];
    const stop = (why) => {
      process.stderr.write(`install.sh: ${path} ${why}. Fix or move it, then run install.sh again; nothing was changed.\n`);
      process.exit(1);
    };
    let text;
    try { text = fs.readFileSync(path, "utf8"); } catch (error) { stop(`cannot be read (${error.message})`); }
    if (text.trim() === "") process.exit(0);
    let value;
    try { value = JSON.parse(text); } catch (error) { stop(`is not valid JSON (${error.message})`); }
    if (typeof value !== "object" || value === null || Array.isArray(value)) stop("is not a JSON object");
  ' "$SETTINGS"
}

is_our_runtime() { [ -f "$RUNTIME/package.json" ] && grep -q '"name": "claude-memory-hooks"' "$RUNTIME/package.json"; }
is_our_launcher() { [ -f "$1" ] && grep -qF "$LAUNCHER_MARK" "$1"; }
# The launcher path the last install recorded (it may have used another --bin-dir).
recorded_launcher() { if [ -f "$MANIFEST" ]; then sed -n 's/^launcher=//p' "$MANIFEST"; fi; }
# Removes a launcher only if it is ours and runs this runtime (not another CLAUDE_CONFIG_DIR's).
remove_launcher() {
  if is_our_launcher "$1" && grep -qF "$RUNTIME/dist/commands/cli.js" "$1"; then
    rm -f "$1"
    say "✓ removed launcher $1"
  fi
}

# Everything that would make us overwrite someone else's file is refused before any change.
preflight_install() {
  if [ -e "$RUNTIME" ] && ! is_our_runtime; then
    die "$RUNTIME exists and is not a claude-memory-hooks runtime (an older memory-hooks setup?). Move it aside and remove the settings.json hooks that point into it, then run ./install.sh again; nothing was changed."
  fi
  if [ -e "$COMMAND_FILE" ] && ! grep -qF "$RUNTIME/dist/commands/_slash.js" "$COMMAND_FILE"; then
    die "$COMMAND_FILE already exists and was not installed by claude-memory-hooks; pick another name with --command-name NAME. Nothing was changed."
  fi
  if [ -e "$LAUNCHER" ] && ! is_our_launcher "$LAUNCHER"; then
    die "$LAUNCHER already exists and is not our launcher; choose another directory with --bin-dir DIR. Nothing was changed."
  fi
}

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

# Production dependencies only, copied from this checkout's node_modules: the better-sqlite3 addon
# is already compiled for this Node, and `npm ci --omit=dev` in the runtime would download or
# recompile it (about 80 s, and a compiler and network). Only the addon itself is kept of its build.
copy_production_modules() {
  local stage=$1 list path rel addon
  list=$(cd "$SRC" && npm ls --omit=dev --all --parseable 2>/dev/null) || true
  printf '%s\n' "$list" | grep -q '/node_modules/better-sqlite3$' ||
    die "node_modules in $SRC is incomplete (npm ls finds no better-sqlite3); run without --no-build"
  # Sorted, a package comes before the packages nested in its own node_modules.
  printf '%s\n' "$list" | LC_ALL=C sort | while IFS= read -r path; do
    case "$path" in
      "$SRC"/node_modules/*) rel=${path#"$SRC"/} ;;
      *) continue ;;
    esac
    [ -e "$stage/$rel" ] && continue # already copied inside its parent package
    mkdir -p "$(dirname "$stage/$rel")"
    cp -R "$SRC/$rel" "$stage/$rel"
  done
  addon="$stage/node_modules/better-sqlite3/build/Release/better_sqlite3.node"
  [ -f "$addon" ] || die "better-sqlite3 has no compiled addon in $SRC/node_modules; run without --no-build"
  mv "$addon" "$stage/.addon"
  rm -rf "$stage/node_modules/better-sqlite3/build" "$stage/node_modules/better-sqlite3/deps" "$stage/node_modules/better-sqlite3/src"
  mkdir -p "$stage/node_modules/better-sqlite3/build/Release"
  mv "$stage/.addon" "$addon"
}

stage=
cleanup_stage() { if [ -n "$stage" ] && [ -d "$stage" ]; then rm -rf "$stage"; fi; }
trap cleanup_stage EXIT

install_runtime() {
  mkdir -p "$CLAUDE_DIR/hooks"
  stage=$(mktemp -d "$CLAUDE_DIR/hooks/.memory-install.XXXXXX")
  mkdir -p "$stage/dist"
  cp -R "$SRC/dist/hooks" "$SRC/dist/lib" "$SRC/dist/commands" "$stage/dist/"
  cp "$SRC/package.json" "$SRC/package-lock.json" "$stage/"
  copy_production_modules "$stage"
  chmod 755 "$stage/dist/commands/cli.js" "$stage/dist/commands/_slash.js"
  # Prove the copy works on its own before it replaces anything.
  (cd "$stage" && node -e 'new (require("better-sqlite3"))(":memory:").close()') ||
    die "the runtime copy cannot load better-sqlite3; nothing was replaced"
  node "$stage/dist/commands/cli.js" --help >/dev/null || die "the runtime copy of the memory CLI does not start; nothing was replaced"
  chmod 755 "$stage"
  local old=
  if [ -e "$RUNTIME" ]; then
    old="$RUNTIME.old-$$"
    mv "$RUNTIME" "$old"
  fi
  mv "$stage" "$RUNTIME"
  stage=
  if [ -n "$old" ]; then rm -rf "$old"; fi
  say "✓ runtime copied to $RUNTIME ($(du -sk "$RUNTIME" | cut -f1) KB: dist + production node_modules)"
}

install_launcher() {
  mkdir -p "$bin_dir"
  local tmp="$bin_dir/.memory.tmp-$$"
  {
    printf '#!/bin/sh\n'
    printf '%s, written by install.sh; ./install.sh --uninstall removes it.\n' "$LAUNCHER_MARK"
    printf 'exec node %s "$@"\n' "$(sh_quote "$RUNTIME/dist/commands/cli.js")"
  } >"$tmp"
  chmod 755 "$tmp"
  mv -f "$tmp" "$LAUNCHER"
  say "✓ launcher $LAUNCHER"
  case ":${PATH:-}:" in
    *":$bin_dir:"*) ;;
    *) warn "$bin_dir is not on your PATH: add  export PATH=\"$bin_dir:\$PATH\"  to your shell profile, or use $LAUNCHER" ;;
  esac
}

do_install() {
  check_node
  say "claude-memory-hooks: installing into $CLAUDE_DIR (Node v$node_version)"
  preflight_settings
  preflight_install
  if [ "$build" = 1 ]; then
    if node_modules_current; then
      say "✓ node_modules up to date with package-lock.json (npm ci skipped)"
    else
      say "… npm ci (compiles better-sqlite3 when no prebuilt binary can be fetched; can take a few minutes)"
      run_step "npm ci" npm ci --no-audit --no-fund
    fi
    run_step "npm run build" npm run build
  else
    [ -f "$SRC/dist/commands/_install.js" ] && [ -d "$SRC/node_modules/better-sqlite3" ] ||
      die "--no-build needs a checkout that was already built (node_modules and dist/); run without --no-build"
    say "✓ using the existing build of $SRC (--no-build)"
  fi
  node "$SRC/dist/commands/_install.js" check-settings "$SETTINGS"
  local previous_launcher
  previous_launcher=$(recorded_launcher)
  install_runtime
  local tool="$RUNTIME/dist/commands/_install.js"
  node "$tool" hooks-install "$SETTINGS" "$RUNTIME"
  mkdir -p "$COMMANDS_DIR"
  node "$tool" write-command "$SRC/commands/memory.md" "$COMMAND_FILE" "$RUNTIME"
  say "✓ slash command /$command_name ($COMMAND_FILE)"
  node "$tool" remove-commands "$COMMANDS_DIR" "$RUNTIME" "$COMMAND_FILE"
  install_launcher
  if [ -n "$previous_launcher" ] && [ "$previous_launcher" != "$LAUNCHER" ]; then remove_launcher "$previous_launcher"; fi
  printf 'launcher=%s\ncommand=%s\n' "$LAUNCHER" "$COMMAND_FILE" >"$MANIFEST"
  say ""
  say "Done. New Claude Code sessions load the hooks (a running one: open /hooks once). Check with: memory doctor"
  if [ "$run_import" = 1 ]; then
    say "Running memory import (backfills past sessions from transcripts)…"
    node "$RUNTIME/dist/commands/cli.js" import || warn "memory import failed (exit $?); the installation itself is complete — run 'memory import' again later"
  else
    say "Sessions before today are not in the database yet: 'memory import' backfills them from Claude Code's transcripts."
  fi
}

do_uninstall() {
  check_node
  say "claude-memory-hooks: uninstalling from $CLAUDE_DIR"
  preflight_settings
  local tool=
  if [ -f "$RUNTIME/dist/commands/_install.js" ]; then
    tool="$RUNTIME/dist/commands/_install.js"
  elif [ -f "$SRC/dist/commands/_install.js" ]; then
    tool="$SRC/dist/commands/_install.js"
  fi
  if [ -n "$tool" ]; then
    node "$tool" check-settings "$SETTINGS"
    node "$tool" hooks-uninstall "$SETTINGS" "$RUNTIME"
    node "$tool" remove-commands "$COMMANDS_DIR" "$RUNTIME"
  elif [ -f "$SETTINGS" ] && grep -qF "$RUNTIME/dist/hooks/" "$SETTINGS"; then
    die "settings.json still has our hooks but no built copy of the installer is left; run 'npm ci && npm run build' here first"
  fi
  local recorded
  recorded=$(recorded_launcher)
  remove_launcher "$LAUNCHER"
  if [ -n "$recorded" ] && [ "$recorded" != "$LAUNCHER" ]; then remove_launcher "$recorded"; fi
  if is_our_runtime; then
    rm -rf "$RUNTIME"
    say "✓ removed runtime $RUNTIME"
    rmdir "$CLAUDE_DIR/hooks" 2>/dev/null || true
  fi
  local db="${CLAUDE_MEMORY_DB:-$CLAUDE_DIR/memory.db}"
  if [ "$purge" = 1 ]; then
    local file
    for file in "$db" "$db-wal" "$db-shm" "$db.last-cleanup"; do
      if [ -e "$file" ]; then
        rm -f "$file"
        say "✓ deleted $file"
      fi
    done
  elif [ -e "$db" ]; then
    say "✓ kept the database $db (delete it with --uninstall --purge)"
  fi
  say "Done."
}

if [ "$mode" = install ]; then do_install; else do_uninstall; fi
