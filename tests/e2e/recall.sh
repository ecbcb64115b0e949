#!/usr/bin/env bash
# Manual end-to-end check (not part of `npm test`): prompt-time recall through the REAL Claude Code client.
# A project with 66 memories (everyday filler, one failing login test, one Korean commit), recall turned on
# with `memory recall on`, then three prompts, each in its own `claude -p` session:
#   1. "Why does the login test about the expired session token fail?" — the model must receive the
#      <memory-recall> block naming the failure;
#   2. the same prompt resumed in the same session (--resume) — nothing is injected twice;
#   3. "ok" — an acknowledgement: no block.
#
#   tests/e2e/recall.sh [VERSION...]          (default version: the newest)
set -euo pipefail
versions=("$@")
[ ${#versions[@]} -gt 0 ] || versions=(latest)
here=$(cd "$(dirname "$0")" && pwd -P)
. "$here/lib.sh"

root=$(mktemp -d "${TMPDIR:-/tmp}/recall-e2e.XXXXXX")
prompt="Why does the login test about the expired session token fail?"

for version in "${versions[@]}"; do
  claude=$(e2e_install claude "$version")
  v=$("$claude" --version | cut -d' ' -f1)
  dir=$root/$v
  home=$dir/home
  work=$dir/shop
  mkdir -p "$home" "$work/.git"
  work=$(cd "$work" && pwd -P)
  echo "=== Claude Code $v"
  (cd "$checkout" && HOME=$home ./install.sh --no-build) >"$dir.install.log" 2>&1 || { tail -n 20 "$dir.install.log"; exit 1; }
  memory() { (cd "$work" && HOME=$home "$home/.local/bin/memory" "$@"); }

  # The project's history, stored through the real store (the write path the hooks use).
  HOME=$home node --input-type=module -e '
    const [checkout, db, project] = process.argv.slice(1);
    const { openDb } = await import(`${checkout}/dist/lib/db/open.js`);
    const { MemoryStore } = await import(`${checkout}/dist/lib/db/memories.js`);
    const handle = openDb(db, { create: true });
    const store = new MemoryStore(handle);
    const at = (h) => new Date(Date.now() - h * 3600e3).toISOString();
    const row = (i, over) => ({ sessionId: `old-${i}`, toolName: "Bash", type: "command", project: "shop", projectPath: project, filePath: null,
      content: "", tags: "bash", importance: 1, createdAt: at(400 - i), toolUseId: null, agentId: null, exitCode: null, source: "hook", ...over });
    for (let i = 0; i < 64; i++) store.insert(row(i, i % 2 ? { content: `npm run build  # bundle widgets w${i}` }
      : { toolName: "Edit", type: "file_edit", filePath: `${project}/src/widgets/w${i}.ts`, content: `Edited w${i}.ts: "size: ${i}" → "size: ${i + 1}"`, importance: 2 }), 0);
    store.insert(row(70, { type: "error", importance: 3, exitCode: 1, createdAt: at(300),
      content: "Bash error (exit 1): npm test -- tests/login.test.ts\nFAIL tests/login.test.ts > login test: expired session token\nAssertionError: expected 401 to be 200" }), 0);
    store.insert(row(71, { content: "git commit -m \"인증 오류 수정: 만료된 토큰 거부\"", createdAt: at(299) }), 0);
    handle.close();
  ' "$checkout" "$home/.claude/memory.db" "$work"
  memory recall on | sed 's/^/    /'

  e2e_session --client claude --exe "$claude" --home "$home" --cwd "$work" --out "$dir/s1" --prompt "$prompt" >"$dir/s1.json" || true
  block=$(jq -r '[.requests[] | select(.kind == "main")][0].hookContext[] | select(contains("memory-recall"))' "$dir/s1.json")
  printf '%s\n' "$block" | sed 's/^/    /'
  check "the model received the <memory-recall> block naming the login failure" \
    "printf '%s' \"\$block\" | grep -q 'FAIL tests/login.test.ts > login test: expired session token'"
  session=$(jq -r '.sessionId // empty' "$dir/s1.json")
  injected() { node -e 'const D = require(process.argv[1]); const db = new D(process.argv[2], { readonly: true }); console.log(db.prepare("SELECT count(*) AS n FROM recall_injections").get().n)' "$checkout/node_modules/better-sqlite3" "$home/.claude/memory.db"; }
  check "the injection is recorded for the session" "[ \"\$(injected)\" = 1 ]"

  if [ -n "$session" ]; then
    e2e_session --client claude --exe "$claude" --home "$home" --cwd "$work" --out "$dir/s2" --resume "$session" --prompt "$prompt" >"$dir/s2.json" || true
    again=$(jq -r '[.requests[] | select(.kind == "main")][0].hookContext[]? | select(contains("memory-recall"))' "$dir/s2.json")
    check "the resumed session still answered the prompt" "jq -e '.exitCode == 0' \"$dir/s2.json\" >/dev/null"
    check "the same prompt resumed in the same session injects nothing again" "[ -z \"\$again\" ]"
  fi

  e2e_session --client claude --exe "$claude" --home "$home" --cwd "$work" --out "$dir/s3" --prompt "ok" >"$dir/s3.json" || true
  ack=$(jq -r '[.requests[] | select(.kind == "main")][0].hookContext[]? | select(contains("memory-recall"))' "$dir/s3.json")
  check "an acknowledgement gets no block" "[ -z \"\$ack\" ]"
done
echo "runs kept in $root"
exit $failed
