#!/usr/bin/env bash
# Codex CLI, Gemini CLI and OpenCode through the REAL clients (tests/e2e/harness: the newest release from npm, run
# headless against a local mock of its model API, in a temp HOME), with the hooks `./install.sh --agent
# AGENT` registers. For each agent:
#   session 1 writes a file, edits it, runs a command that exits 3, then one that passes: exactly those
#   four memories are stored, each with the agent, the failure as an error with its exit code and line;
#   session 2's first model request carries the <memory-context> block;
#   `memory import` of session 1's own session file (Codex rollout, Gemini chat, OpenCode's opencode.db) adds nothing;
#   session 3's model calls the memory MCP server's search tool (registered by the install in the agent's own
#   config), the client runs it, and its answer, naming the edited file, reaches the next model request
#   Gemini CLI: the installed /mem command runs memory search and hands its results to the model;
#   OpenCode: the installed /mem prompt reaches the model with the words, and the search it names runs in its shell.
# Codex runs a user's hook only once it is trusted in config.toml: the install writes that trust, so Codex runs
# without the bypass flag and with no review step (--hook-trust keep), and `memory doctor` says so. OpenCode
# runs the plugin the install put in ~/.config/opencode/plugins, which hands each event to the same hooks.
#
#   tests/e2e/agents.sh [AGENT[@VERSION]…]        (default: codex gemini opencode, each at its newest release)
#
# Needs a built checkout (npm run build), jq, git, npm reaching the registry (or a client in the cache).
# With the registry out of reach and nothing cached, says so on one SKIP line and exits 0.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd -P)
. "$here/lib.sh"
agents=("$@")
[ ${#agents[@]} -gt 0 ] || agents=(codex gemini opencode)
root=$(mktemp -d "${TMPDIR:-/tmp}/agents-e2e.XXXXXX")

for spec in "${agents[@]}"; do
  agent=${spec%@*}
  version=latest
  [ "$spec" = "$agent" ] || version=${spec#*@}
  exe=$(e2e_install "$agent" "$version" 2>"$root/$agent-install.log")
  case $? in
    0) ;;
    3) echo "  SKIP  $agent: $(tail -n 1 "$root/$agent-install.log")"; continue ;;
    *) tail -n 5 "$root/$agent-install.log"; echo "  FAIL  $agent $version could not be installed"; failed=1; continue ;;
  esac
  echo "=== $agent $("$exe" --version 2>/dev/null | head -n 1)"
  dir=$root/$agent
  home=$dir/home
  work=$dir/greeter
  mkdir -p "$home"
  "$here/sample-project.sh" "$work" >/dev/null
  work=$(cd "$work" && pwd -P)
  memory() { (cd "$work" && HOME=$home "$home/.local/bin/memory" "$@"); }
  mine() { memory search --recent --here --json; }

  if ! (cd "$checkout" && HOME=$home ./install.sh --agent "$agent" --no-build) >"$dir/install.log" 2>&1; then
    tail -n 3 "$dir/install.log" | sed 's/^/    /'
    echo "  FAIL  ./install.sh --agent $agent into a temp HOME"
    failed=1
    continue
  fi
  echo "  PASS  ./install.sh --agent $agent into a temp HOME"
  if [ "$agent" = codex ]; then
    check "memory doctor finds each Codex hook of ours trusted, before any session" \
      "memory doctor >'$dir/doctor.txt' 2>&1; grep -q 'Codex runs our 4 hooks' '$dir/doctor.txt'"
  fi
  e2e_session --client "$agent" --exe "$exe" --home "$home" --cwd "$work" --out "$dir/s1" --hook-trust keep \
    --scenario "$here/scenarios/agent-session.json" >"$dir/s1.json" || true
  check "session 1 ran to its end, every tool call answered" \
    "jq -e '.exitCode == 0 and (.toolCalls | length) == 4 and all(.toolCalls[]; .output != null)' '$dir/s1.json' >/dev/null"
  if [ "$agent" = codex ]; then
    check "with no review and no bypass flag, Codex ran our hooks (the install's trust), each Completed" \
      "jq -e '(.hooksTrusted // 0) == 0 and (.hookRuns | length) > 0 and all(.hookRuns[]; .status == \"Completed\")' '$dir/s1.json' >/dev/null"
  fi
  check "exactly four memories: the write and the edit, the failure, the passing command" \
    "[ \"\$(mine | jq -c '[.[] | .type] | sort')\" = '[\"command\",\"error\",\"file_edit\",\"file_edit\"]' ]"
  check "each memory says $agent did it, and memory search --agent $agent finds all four" \
    "mine | jq -e 'length == 4 and all(.[]; .agent == \"$agent\")' >/dev/null && [ \"\$(memory search --recent --here --agent '$agent' --json | jq length)\" = 4 ]"
  check "the failure is stored with exit code 3 and its telling line" \
    "mine | jq -e '[.[] | select(.type == \"error\")][0] | .exit_code == 3 and (.content | contains(\"boom: greeting check failed\"))' >/dev/null"
  check "the write and the edit name src/greet.js" \
    "mine | jq -e '[.[] | select(.type == \"file_edit\") | .file_path | endswith(\"src/greet.js\")] == [true, true]' >/dev/null"

  e2e_session --client "$agent" --exe "$exe" --home "$home" --cwd "$work" --out "$dir/s2" --hook-trust keep \
    --prompt "What did we do here last time?" >"$dir/s2.json" || true
  # Codex shows the block as it is; Gemini escapes < and > inside its <hook_context>.
  block=$(jq -r '[.requests[] | select(.kind == "main")][0].hookContext[]?.text' "$dir/s2.json" | sed 's/&lt;/</g; s/&gt;/>/g')
  printf '%s\n' "$block" | grep -A 12 '<memory-context' | sed 's/^/    /'
  check "session 2's first model request carries the <memory-context> block with the edit" \
    "printf '%s' \"\$block\" | grep -q '<memory-context' && printf '%s' \"\$block\" | grep -q 'greet.js'"

  if [ "$agent" = opencode ]; then
    check "the session's summary is OpenCode's, with where it stopped (session.idle, the answer the plugin kept)" \
      "memory search --summaries --here --json | jq -e 'length == 1 and .[0].agent == \"opencode\" and (.[0].summary | test(\"Stopped at: .greet\\\\(\\\\) says Hello now\"))' >/dev/null"
    before=$(mine | jq length)
    # OpenCode keeps every session in one SQLite store; found where OpenCode put it, read, each call stored already.
    check "memory import of OpenCode's opencode.db reads session 1's four calls and adds nothing" \
      "memory import --json --agent opencode >'$dir/import.json' 2>&1 && jq -e '.toolCalls >= 4 and .added == 0' '$dir/import.json' >/dev/null && [ \"\$(mine | jq length)\" = '$before' ]"
  else
    session_file=$(jq -r '.sessionFiles[0] // empty' "$dir/s1.json")
    before=$(mine | jq length)
    # It must read the file's four calls (not skip it as a foreign transcript) and find each stored already.
    check "memory import of session 1's own file reads its four calls and adds nothing" \
      "[ -n '$session_file' ] && memory import --json '$session_file' >'$dir/import.json' 2>&1 && jq -e '.toolCalls >= 4 and .added == 0' '$dir/import.json' >/dev/null && [ \"\$(mine | jq length)\" = '$before' ]"
  fi

  e2e_session --client "$agent" --exe "$exe" --home "$home" --cwd "$work" --out "$dir/s3" --hook-trust keep \
    --scenario "$here/scenarios/agent-mcp-$agent.json" >"$dir/s3.json" || true
  # Codex: tool_search, then the call in its namespace; Gemini CLI: the call by its mcp_<server>_<tool> name;
  # OpenCode: by its <server>_<tool> name.
  search_call='[.toolCalls[] | select(.name == "mcp__memory_hooks.search" or .name == "mcp_memory-hooks_search" or .name == "memory-hooks_search")][0]'
  check "the memory MCP server's search tool ran in $agent, and its answer (greet.js) reached the next model request" \
    "jq -e '.exitCode == 0 and ($search_call | .output != null and (.output | contains(\"greet.js\")))' '$dir/s3.json' >/dev/null"

  if [ "$agent" = opencode ]; then
    e2e_session --client opencode --exe "$exe" --home "$home" --cwd "$work" --out "$dir/s4" \
      --arg --command --arg mem --scenario "$here/scenarios/agent-mem-opencode.json" >"$dir/s4.json" || true
    check "OpenCode's /mem greet reached the model as our prompt, with the words and the launcher's search in it" \
      "jq -e '.exitCode == 0 and ([.requests[] | select(.kind == \"main\")][0].prompt | join(\"\n\") | contains(\"for these words: greet\") and contains(\"$home/.local/bin/memory search WORDS\"))' '$dir/s4.json' >/dev/null"
    check "the search that prompt names ran in OpenCode's shell, and its results (greet.js) reached the model" \
      "jq -e '[.toolCalls[] | select(.name == \"bash\")][0].output | contains(\"greet.js\")' '$dir/s4.json' >/dev/null"
  fi
  if [ "$agent" = gemini ]; then
    # Headless, Gemini CLI puts a SessionStart hook's context before the prompt and then no longer reads a
    # slash command at its start: this session runs with the hooks off, so the prompt is the command alone.
    e2e_session --client gemini --exe "$exe" --home "$home" --cwd "$work" --out "$dir/s4" \
      --env CLAUDE_MEMORY_DISABLE=1 --prompt "/mem greet" >"$dir/s4.json" || true
    check "Gemini CLI's /mem greet ran memory search, and its results (greet.js) reached the model" \
      "jq -e '.exitCode == 0 and ([.requests[] | select(.kind == \"main\")][0].prompt | join(\"\n\") | contains(\"\$ memory search greet\") and contains(\"greet.js\"))' '$dir/s4.json' >/dev/null"
  fi
done
echo "runs kept in $root"
exit $failed
