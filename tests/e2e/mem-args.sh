#!/usr/bin/env bash
# Manual end-to-end check (not part of `npm test`): runs `/mem` with hostile argument text through the
# REAL Claude Code client in the default permission mode, for each version given, and prints what the
# model received (the expanded prompt) or the client's error. Needs ../shared/claude-code-e2e (the
# harness), jq, and the Claude Code versions it installs (network only for a first install).
#
#   tests/e2e/mem-args.sh HARNESS_DIR [VERSION...]          (default versions: 2.1.39 2.1.330)
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: mem-args.sh HARNESS_DIR [VERSION...]" >&2; exit 2; }
harness=$(cd "$1" && pwd -P)
shift
versions=("$@")
[ ${#versions[@]} -gt 0 ] || versions=(2.1.39 2.1.330)
checkout=$(cd "$(dirname "$0")/../.." && pwd -P)

# Worked out with the real HOME, before a temp HOME is swapped in.
export CLAUDE_E2E_CACHE=${CLAUDE_E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/claude-code-e2e}
export npm_config_cache=${npm_config_cache:-$(npm config get cache 2>/dev/null)}
if [ -z "${npm_config_userconfig:-}" ] && [ -f "$HOME/.npmrc" ]; then export npm_config_userconfig=$HOME/.npmrc; fi

root=$(mktemp -d "${TMPDIR:-/tmp}/mem-args.XXXXXX")
home=$root/home
work=$root/greeter
mkdir -p "$home"
(cd "$checkout" && HOME=$home ./install.sh --no-build) >"$root/install.log" 2>&1 || { tail -n 20 "$root/install.log"; exit 1; }
"$harness/examples/sample-project.sh" "$work" >/dev/null

# One memory to find, recorded through the installed hook.
hook=$home/.claude/hooks/memory/dist/hooks/post-tool-use.js
printf '%s' "{\"session_id\":\"seed\",\"cwd\":\"$work\",\"hook_event_name\":\"PostToolUseFailure\",\"tool_name\":\"Bash\",\"tool_use_id\":\"toolu_seed\",\"tool_input\":{\"command\":\"npm test\"},\"error\":\"Exit code 1\\nAssertionError: expected 'Hi \$& \`x\`' to be 'Hello'\"}" \
  | HOME=$home node "$hook"

args=(
  'refresh'
  'gre`et'
  'x $& y'
  "x \$' y"
  'x $` y'
  'x $$ y'
  "it's \"quoted\""
  'a; touch /tmp/mem-args-pwned'
  '$(touch /tmp/mem-args-pwned)'
  $'two\nlines'
  'a ``` b'
  '!`touch /tmp/mem-args-pwned`'
)
rm -f /tmp/mem-args-pwned
for version in "${versions[@]}"; do
  claude=$("$harness/install-claude.sh" "$version")
  v=$("$claude" --version | cut -d' ' -f1)
  echo "=== Claude Code $v"
  n=0
  for arg in "${args[@]}"; do
    n=$((n + 1))
    out=$root/$v-$n
    node "$harness/run.mjs" --claude "$claude" --home "$home" --cwd "$work" --out "$out" --prompt "/mem $arg" >"$out.json" 2>/dev/null || true
    printf -- '--- /mem %s\n' "$(printf '%s' "$arg" | sed -n '1h;1!H;${g;s/\n/\\n/g;p}')"
    jq -r '(.localCommandOutput // [] | .[] | "client: " + .), ([.requests[] | select(.kind == "main")][0].prompt // [] | .[] | select(startswith("<command-") | not))' "$out.json" \
      | grep -E '^client:|^\$ memory|No memories|AssertionError|^#|could not|argument' | head -n 6 || true
  done
done
if [ -e /tmp/mem-args-pwned ]; then echo "FAIL: an argument ran a command"; exit 1; fi
echo "no argument ran a command; runs kept in $root"
