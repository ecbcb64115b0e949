// Reads shell commands the way a person skims them: splits chains, drops read-only noise,
// and names what a command does (commit, install, test, deploy …) for tags and importance, and the
// key (`git commit`, `npm`) commands are grouped by in `--stats`.
import type { Importance } from '../memory.js';
import { head } from '../text/bounded.js';

export type CommandKind =
  | 'vcs-change'
  | 'vcs'
  | 'package'
  | 'deploy'
  | 'migration'
  | 'test'
  | 'build'
  | 'lint'
  | 'container'
  | 'file-change'
  | 'run';

export interface CommandClass {
  readonly kind: CommandKind;
  readonly tool: string;
  readonly importance: Exclude<Importance, 3>;
}

const NOISE_COMMANDS: ReadonlySet<string> = new Set([
  'ls',
  'll',
  'la',
  'dir',
  'cat',
  'bat',
  'head',
  'tail',
  'less',
  'more',
  'echo',
  'printf',
  'pwd',
  'cd',
  'pushd',
  'popd',
  'which',
  'whereis',
  'type',
  'whoami',
  'id',
  'date',
  'cal',
  'clear',
  'history',
  'true',
  'false',
  ':',
  'sleep',
  'wc',
  'sort',
  'uniq',
  'tree',
  'file',
  'stat',
  'du',
  'df',
  'grep',
  'egrep',
  'fgrep',
  'rg',
  'ag',
  'ack',
  'find',
  'fd',
  'locate',
  'env',
  'printenv',
  'export',
  'set',
  'unset',
  'alias',
  'man',
  'help',
  'tldr',
  'diff',
  'cmp',
  'jq',
  'yq',
  'cut',
  'tr',
  'basename',
  'dirname',
  'realpath',
  'readlink',
  'uname',
  'hostname',
  'ps',
  'top',
  'htop',
  'free',
  'uptime',
  'lsof',
  'nproc',
  'test',
  '[',
  '[[',
  'column',
  'nl',
  'od',
  'xxd',
  'hexdump',
  'md5sum',
  'sha1sum',
  'sha256sum',
  'shasum',
  'awk',
  'sed',
  'wait',
  'jobs',
  'source',
  '.',
]);

const GIT_READ_ONLY: ReadonlySet<string> = new Set([
  'status',
  'log',
  'diff',
  'show',
  'rev-parse',
  'blame',
  'ls-files',
  'ls-tree',
  'grep',
  'describe',
  'reflog',
  'shortlog',
  'whatchanged',
  'cat-file',
  'rev-list',
  'for-each-ref',
  'show-ref',
  'name-rev',
  'merge-base',
  'help',
]);

const GIT_CHANGES: ReadonlySet<string> = new Set([
  'commit',
  'push',
  'merge',
  'rebase',
  'reset',
  'revert',
  'cherry-pick',
  'tag',
  'am',
  'apply',
]);

const COMMAND_PREFIXES: ReadonlySet<string> = new Set(['sudo', 'time', 'command', 'builtin', 'nohup', 'exec', 'nice']);

/**
 * Splits a command line at `&&`, `||`, `;`, `|`, `&` and newlines outside quotes.
 * Good enough to skim: it does not need to be a shell parser, only never to drop a real command.
 */
export function splitCommand(command: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < command.length; i++) {
    const char = command[i] as string;
    if (quote) {
      if (char === '\\' && quote === '"' && i + 1 < command.length) {
        current += char + command[++i];
        continue;
      }
      if (char === quote) quote = null;
      current += char;
      continue;
    }
    if (char === '\\' && i + 1 < command.length) {
      current += char + command[++i];
      continue;
    }
    if (char === '"' || char === "'") {
      quote = char;
      current += char;
      continue;
    }
    const isSeparator = char === ';' || char === '\n' || char === '|' || (char === '&' && !isRedirectAmp(command, i));
    if (isSeparator) {
      if (current.trim()) parts.push(current.trim());
      current = '';
      if ((char === '|' || char === '&') && command[i + 1] === char) i++;
      continue;
    }
    current += char;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

// `2>&1`, `&>file` and `>&2` are redirections, not background separators.
function isRedirectAmp(command: string, at: number): boolean {
  return command[at - 1] === '>' || command[at + 1] === '>';
}

/** The words of one segment, without leading `VAR=value` assignments and `sudo`/`time`-style prefixes. */
export function commandWords(segment: string): string[] {
  const words = segment.split(/\s+/).filter(Boolean);
  let start = 0;
  while (start < words.length) {
    const word = words[start] as string;
    if (isAssignment(word) || COMMAND_PREFIXES.has(word) || word === '(' || word === '{') start++;
    else break;
  }
  return words
    .slice(start)
    .map((word) => (word.includes('(') || word.includes(')') ? word.replace(/^\(+|\)+$/g, '') : word));
}

// The literal checks before the patterns below are not shortcuts of meaning: each pattern can only
// match text holding that literal. Most commands a hook sees hold none of them, and V8 compiles a
// pattern on its first use, which a noise event (exiting before anything else loads) pays in full.

/** `NAME=value` before a command. */
function isAssignment(word: string): boolean {
  return word.includes('=') && /^[A-Za-z_][A-Za-z0-9_]*=/.test(word);
}

/** Writes a file: an output redirection (not to /dev/null, not fd duplication) or an in-place edit. */
export function writesFile(segment: string): boolean {
  if (segment.includes('sed') && (/\bsed\b[^|]*\s-i\b/.test(segment) || /\bsed\s+-[a-zA-Z]*i/.test(segment)))
    return true;
  return (
    segment.includes('>') &&
    /(?:^|[^<&0-9>])>>?\s*(?!&|\/dev\/null)[^\s>&]/.test(segment.replace(/'[^']*'|"[^"]*"/g, '""'))
  );
}

export function isNoiseSegment(segment: string): boolean {
  if (writesFile(segment)) return false;
  const words = commandWords(segment);
  const program = programName(words[0] ?? '');
  if (program === '') return true;
  if (words.length === 2 && /^(?:--version|-v|-V|--help|-h|version)$/.test(words[1] ?? '')) return true;
  if (program === 'git') return isReadOnlyGit(words.slice(1));
  // `find` reads, but `find … -delete` (clearing caches) and `-exec` run actions on what it finds.
  if (program === 'find') return !words.some((word) => /^-(?:delete|exec|execdir|ok|okdir)$/.test(word));
  return NOISE_COMMANDS.has(program);
}

/** A command is noise when every segment of its chain is. */
export function isNoiseCommand(command: string): boolean {
  const segments = splitCommand(command);
  return segments.length === 0 || segments.every(isNoiseSegment);
}

function isReadOnlyGit(args: string[]): boolean {
  const sub = args.find((arg) => !arg.startsWith('-')) ?? 'status';
  if (GIT_READ_ONLY.has(sub)) return true;
  const rest = args.slice(args.indexOf(sub) + 1);
  if (sub === 'branch' || sub === 'tag' || sub === 'remote' || sub === 'stash') {
    const listing = rest.every((arg) => /^(?:-[avrl]+|--list|--all|--verbose|-vv|list|show)$/.test(arg));
    return listing;
  }
  if (sub === 'config') return rest.some((arg) => /^(?:--get|--list|-l|--get-all)$/.test(arg));
  return false;
}

function programName(word: string): string {
  // Words hold no line breaks (split on white space), so this is the text after the last slash.
  const base = word.slice(word.lastIndexOf('/') + 1);
  return base.includes('"') || base.includes("'") ? base.replace(/^["']|["']$/g, '') : base;
}

const TEST_WORDS =
  /(?:^|[\s:/])(?:test|tests|vitest|jest|mocha|pytest|rspec|phpunit|tox|nox|ava|playwright|cypress|karma|ctest)(?:$|[\s:])/;
const BUILD_WORDS =
  /(?:^|[\s:/])(?:build|tsc|make|cmake|ninja|webpack|vite|rollup|esbuild|compile|gradle|gradlew|bazel|assemble|package)(?:$|[\s:])/;
const LINT_WORDS =
  /(?:^|[\s:/])(?:lint|eslint|prettier|biome|ruff|black|flake8|mypy|pylint|clippy|fmt|format|typecheck|stylelint)(?:$|[\s:])/;
const PACKAGE_MANAGERS: ReadonlySet<string> = new Set([
  'npm',
  'npx',
  'pnpm',
  'yarn',
  'bun',
  'pip',
  'pip3',
  'uv',
  'poetry',
  'pipenv',
  'cargo',
  'go',
  'gem',
  'bundle',
  'composer',
  'brew',
  'apt',
  'apt-get',
  'dnf',
  'yum',
  'apk',
  'pacman',
  'conda',
  'mvn',
  'dotnet',
  'nuget',
  'deno',
]);
const PACKAGE_CHANGES = /^(?:install|i|add|remove|rm|uninstall|un|update|upgrade|up|get|ci)$/;

/** What the most significant segment of a command does, for tags and importance. */
export function classifyCommand(command: string): CommandClass {
  let best: CommandClass = { kind: 'run', tool: '', importance: 1 };
  for (const segment of splitCommand(command)) {
    if (isNoiseSegment(segment)) continue;
    const found = classifySegment(segment);
    if (best.tool === '' || rank(found) > rank(best)) best = found;
  }
  return best;
}

const KIND_RANK: Readonly<Record<CommandKind, number>> = {
  deploy: 10,
  'vcs-change': 9,
  migration: 8,
  package: 7,
  test: 6,
  build: 5,
  lint: 4,
  container: 3,
  'file-change': 2,
  vcs: 1,
  run: 0,
};

function rank(found: CommandClass): number {
  return KIND_RANK[found.kind];
}

function classifySegment(segment: string): CommandClass {
  const words = commandWords(segment);
  const tool = programName(words[0] ?? '');
  const args = words.slice(1);
  const rest = ` ${args.join(' ')} `;
  const sub = args.find((arg) => !arg.startsWith('-')) ?? '';
  if (
    /\b(?:deploy|publish)\b/.test(rest) ||
    (/^(?:vercel|netlify|fly|flyctl|terraform|helm|kubectl|serverless|sls|firebase|wrangler)$/.test(tool) &&
      /\b(?:deploy|apply|install|upgrade|publish|rollout)\b/.test(rest)) ||
    (tool === 'docker' && sub === 'push')
  ) {
    return { kind: 'deploy', tool, importance: 2 };
  }
  if (tool === 'git' || tool === 'gh' || tool === 'hg' || tool === 'svn' || tool === 'jj') {
    return GIT_CHANGES.has(sub) || (tool === 'gh' && /\bpr\s+(?:create|merge)\b/.test(rest))
      ? { kind: 'vcs-change', tool, importance: 2 }
      : { kind: 'vcs', tool, importance: 1 };
  }
  if (
    /\bmigrat/.test(rest) ||
    /\bdb:(?:migrate|push|rollback)\b/.test(rest) ||
    (tool === 'alembic' && /\b(?:upgrade|downgrade)\b/.test(rest))
  ) {
    return { kind: 'migration', tool, importance: 2 };
  }
  if (PACKAGE_MANAGERS.has(tool) && PACKAGE_CHANGES.test(sub) && !(tool === 'go' && sub !== 'get')) {
    return { kind: 'package', tool, importance: 2 };
  }
  const line = ` ${tool}${rest}`;
  if (TEST_WORDS.test(line)) return { kind: 'test', tool, importance: 1 };
  if (LINT_WORDS.test(line)) return { kind: 'lint', tool, importance: 1 };
  if (BUILD_WORDS.test(line)) return { kind: 'build', tool, importance: 1 };
  if (/^(?:docker|docker-compose|podman|kubectl|minikube|kind)$/.test(tool))
    return { kind: 'container', tool, importance: 1 };
  if (writesFile(segment)) return { kind: 'file-change', tool, importance: 2 };
  if (/^(?:rm|mv|cp|mkdir|rmdir|chmod|chown|ln|touch|unzip|tar)$/.test(tool))
    return { kind: 'file-change', tool, importance: 1 };
  return { kind: 'run', tool, importance: 1 };
}

// Tools whose first argument names the action, so `git commit` and `git push` count apart (as atuin does).
const SUBCOMMAND_TOOLS: ReadonlySet<string> = new Set([
  'git',
  'gh',
  'npm',
  'pnpm',
  'yarn',
  'bun',
  'cargo',
  'go',
  'docker',
  'podman',
  'kubectl',
  'helm',
  'uv',
  'pip',
  'poetry',
  'deno',
  'dotnet',
  'terraform',
  'systemctl',
  'brew',
  'apt',
  'apt-get',
  'make',
  'npx',
]);

const RUNS_SCRIPT: ReadonlySet<string> = new Set(['run', 'run-script']);

/** `git commit -m "x" && npm test  # note` → `git commit`: the first meaningful command of a captured line. */
export function commandKey(content: string): string | null {
  const line =
    head(content, 400)
      .split('\n')[0]
      ?.replace(/\s{2}# .*$/, '') ?? '';
  const segment = splitCommand(line).find((part) => !isNoiseSegment(part)) ?? splitCommand(line)[0];
  if (!segment) return null;
  const words = commandWords(segment);
  const program = (words[0] ?? '').replace(/^.*\//, '');
  if (!program) return null;
  const args = words.slice(1).filter((word) => !word.startsWith('-'));
  const [sub, script] = args;
  if (!SUBCOMMAND_TOOLS.has(program) || !sub || !/^[\w:.-]+$/.test(sub)) return program;
  // `npm run build` and `npm run test` are different commands: keep the script a runner runs.
  const runsScript = RUNS_SCRIPT.has(sub) && /^(?:npm|pnpm|yarn|bun)$/.test(program);
  return runsScript && script && /^[\w:.@/-]+$/.test(script) ? `${program} ${sub} ${script}` : `${program} ${sub}`;
}
