#!/usr/bin/env bash
# Manual end-to-end check (not part of `npm test`): three scripted sessions in one project through the
# REAL Claude Code client, each ending with an instant final answer (the worst case for async capture):
#   1. Write, Edit, `npm test` (fails), `npm run build`;   2. the fix: Edit, `npm test` (passes);
#   3. "What did we do here last time?" — prints the <memory-context> block the model received.
# Checks that every tool call was stored exactly once (Stop completes the session from its transcript
# even when the async capture hook was cancelled) and that the fixed failure is not an open error.
#
#   tests/e2e/next-session.sh HARNESS_DIR [VERSION...]          (default versions: 2.1.39 2.1.330)
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: next-session.sh HARNESS_DIR [VERSION...]" >&2; exit 2; }
harness=$(cd "$1" && pwd -P)
shift
versions=("$@")
[ ${#versions[@]} -gt 0 ] || versions=(2.1.39 2.1.330)
here=$(cd "$(dirname "$0")" && pwd -P)
checkout=$(cd "$here/../.." && pwd -P)

export CLAUDE_E2E_CACHE=${CLAUDE_E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/claude-code-e2e}
export npm_config_cache=${npm_config_cache:-$(npm config get cache 2>/dev/null)}
if [ -z "${npm_config_userconfig:-}" ] && [ -f "$HOME/.npmrc" ]; then export npm_config_userconfig=$HOME/.npmrc; fi

root=$(mktemp -d "${TMPDIR:-/tmp}/next-session.XXXXXX")
failed=0
check() { if eval "$2"; then printf '  PASS  %s\n' "$1"; else printf '  FAIL  %s\n' "$1"; failed=1; fi; }
# The harness's scenario without its delay: the final answer comes at once.
jq 'del(.turns[-1].delayMs)' "$harness/examples/edit-and-test.json" >"$root/edit-and-test-instant.json"

for version in "${versions[@]}"; do
  claude=$("$harness/install-claude.sh" "$version")
  v=$("$claude" --version | cut -d' ' -f1)
  dir=$root/$v
  home=$dir/home
  work=$dir/greeter
  mkdir -p "$home"
  echo "=== Claude Code $v"
  (cd "$checkout" && HOME=$home ./install.sh --no-build) >"$dir.install.log" 2>&1 || { tail -n 20 "$dir.install.log"; exit 1; }
  "$harness/examples/sample-project.sh" "$work"
  memory() { (cd "$work" && HOME=$home "$home/.local/bin/memory" "$@"); }

  node "$harness/run.mjs" --claude "$claude" --home "$home" --cwd "$work" --out "$dir/s1" \
    --scenario "$root/edit-and-test-instant.json" --prompt "Add a greet() helper and run the tests" >"$dir/s1.json" || true
  echo "  session 1 hooks: $(jq -c '[.hooks[] | "\(.name): \(.outcome)"]' "$dir/s1.json")"
  check "session 1: Write, Edit, npm test, npm run build stored once each" \
    "[ \"\$(memory search --recent --here --json | jq -c '[.[] | .tool + \":\" + .type] | sort')\" = '[\"Bash:command\",\"Bash:error\",\"Edit:file_edit\",\"Write:file_edit\"]' ]"

  node "$harness/run.mjs" --claude "$claude" --home "$home" --cwd "$work" --out "$dir/s2" \
    --scenario "$here/fix-greeting.json" --prompt "Make greet() say Hello, Ada! so the test passes" >"$dir/s2.json" || true
  check "session 2: the npm test failure is resolved by the passing run" \
    "memory search 'ERR_ASSERTION' --json | jq -e '.[0].resolved_by != null' >/dev/null"

  node "$harness/run.mjs" --claude "$claude" --home "$home" --cwd "$work" --out "$dir/s3" \
    --prompt "What did we do here last time?" >"$dir/s3.json" || true
  block=$(jq -r '[.requests[] | select(.kind == "main")][0].hookContext[] | select(contains("memory-context"))' "$dir/s3.json")
  printf '%s\n' "$block" | sed 's/^/    /'
  check "session 3 received the block with both requests and where session 2 stopped" \
    "printf '%s' \"\$block\" | grep -q 'asked \"Make greet() say Hello, Ada! so the test passes\"' && printf '%s' \"\$block\" | grep -q 'Next I would add a test'"
  check "the fixed failure is not listed as open" "! printf '%s' \"\$block\" | grep -q '## Open errors'"
done
echo "runs kept in $root"
exit $failed
