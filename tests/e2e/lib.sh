# Sourced by the tests/e2e/*.sh scripts: the checkout, the harness (tests/e2e/harness, compiled by
# `npm run build` into dist/tests/e2e/harness), npm's cache and config kept when a test switches HOME, and
# PASS/FAIL lines.
#   e2e_install CLIENT [VERSION]   prints the executable of claude|codex|gemini VERSION (default: latest),
#                                  installed from npm into the cache once; exit 3: registry out of reach, none cached
#   e2e_session ARGS…              one scripted session (dist/tests/e2e/harness/run.js ARGS…), summary on stdout
#   check NAME COMMAND             PASS/FAIL line; a FAIL sets failed=1
e2e_here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)
checkout=$(cd "$e2e_here/../.." && pwd -P)
e2e_harness=$checkout/dist/tests/e2e/harness
if [ ! -f "$e2e_harness/run.js" ]; then
  echo "the e2e harness is not built: run npm run build in $checkout" >&2
  exit 1
fi
# Worked out with the real HOME, before a test swaps in a temp one: npm's cache and config (node-gyp finds
# Node's headers through it) and the harness's client cache.
export npm_config_cache=${npm_config_cache:-$(npm config get cache 2>/dev/null)}
if [ -z "${npm_config_userconfig:-}" ]; then export npm_config_userconfig=$(npm config get userconfig 2>/dev/null); fi
export CLAUDE_MEMORY_E2E_CACHE=${CLAUDE_MEMORY_E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/claude-memory-hooks/e2e}

e2e_install() { node "$e2e_harness/install.js" "$@"; }
e2e_session() { node "$e2e_harness/run.js" "$@"; }

failed=0
check() { if eval "$2"; then printf '  PASS  %s\n' "$1"; else printf '  FAIL  %s\n' "$1"; failed=1; fi; }
