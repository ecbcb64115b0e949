// Read-only shell commands (ls, cat, git status …), which the hooks do not store: a command is noise
// when every segment of its chain only reads.
import { commandWords, programName, splitCommand, writesFile } from './shell-words.js';

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
