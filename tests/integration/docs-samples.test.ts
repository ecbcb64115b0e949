// The samples of README.md and docs/: each fenced block is a checked sample, a command or a config
// file; each sample is produced by exactly one test (this file makes the ones no other test's
// situation holds: a project's history captured through the hooks' own handlers, then the real
// CLI and SessionStart hook run against it); the code map names the files that exist.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryCli, seed } from '../cli-helpers.js';
import { docFiles, expectDocSample, fencedBlocks, normalise, terminal } from '../doc-samples.js';
import {
  bashResponse,
  postToolUse,
  postToolUseFailure,
  ROOT,
  runHook,
  runHooksInOneProcess,
  sandbox,
  useSharedSandbox,
  type HookEvent,
  type RunResult,
  type Sandbox,
} from '../helpers.js';
import { projectHistory } from '../recall-helpers.js';

/** Where a block that is not output may come from: commands to type, and files to write. */
const INPUT_INFO = new Set(['sh', 'json']);

describe('the fenced blocks of README.md and docs/', () => {
  const blocks = docFiles().flatMap((file) => fencedBlocks(file));

  it('are each a checked sample, commands to type (sh) or a file to write (json)', () => {
    const unchecked = blocks
      .filter((block) => block.sample === null && block.marker === null)
      .filter((block) => !INPUT_INFO.has(block.info) || (block.info === 'sh' && /^\$ /m.test(block.body)))
      .map((block) => `${block.file}:${block.line} (\`\`\`${block.info})`);
    expect(unchecked, 'output needs <!-- sample: NAME --> and a test; commands are ```sh without "$ "').toEqual([]);
  });

  it('are each produced by exactly one test, and every produced sample has its block', () => {
    const produced = new Map<string, number>();
    for (const file of testFiles(join(ROOT, 'tests'))) {
      for (const match of readFileSync(file, 'utf8').matchAll(/expectDocSample\(\s*'([a-z0-9-]+)'/g)) {
        const name = match[1] ?? '';
        produced.set(name, (produced.get(name) ?? 0) + 1);
      }
    }
    const marked = new Set(blocks.flatMap((block) => (block.sample === null ? [] : [block.sample])));
    expect(
      [...marked].filter((name) => produced.get(name) !== 1).map((name) => `${name}: ${produced.get(name) ?? 0}`),
    ).toEqual([]);
    expect([...produced.keys()].filter((name) => !marked.has(name))).toEqual([]);
  });

  it('name in the code map every source file, and only files that exist', () => {
    const map = blocks.filter((block) => block.marker === 'code-map');
    expect(map.map((block) => block.file)).toEqual(['docs/development.md']);
    const named = codeMapPaths(map[0]?.body ?? '');
    expect(named.filter((path) => !existsSync(join(ROOT, path.replace(/\/[^/]*\*[^/]*$/, ''))))).toEqual([]);
    const sources = ['hooks', 'commands', 'lib'].flatMap((dir) => testFiles(join(ROOT, dir), /\.(ts|md)$/));
    const unnamed = sources
      .map((file) => relative(ROOT, file))
      .filter((path) => !named.some((entry) => entry === path || (entry.endsWith('*.ts') && inFolder(path, entry))));
    expect(unnamed).toEqual([]);
  });

  it('name every CLAUDE_MEMORY_ variable the code reads', () => {
    const docs = docFiles()
      .map((file) => readFileSync(join(ROOT, file), 'utf8'))
      .join('\n');
    const read = new Set(
      ['hooks', 'commands', 'lib']
        .flatMap((dir) => testFiles(join(ROOT, dir)))
        .flatMap((file) => readFileSync(file, 'utf8').match(/CLAUDE_MEMORY_[A-Z_]*[A-Z]\b/g) ?? []),
    );
    expect([...read].filter((name) => !docs.includes(`\`${name}\``)).sort()).toEqual([]);
  });

  it('link only to files and headings that exist', () => {
    const broken: string[] = [];
    for (const file of docFiles()) {
      const prose = readFileSync(join(ROOT, file), 'utf8').replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');
      for (const [, target = ''] of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^https?:/.test(target)) continue;
        const [path = '', anchor] = target.split('#');
        const resolved = path === '' ? join(ROOT, file) : join(ROOT, dirname(file), path);
        if (!existsSync(resolved)) broken.push(`${file}: ${target}`);
        else if (anchor !== undefined && resolved.endsWith('.md') && !headings(resolved).has(anchor))
          broken.push(`${file}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('keep README.md a front door: at most 300 lines of at most 120 characters, no dates in its prose', () => {
    const text = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(text.trimEnd().split('\n').length).toBeLessThanOrEqual(300);
    // Samples are what the programs print, line for line; the prose around them is ours to keep short.
    const prose = text.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');
    expect(prose.split('\n').filter((line) => [...line].length > 120)).toEqual([]);
    expect(prose.match(/\b20\d\d-\d\d-\d\d\b/g) ?? []).toEqual([]);
  });
});

/** GitHub's anchors of a page's headings: lower case, punctuation dropped, spaces as hyphens. */
function headings(path: string): Set<string> {
  const anchors = new Set<string>();
  for (const [, heading = ''] of readFileSync(path, 'utf8').matchAll(/^#+ (.+)$/gm)) {
    anchors.add(
      heading
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\- _]/gu, '')
        .replace(/ /g, '-'),
    );
  }
  return anchors;
}

function testFiles(dir: string, pattern = /\.ts$/): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : testFiles(path, pattern);
    return pattern.test(name) ? [path] : [];
  });
}

/** The map's first column: a name indented two spaces is in the folder line above it; deeper lines continue one. */
function codeMapPaths(body: string): string[] {
  let folder = '';
  const paths: string[] = [];
  for (const line of body.split('\n')) {
    const entry = /^(\s*)(\S+)/.exec(line);
    if (!entry) continue;
    const [, indent, name = ''] = entry;
    if (indent === '') {
      if (name.endsWith('/')) folder = name;
      paths.push(name.replace(/\/$/, ''));
    } else if (indent === '  ') {
      paths.push(join(folder, name).replace(/\/$/, ''));
    }
  }
  return paths;
}

function inFolder(path: string, glob: string): boolean {
  const folder = glob.slice(0, -'*.ts'.length);
  return path.startsWith(folder) && !path.slice(folder.length).includes('/') && path.endsWith('.ts');
}

// ---------------------------------------------------------------------------------------------
// A shop-api project with one afternoon's session (a JWT login, a failing test, its fix, a
// Korean commit message) and a web project's session the day before, captured through the hooks.

const SHOP = (box: Sandbox) => join(box.home, 'work', 'shop-api');
const WEB = (box: Sandbox) => join(box.home, 'work', 'web');
const at = (iso: string) => ({ CLAUDE_MEMORY_NOW: iso });

/** The steps as hook events, each tool call with a fixed tool_use_id (the helpers' carry the test's pid). */
function events(steps: ReadonlyArray<readonly [string, HookEvent['hook'], Record<string, unknown>]>): HookEvent[] {
  let call = 0;
  return steps.map(([time, hook, payload]): HookEvent => {
    if (hook !== 'post-tool-use') return { hook, payload, env: at(time) };
    call += 1;
    return {
      hook,
      payload: { ...payload, tool_use_id: `toolu_01Demo${String(call).padStart(6, '0')}` },
      env: at(time),
    };
  });
}

async function captureShopAndWeb(box: Sandbox): Promise<void> {
  for (const dir of [SHOP(box), WEB(box)]) mkdirSync(join(dir, '.git'), { recursive: true });
  const shop = { session_id: '5b1c0a52-api', cwd: SHOP(box) };
  const web = { session_id: '7d3c1e2a-web', cwd: WEB(box) };
  const file = (project: string, path: string) => join(project, path);
  const steps: [string, HookEvent['hook'], Record<string, unknown>][] = [
    [
      '2026-03-09T08:00:00Z',
      'post-tool-use',
      postToolUse(
        box,
        'Edit',
        { file_path: file(WEB(box), 'src/theme.ts'), old_string: "mode: 'light'", new_string: "mode: prefers('dark')" },
        {},
        web,
      ),
    ],
    [
      '2026-03-09T08:03:00Z',
      'post-tool-use',
      postToolUse(box, 'Bash', { command: 'npm run build' }, bashResponse(), web),
    ],
    [
      '2026-03-09T08:05:00Z',
      'post-tool-use',
      postToolUse(box, 'Bash', { command: 'git commit -am "feat: dark mode toggle"' }, bashResponse(), web),
    ],
    ['2026-03-09T08:05:30Z', 'stop', stop(web)],
    ['2026-03-10T08:20:00Z', 'user-prompt-submit', prompt(shop, 'JWT 인증을 추가하고 로그인 라우트에 붙여줘')],
    [
      '2026-03-10T08:21:00Z',
      'post-tool-use',
      postToolUse(
        box,
        'Write',
        {
          file_path: file(SHOP(box), 'src/auth/jwt.ts'),
          content:
            "import jwt from 'jsonwebtoken';\n// JWT 인증을 추가: 토큰 발급과 검증\nexport function signToken(userId: string) {\n  return jwt.sign({ sub: userId }, process.env.JWT_SECRET, { expiresIn: '15m' });\n}\n",
        },
        { type: 'create' },
        shop,
      ),
    ],
    [
      '2026-03-10T08:25:00Z',
      'post-tool-use',
      postToolUse(
        box,
        'Edit',
        {
          file_path: file(SHOP(box), 'src/routes/login.ts'),
          old_string: 'res.json({ ok: true })',
          new_string: 'res.json({ token: signToken(user.id) })',
        },
        {},
        shop,
      ),
    ],
    [
      '2026-03-10T08:27:00Z',
      'post-tool-use',
      postToolUseFailure(
        box,
        'Bash',
        { command: 'npm test -- auth' },
        'Exit code 1\nFAIL src/auth/jwt.test.ts\nError: secretOrPrivateKey must have a value',
        shop,
      ),
    ],
    [
      '2026-03-10T08:29:00Z',
      'post-tool-use',
      postToolUse(
        box,
        'Edit',
        {
          file_path: file(SHOP(box), 'src/auth/jwt.ts'),
          old_string: 'process.env.JWT_SECRET',
          new_string: 'config.jwtSecret',
        },
        {},
        shop,
      ),
    ],
    [
      '2026-03-10T08:30:00Z',
      'post-tool-use',
      postToolUse(
        box,
        'Edit',
        {
          file_path: file(SHOP(box), 'src/middleware/errorHandler.ts'),
          old_string: 'res.status(500)',
          new_string: 'res.status(err.status ?? 500)',
        },
        {},
        shop,
      ),
    ],
    [
      '2026-03-10T08:35:00Z',
      'post-tool-use',
      postToolUse(box, 'Bash', { command: 'npm test -- auth' }, bashResponse('Tests: 4 passed'), shop),
    ],
    [
      '2026-03-10T08:40:00Z',
      'post-tool-use',
      postToolUse(box, 'Bash', { command: 'git commit -am "JWT 인증 추가"' }, bashResponse(), shop),
    ],
    ['2026-03-10T08:41:00Z', 'stop', stop(shop, 'JWT login is in place and the auth tests pass.')],
  ];
  const result = await runHooksInOneProcess(events(steps), { env: { ...box.env, TZ: 'UTC' } });
  if (result.code !== 0 || result.stderr !== '' || result.stdout !== '')
    throw new Error(`the hooks failed (${result.code}): ${result.stderr}${result.stdout}`);
}

function stop(where: { session_id: string; cwd: string }, lastAnswer?: string): Record<string, unknown> {
  return {
    ...where,
    transcript_path: join(where.cwd, 'no-transcript.jsonl'),
    hook_event_name: 'Stop',
    stop_hook_active: false,
    ...(lastAnswer === undefined ? {} : { last_assistant_message: lastAnswer }),
  };
}

function prompt(where: { session_id: string; cwd: string }, text: string): Record<string, unknown> {
  return {
    ...where,
    transcript_path: join(where.cwd, 'no-transcript.jsonl'),
    permission_mode: 'default',
    hook_event_name: 'UserPromptSubmit',
    prompt: text,
  };
}

/** What a sample does not keep: the sandbox's HOME (shown as /home/me) and the database's size. */
function shown(box: Sandbox, text: string): string {
  return normalise(text, [
    [box.home, '/home/me'],
    [/Database {5}\S+ \S+ \+ \S+ \S+ WAL/, 'Database     … KB + … WAL'],
  ]);
}

describe('samples of memory search, memory show and memory forget', () => {
  const world = useSharedSandbox(captureShopAndWeb);
  const cli = (args: readonly string[], cwd?: string): Promise<RunResult> =>
    memoryCli(cwd === undefined ? world() : { ...world(), project: cwd }, args);

  it('search by words, substrings and a plain scan, and no match', async () => {
    const runs: [string, RunResult][] = [];
    for (const words of [['JWT', '인증'], ['andle'], ['토큰', '발급'], ['kubernetes']]) {
      runs.push([`memory search ${words.join(' ')}`, await cli(['search', ...words])]);
    }
    expectDocSample('search-tiers', shown(world(), terminal(runs)));
    const fixed = await cli(['search', 'secretOrPrivateKey']);
    expectDocSample('search-words', shown(world(), terminal([['memory search secretOrPrivateKey', fixed]])));
    const unknown = await cli(['search', 'npm', '--project', 'shop']);
    expectDocSample(
      'search-unknown-project',
      shown(world(), terminal([['memory search npm --project shop', unknown]])),
    );
    const bridged = await cli(['search', '토큰', '에러', '--explain', '--limit', '2']);
    expectDocSample(
      'search-bridge',
      shown(world(), terminal([['memory search 토큰 에러 --explain --limit 2', bridged]])),
    );
  });

  it('recent memories, one as JSON, summaries and stats', async () => {
    const runs: [string, RunResult][] = [
      ['memory search --recent --limit 3', await cli(['search', '--recent', '--limit', '3'])],
      [
        'memory search --recent --here --type error --json',
        await cli(['search', '--recent', '--here', '--type', 'error', '--json'], SHOP(world())),
      ],
      ['memory search --summaries', await cli(['search', '--summaries'])],
    ];
    expectDocSample('search-recent', shown(world(), terminal(runs)));
    expectDocSample(
      'search-stats',
      shown(world(), terminal([['memory search --stats', await cli(['search', '--stats'])]])),
    );
  });

  it('one memory in full, with its neighbours', async () => {
    const result = await cli(['show', '6', '--context', '1']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expectDocSample('show', shown(world(), terminal([['memory show 6 --context 1', result]])));
  });

  it('usage errors', async () => {
    const empty = sandbox();
    const runs: [string, RunResult][] = [
      ['memory search --limit 0 --recent', await cli(['search', '--limit', '0', '--recent'])],
      ['memory search JWT', await memoryCli(empty, ['search', 'JWT'])],
    ];
    expectDocSample(
      'search-errors',
      normalise(terminal(runs), [
        [world().home, '/home/me'],
        [empty.home, '/home/me'],
      ]),
    );
  });

  it('forget: what it would do, then doing it', async () => {
    const box = sandbox();
    await captureShopAndWeb(box);
    const runs: [string, RunResult][] = [];
    for (const args of [
      ['forget', '--match', 'secretOrPrivateKey'],
      ['forget', '--match', 'secretOrPrivateKey', '--yes'],
      ['forget', '--project', 'web', '--before', '12h', '--yes', '--json'],
    ]) {
      runs.push([`memory ${args.join(' ')}`, await memoryCli(box, args)]);
    }
    expectDocSample('forget', shown(box, terminal(runs)));
  });
});

// ---------------------------------------------------------------------------------------------
// What the next session's model sees: two sessions of a greeter project (a helper whose test
// failed, then its fix), then SessionStart for a new one.

describe('the <memory-context> block', () => {
  it('is what SessionStart prints after two sessions of a project', async () => {
    const box = sandbox();
    const greeter = join(box.home, 'work', 'greeter');
    mkdirSync(join(greeter, '.git'), { recursive: true });
    const one = { session_id: 'greet-1', cwd: greeter };
    const two = { session_id: 'greet-2', cwd: greeter };
    const js = join(greeter, 'src', 'greet.js');
    const steps: [string, HookEvent['hook'], Record<string, unknown>][] = [
      ['2026-03-10T10:00:00Z', 'user-prompt-submit', prompt(one, 'Add a greet() helper and run the tests')],
      [
        '2026-03-10T10:01:00Z',
        'post-tool-use',
        postToolUse(
          box,
          'Write',
          { file_path: js, content: 'exports.greet = (name) => `Hi ${name}`;\n' },
          { type: 'create' },
          one,
        ),
      ],
      [
        '2026-03-10T10:02:00Z',
        'post-tool-use',
        postToolUse(box, 'Bash', { command: 'npm run build' }, bashResponse(), one),
      ],
      [
        '2026-03-10T10:03:00Z',
        'post-tool-use',
        postToolUseFailure(
          box,
          'Bash',
          { command: 'npm test' },
          "Exit code 1\nAssertionError [ERR_ASSERTION]: Expected values to be strictly equal:\n\n'Hi Ada' !== 'Hello, Ada!'",
          one,
        ),
      ],
      [
        '2026-03-10T10:04:00Z',
        'post-tool-use',
        postToolUse(box, 'Edit', { file_path: js, old_string: '`Hi ${name}`', new_string: '`Hello ${name}`' }, {}, one),
      ],
      ['2026-03-10T10:05:00Z', 'stop', stop(one, 'greet() exists; the test still fails on the comma.')],
      ['2026-03-10T10:30:00Z', 'user-prompt-submit', prompt(two, 'Make greet() say Hello, Ada! so the test passes')],
      [
        '2026-03-10T10:31:00Z',
        'post-tool-use',
        postToolUse(
          box,
          'Edit',
          { file_path: js, old_string: '`Hello ${name}`', new_string: '`Hello, ${name}!`' },
          {},
          two,
        ),
      ],
      [
        '2026-03-10T10:32:00Z',
        'post-tool-use',
        postToolUse(box, 'Bash', { command: 'npm test' }, bashResponse('ok'), two),
      ],
      [
        '2026-03-10T10:33:00Z',
        'stop',
        stop(two, 'greet() now says "Hello, Ada!" and the test passes. Next I would add a test for an empty name.'),
      ],
    ];
    const filled = await runHooksInOneProcess(events(steps), { env: { ...box.env, TZ: 'UTC' } });
    expect(filled).toMatchObject({ code: 0, stdout: '', stderr: '' });

    const start = await runHook(
      'session-start',
      {
        session_id: 'greet-3',
        transcript_path: '/t.jsonl',
        cwd: greeter,
        hook_event_name: 'SessionStart',
        source: 'startup',
      },
      { env: { ...box.env, CLAUDE_MEMORY_NOW: '2026-03-10T11:00:00Z' } },
    );
    expect(start).toMatchObject({ code: 0, stderr: '' });
    const output = JSON.parse(start.stdout) as { hookSpecificOutput: { additionalContext: string } };
    expectDocSample('memory-context', output.hookSpecificOutput.additionalContext);
  });
});

// ---------------------------------------------------------------------------------------------

describe('memory recall --explain', () => {
  it('shows the gate, the words, the candidates and the block the hook would inject', async () => {
    const box = sandbox();
    seed(box, projectHistory(box));
    // Words only the failing run holds: its score does not depend on the other rows' lengths, which
    // follow the sandbox's random path.
    const words = 'the login test that fails';
    const result = await memoryCli(box, ['recall', '--explain', words]);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const text = normalise(result.stdout, [[box.home, '/home/you']]);
    expectDocSample('recall-explain', terminal([[`memory recall --explain "${words}"`, { ...result, stdout: text }]]));
    expectDocSample('recall-block', /<memory-recall[\s\S]*<\/memory-recall>/.exec(text)?.[0] ?? '(no block)');
  });
});
