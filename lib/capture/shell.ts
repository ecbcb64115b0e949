// Names what a shell command does (commit, install, test, deploy …) for tags and importance, and the
// key (`git commit`, `npm`) commands are grouped by in `--stats`.
import type { Importance } from '../memory.js';
import { head } from '../text/bounded.js';
import { isNoiseSegment } from './noise-commands.js';
import { commandWords, programName, splitCommand, writesFile } from './shell-words.js';

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
