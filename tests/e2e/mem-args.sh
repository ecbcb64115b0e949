#!/usr/bin/env bash
# Manual end-to-end check (not part of `npm test`): runs `/mem` with hostile argument text through the
# REAL Claude Code client in the default permission mode, for each version given, and prints what the
# model received (the expanded prompt) or the client's error. Needs a built checkout (the harness in
# tests/e2e/harness), jq, and the Claude Code versions it installs (network only for a first install).
#
#   tests/e2e/mem-args.sh [VERSION...]          (default versions: 2.1.39 and the newest)
set -euo pipefail
versions=("$@")
[ ${#versions[@]} -gt 0 ] || versions=(2.1.39 latest)
here=$(cd "$(dirname "$0")" && pwd -P)
. "$here/lib.sh"

root=$(mktemp -d "${TMPDIR:-/tmp}/mem-args.XXXXXX")
home=$root/home
work=$root/greeter
mkdir -p "$home"
(cd "$checkout" && HOME=$home ./install.sh --no-build) >"$root/install.log" 2>&1 || { tail -n 20 "$root/install.log"; exit 1; }
"$here/sample-project.sh" "$work" >/dev/null

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
  claude=$(e2e_install claude "$version")
  v=$("$claude" --version | cut -d' ' -f1)
  echo "=== Claude Code $v"
  n=0
  for arg in "${args[@]}"; do
    n=$((n + 1))
    out=$root/$v-$n
    e2e_session --client claude --exe "$claude" --home "$home" --cwd "$work" --out "$out" --prompt "/mem $arg" >"$out.json" 2>/dev/null || true
    printf -- '--- /mem %s\n' "$(printf '%s' "$arg" | sed -n '1h;1!H;${g;s/\n/\\n/g;p}')"
    jq -r '(.localCommandOutput // [] | .[] | "client: " + .), ([.requests[] | select(.kind == "main")][0].prompt // [] | .[] | select(startswith("<command-") | not))' "$out.json" \
      | grep -E '^client:|^\$ memory|No memories|AssertionError|^#|could not|argument' | head -n 6 || true
  done
done
if [ -e /tmp/mem-args-pwned ]; then echo "FAIL: an argument ran a command"; exit 1; fi
echo "no argument ran a command; runs kept in $root"
