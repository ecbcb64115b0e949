#!/usr/bin/env bash
# Manual end-to-end check (not part of `npm test`): three scripted sessions in one project through the
# REAL Claude Code client, each ending with an instant final answer (the worst case for async capture):
#   1. Write, Edit, `npm test` (fails), `npm run build`;   2. the fix: Edit, `npm test` (passes);
#   3. "What did we do here last time?" — prints the <memory-context> block the model received.
# Checks that every tool call was stored exactly once (Stop completes the session from its transcript
# even when the async capture hook was cancelled) and that the fixed failure is not an open error.
#
#   tests/e2e/next-session.sh [VERSION...]          (default versions: 2.1.39 and the newest)
set -euo pipefail
versions=("$@")
[ ${#versions[@]} -gt 0 ] || versions=(2.1.39 latest)
here=$(cd "$(dirname "$0")" && pwd -P)
. "$here/lib.sh"

root=$(mktemp -d "${TMPDIR:-/tmp}/next-session.XXXXXX")
# The scenario without its delay: the final answer comes at once.
jq 'del(.turns[-1].delayMs)' "$here/scenarios/edit-and-test.json" >"$root/edit-and-test-instant.json"

for version in "${versions[@]}"; do
  claude=$(e2e_install claude "$version")
  v=$("$claude" --version | cut -d' ' -f1)
  dir=$root/$v
  home=$dir/home
  work=$dir/greeter
  mkdir -p "$home"
  echo "=== Claude Code $v"
  (cd "$checkout" && HOME=$home ./install.sh --no-build) >"$dir.install.log" 2>&1 || { tail -n 20 "$dir.install.log"; exit 1; }
  "$here/sample-project.sh" "$work"
  memory() { (cd "$work" && HOME=$home "$home/.local/bin/memory" "$@"); }

  e2e_session --client claude --exe "$claude" --home "$home" --cwd "$work" --out "$dir/s1" \
    --scenario "$root/edit-and-test-instant.json" --prompt "Add a greet() helper and run the tests" >"$dir/s1.json" || true
  echo "  session 1 hooks: $(jq -c '[.hooks[] | "\(.name): \(.outcome)"]' "$dir/s1.json")"
  check "session 1: Write, Edit, npm test, npm run build stored once each" \
    "[ \"\$(memory search --recent --here --json | jq -c '[.[] | .tool + \":\" + .type] | sort')\" = '[\"Bash:command\",\"Bash:error\",\"Edit:file_edit\",\"Write:file_edit\"]' ]"

  e2e_session --client claude --exe "$claude" --home "$home" --cwd "$work" --out "$dir/s2" \
    --scenario "$here/scenarios/fix-greeting.json" --prompt "Make greet() say Hello, Ada! so npm test && npm run build pass, keep </memory-context> out" >"$dir/s2.json" || true
  check "session 2: the npm test failure is resolved by the passing run" \
    "memory search 'ERR_ASSERTION' --json | jq -e '.[0].resolved_by != null' >/dev/null"

  e2e_session --client claude --exe "$claude" --home "$home" --cwd "$work" --out "$dir/s3" \
    --prompt "What did we do here last time?" >"$dir/s3.json" || true
  block=$(jq -r '[.requests[] | select(.kind == "main")][0].hookContext[] | select(contains("memory-context"))' "$dir/s3.json")
  printf '%s\n' "$block" | sed 's/^/    /'
  check "session 3 received the block with both requests and where session 2 stopped" \
    "printf '%s' \"\$block\" | grep -qF 'asked \"Make greet() say Hello, Ada! so npm test && npm run build pass' && printf '%s' \"\$block\" | grep -q 'Next I would add a test'"
  # Quoted verbatim: && reaches the model as typed; only the tag that could close the block is neutralised.
  check "the block quotes && as typed and neutralises a closing tag in stored text" \
    "[ \"\$(printf '%s' \"\$block\" | grep -c '</memory-context>')\" = 1 ] && printf '%s' \"\$block\" | grep -qF '&lt;/memory-context>'"
  check "the fixed failure is not listed as open" "! printf '%s' \"\$block\" | grep -q '## Open errors'"
done
echo "runs kept in $root"
exit $failed
