// Enforces the layout the folders state: hooks/ is wiring over lib/hook/; lib/db/ alone opens the driver
// and imports no display code; SQL lives in lib/db/ or in a subject's queries module; the pure modules
// never reach lib/db/; a hook's import graph holds no CLI, import or install code.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph } from '../bench/import-graph.js';
import { DIST, ROOT, RUNTIME, sandbox } from './helpers.js';

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return [
    ...text.matchAll(
      /^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm,
    ),
  ].map((m) => (m[1] ?? m[2] ?? m[3]) as string);
}

/** Our source files `file` imports, as repository paths (`lib/db/open.ts`). */
function localImports(file: string): string[] {
  return importsOf(file)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => relative(ROOT, resolve(ROOT, dirname(file), spec)).replace(/\.js$/, '.ts'));
}

/** Every source file reachable from `file` through our own imports (itself excluded). */
function reachable(file: string): Set<string> {
  const seen = new Set<string>();
  const queue = localImports(file);
  while (queue.length > 0) {
    const next = queue.pop() as string;
    if (seen.has(next)) continue;
    seen.add(next);
    queue.push(...localImports(next));
  }
  return seen;
}

const lib = sourceFiles('lib');
const hooks = sourceFiles('hooks');
const commands = sourceFiles('commands');

// Decisions over values, no I/O: they must never reach the database, so they stay testable alone.
const PURE = [
  'lib/memory.ts',
  'lib/capture/capture.ts',
  'lib/capture/command-capture.ts',
  'lib/capture/draft-text.ts',
  'lib/session/summary.ts',
  'lib/session/context.ts',
  'lib/capture/shell.ts',
  'lib/capture/shell-words.ts',
  'lib/capture/noise-commands.ts',
  'lib/redact/redact.ts',
  'lib/text/sanitize.ts',
  'lib/text/bounded.ts',
  'lib/narrow.ts',
  'lib/agents/events.ts',
  'lib/agents/output.ts',
  'lib/agents/claude-code/payload.ts',
  'lib/agents/codex/patch.ts',
  'lib/agents/gemini/payload.ts',
  'lib/search/plan.ts',
  'lib/search/snippet.ts',
  'lib/search/filters.ts',
  'lib/import/pairing.ts',
  'lib/ui/security.ts',
  'lib/ui/wire.ts',
  'lib/text/identifiers.ts',
  'lib/search/words.ts',
  // The team server's word keys (search vocabulary, like words.ts), made where rows are pushed and searched.
  'lib/team/keys.ts',
  'lib/search/rank.ts',
  'lib/recall/gate.ts',
  'lib/recall/words.ts',
  'lib/recall/score.ts',
  'lib/recall/render.ts',
  'lib/language/korean.ts',
  'lib/language/bridges.ts',
  'lib/language/bridge-table.ts',
  'lib/language/bridge-samples.ts',
];
// What the storage core may import besides itself: the vocabulary, the text its indexes hold, and the few
// runtime facts it needs.
const DB_MAY_IMPORT = [
  'lib/memory.ts',
  // Whether this copy is the plugin, whose better-sqlite3 needs a newer Node-API.
  'lib/io/safe-fs.ts',
  // Node's crypto, loaded where a tombstone's digest is made.
  'lib/runtime/builtins.ts',
  'lib/runtime/own-files.ts',
  'lib/text/identifiers.ts',
];

/** Where SQL may be written: the storage core, and each subject's queries (and server schema) modules. */
const holdsSql = (file: string): boolean =>
  file.startsWith('lib/db/') || /^lib\/[\w-]+\/(?:[\w-]+-)?(?:queries|schema)\.ts$/.test(file);

// The layers, top to bottom. A module imports only from its own folder or a folder in a lower layer, so
// the arrows run down; and no modules import each other in a circle, not even two files of one folder.
// (lib/ is lib/'s top level: the vocabulary every subject shares.)
const LAYERS: ReadonlyArray<readonly string[]> = [
  ['hooks', 'commands'],
  // Every check of `memory doctor`, over whatever it checks (the installation, the MCP registration, the team).
  ['lib/doctor'],
  ['lib/hook', 'lib/install'],
  ['lib/mcp', 'lib/ui'],
  ['lib/forget'],
  ['lib/team'],
  ['lib/import'],
  ['lib/faults', 'lib/overview'],
  ['lib/recall'],
  // Over the storage core: the search engine and its queries; a session's summary and the block
  // SessionStart prints, with what the block reads.
  ['lib/search', 'lib/session'],
  // The storage core: connection, driver, schema and migrations, the tables every subject shares.
  ['lib/db'],
  ['lib/capture'],
  ['lib/redact', 'lib/language'],
  // Each coding agent's adapter (its wire types → domain events), how a program starts and ends, text
  // helpers, the settings.
  ['lib/agents', 'lib/runtime', 'lib/text', 'lib/config'],
  ['lib/io'],
  ['lib'],
];

/** The folder a module belongs to, as LAYERS names it (lib/team/server/x.ts would belong to lib/team). */
function folderOf(file: string): string {
  const parts = file.split('/');
  if (parts[0] !== 'lib') return parts[0] as string;
  return parts.length > 2 ? `lib/${parts[1]}` : 'lib';
}

const layerOf = new Map(LAYERS.flatMap((folders, index) => folders.map((folder) => [folder, index] as const)));

describe('layers', () => {
  const sources = [...hooks, ...commands, ...lib];

  it('put every folder in a layer', () => {
    expect([...new Set(sources.map(folderOf))].filter((folder) => !layerOf.has(folder))).toEqual([]);
  });

  it('let imports run only down: to the same folder or a lower layer', () => {
    const upward = sources.flatMap((file) =>
      localImports(file)
        .filter((target) => folderOf(target) !== folderOf(file))
        .filter((target) => (layerOf.get(folderOf(target)) ?? -1) <= (layerOf.get(folderOf(file)) ?? -1))
        .map((target) => `${file} → ${target}`),
    );
    expect(upward).toEqual([]);
  });

  it('have no import cycles, not even inside a folder', () => {
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (file: string, path: string[]): void => {
      state.set(file, 'open');
      for (const next of localImports(file)) {
        if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), file, next].join(' → '));
        else if (!state.has(next)) visit(next, [...path, file]);
      }
      state.set(file, 'done');
    };
    for (const file of sources) if (!state.has(file)) visit(file, []);
    expect(cycles).toEqual([]);
  });
});

describe('architecture', () => {
  it('keeps hook entry points to wiring over lib/hook/', () => {
    for (const file of hooks) {
      expect(readFileSync(join(ROOT, file), 'utf8').split('\n').length, file).toBeLessThanOrEqual(30);
      for (const spec of importsOf(file))
        expect(spec.startsWith('../lib/hook/') || spec.startsWith('node:'), `${file} imports ${spec}`).toBe(true);
    }
  });

  it('lets nothing import hooks/ or commands/', () => {
    for (const file of [...lib, ...hooks, ...commands]) {
      for (const target of localImports(file)) {
        if (file.startsWith('commands/') && target.startsWith('commands/')) continue;
        expect(target.startsWith('hooks/') || target.startsWith('commands/'), `${file} imports ${target}`).toBe(false);
      }
    }
  });

  it('keeps the browser code to itself: from lib/ only the wire types, and no Node built-ins', () => {
    for (const file of sourceFiles('web')) {
      for (const spec of importsOf(file)) {
        if (spec.startsWith('./') || spec === 'uplot' || spec === 'uplot/dist/uPlot.min.css') continue;
        expect(spec, `${file} imports ${spec}`).toBe('../lib/ui/wire.js');
        expect(readFileSync(join(ROOT, file), 'utf8'), file).toMatch(/^import type .*'\.\.\/lib\/ui\/wire\.js';$/m);
      }
    }
  });

  it('opens the driver only under lib/db/', () => {
    for (const file of [...lib, ...hooks, ...commands]) {
      if (file.startsWith('lib/db/')) continue;
      expect(
        importsOf(file).filter((spec) => spec === 'better-sqlite3' || spec === 'node:sqlite'),
        file,
      ).toEqual([]);
    }
  });

  it("writes SQL only in lib/db/ and in a subject's queries module", () => {
    const sql =
      /\b(?:SELECT\s+[\w*(]|INSERT\s+INTO|DELETE\s+FROM|CREATE\s+(?:TABLE|INDEX|TRIGGER|VIRTUAL)|UPDATE\s+\w+\s+SET|PRAGMA\s)/;
    for (const file of [...lib, ...hooks, ...commands]) {
      if (holdsSql(file)) continue;
      expect(sql.test(readFileSync(join(ROOT, file), 'utf8')), file).toBe(false);
    }
  });

  it('casts every bound rowid an FTS5 query is limited by', () => {
    // better-sqlite3 binds a JS number as a REAL, and FTS5 seeks by a rowid bound only when it is an
    // INTEGER: uncast, the bound still filters the rows but the whole word list is walked.
    const uncast = /\browid\s*(?:<=|>=|<|>|=)\s*[@?]|\bBETWEEN\s+[@?]|\bBETWEEN\s+\S+\s+AND\s+[@?]/i;
    for (const file of lib.filter(holdsSql)) {
      const queries = readFileSync(join(ROOT, file), 'utf8').match(/`[^`]*`/g) ?? [];
      const found = queries.filter((sql) => /\bMATCH\b/.test(sql) && uncast.test(sql));
      expect(found, file).toEqual([]);
    }
  });

  it('keeps display code out of lib/db/', () => {
    for (const file of lib.filter((f) => f.startsWith('lib/db/'))) {
      for (const target of localImports(file)) {
        expect(target.startsWith('lib/db/') || DB_MAY_IMPORT.includes(target), `${file} imports ${target}`).toBe(true);
      }
    }
  });

  it('never lets a pure module reach lib/db/', () => {
    for (const file of PURE) {
      expect(lib, file).toContain(file);
      expect(
        [...reachable(file)].filter((target) => target.startsWith('lib/db/')),
        file,
      ).toEqual([]);
    }
  });

  it('keeps timings out of comments: they live in BENCHMARKS.md', () => {
    const timed = [...hooks, ...commands, ...lib].flatMap((file) =>
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .filter((line) => /^\s*(?:\/\/|\*)/.test(line) && /\d\s?(?:ms|µs)\b|\d\s?[kKM]B\b/.test(line))
        .map((line) => `${file}: ${line.trim()}`),
    );
    expect(timed).toEqual([]);
  });

  it('keeps process exits, console and argv out of lib/', () => {
    for (const file of lib) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      expect(/process\.exit\(|console\.|process\.argv/.test(text), file).toBe(false);
    }
  });

  it('never loads commander or picocolors from a hook, and only better-sqlite3 from npm', () => {
    for (const hook of ['session-start', 'post-tool-use', 'stop', 'user-prompt-submit', '_cleanup']) {
      const { packages } = importGraph(join(DIST, 'hooks', `${hook}.js`));
      // better-sqlite3 is required lazily by lib/db/driver.ts (after the Node checks), not imported.
      expect(
        [...packages].filter((name) => name !== 'better-sqlite3'),
        hook,
      ).toEqual([]);
    }
  });

  it('loads no CLI, search, import or install code from a hook', () => {
    for (const hook of ['session-start', 'post-tool-use', 'stop', 'user-prompt-submit', '_cleanup']) {
      const files = importGraph(join(DIST, 'hooks', `${hook}.js`)).files.map((file) => relative(DIST, file));
      // Stop completes its session from the transcript: it reads lines, pairs calls and follows their
      // intent as the import does (lib/import/transcript.ts, pairing.ts, intent.ts), and nothing else of the import.
      // UserPromptSubmit's recall ranks with search's own engine (lib/search/best-match-queries.ts and
      // what it reads), and nothing else of search.
      const shared =
        hook === 'stop'
          ? /^lib\/import\/(?:transcript|pairing|intent)\.js$/
          : hook === 'user-prompt-submit'
            ? SEARCH_FOR_RECALL
            : /$^/;
      const foreign = files.filter(
        (file) => /^(?:commands|lib\/(?:import|install|search))\//.test(file) && !shared.test(file),
      );
      expect(foreign, hook).toEqual([]);
      expect(files.filter((file) => file.startsWith('lib/hook/')).length, hook).toBeGreaterThan(0);
    }
  });
});

// What Claude Code runs (dist/runtime/dist/hooks/, see scripts/build.ts): each hook as a start file of
// the hook's name (lib/runtime/start.ts) that turns on Node's compile cache and loads the hook's bundle,
// <hook>.main.js.
const HOOK_BUNDLES = ['session-start', 'post-tool-use', 'stop', 'user-prompt-submit', '_cleanup'];
/** Parsing is part of every hook's start-up: a bundle past this has pulled in something it should not. */
const MAX_HOOK_BUNDLE_BYTES = 150 * 1024;
/**
 * The hooks that store prose carry the rules for secrets said in words (lib/redact/prose-rules.ts): the
 * prompt hook for the prompt, Stop for the request and last answer of its summary; Stop also completes
 * its session from the transcript, and with it each call's intent (lib/capture/intent.ts,
 * lib/import/intent.ts, and the migration that indexes it). The rules cost no measurable start-up time
 * (BENCHMARKS.md, "What a bundle holds").
 */
/**
 * UserPromptSubmit also carries search's engine, which recall ranks with (lib/search's ranking, its word
 * lookups and the queries they run).
 */
/**
 * Every hook carries each agent's adapter (its payloads → domain events: about 3 KB an agent), since
 * one bundle serves every agent; post-tool-use, Stop and the prompt hook carry all five.
 */
const MAX_BUNDLE_BYTES: Readonly<Record<string, number>> = {
  'post-tool-use': 157 * 1024,
  stop: 170 * 1024,
  'user-prompt-submit': 173 * 1024,
};
/** The search modules recall's ranking is made of (built .js or source .ts). */
const SEARCH_FOR_RECALL =
  /^lib\/search\/(?:best-match-queries|word-queries|placement-queries|fix-queries|rank|words|plan|queries|summary-queries)\.[jt]s$/;
const hookFile = (name: string): string => join(RUNTIME, 'dist', 'hooks', name);
const bundlesOf = (hook: string): string[] => [hookFile(`${hook}.main.js`)];
const launcherPath = (hook: string): string => hookFile(`${hook}.js`);

describe('the runtime bundles', () => {
  // One character past ASCII (a `…` in a regular expression, which esbuild does not escape) and V8
  // holds the whole source as two-byte text: twice the memory, and ~0.2 ms more to read a handler.
  it('are ASCII, every one of them', () => {
    const bundles = readdirSync(join(RUNTIME, 'dist'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.c?js$/.test(file))
      .map((file) => join(RUNTIME, 'dist', file));
    expect(bundles.length).toBeGreaterThan(10);
    const wide = bundles.flatMap((bundle) =>
      [...readFileSync(bundle, 'utf8').matchAll(/.{0,30}[^\x00-\x7f].{0,10}/g)].map(
        (match) => `${bundle}: ${match[0]}`,
      ),
    );
    expect(wide).toEqual([]);
  });
});

describe('the hook bundles', () => {
  const meta = JSON.parse(readFileSync(join(DIST, 'bundle-meta.json'), 'utf8')) as {
    outputs: Record<string, { inputs: Record<string, { bytesInOutput?: number }> }>;
  };
  const inputsOf = (bundle: string): string[] => Object.keys(meta.outputs[relative(ROOT, bundle)]?.inputs ?? {});

  it.each(HOOK_BUNDLES)('%s stays under 150 KB (post-tool-use: 157 KB, stop: 170 KB, a prompt: 173 KB)', (hook) => {
    // The Korean ↔ English bridge table is data the prompt hook's recall carries on purpose (one
    // string, read into a map only for a Korean word): it is not counted against the budget.
    const carried = (bundle: string): number =>
      meta.outputs[relative(ROOT, bundle)]?.inputs['lib/language/bridge-table.ts']?.bytesInOutput ?? 0;
    for (const bundle of bundlesOf(hook))
      expect(statSync(bundle).size - carried(bundle), bundle).toBeLessThanOrEqual(
        MAX_BUNDLE_BYTES[hook] ?? MAX_HOOK_BUNDLE_BYTES,
      );
  });

  it.each(HOOK_BUNDLES)('%s starts from lib/runtime/start.ts alone, which loads the bundle beside it', (hook) => {
    // The start file and the one place exit codes are set (with the error types it reads).
    expect(inputsOf(launcherPath(hook)).sort()).toEqual([
      'lib/errors.ts',
      'lib/narrow.ts',
      'lib/runtime/code-cache.ts',
      'lib/runtime/exit.ts',
      'lib/runtime/start.ts',
    ]);
    expect(inputsOf(hookFile(`${hook}.main.js`))).not.toContain('lib/runtime/start.ts');
  });

  it.each(HOOK_BUNDLES)('%s holds no commander, picocolors, CLI, search, import or install code', (hook) => {
    const inputs = bundlesOf(hook).flatMap(inputsOf);
    expect(
      inputs.filter((file) => file.startsWith('hooks/')),
      hook,
    ).toEqual([`hooks/${hook}.ts`]);
    // Stop completes its session from the transcript: it reads lines, pairs calls and follows their
    // intent as the import does (lib/import/transcript.ts, pairing.ts, intent.ts), and nothing else of the import.
    const shared =
      hook === 'stop'
        ? /^lib\/import\/(?:transcript|pairing|intent)\.ts$/
        : hook === 'user-prompt-submit'
          ? SEARCH_FOR_RECALL
          : /$^/;
    expect(
      inputs.filter(
        (file) =>
          /node_modules\/(?:commander|picocolors|jsonc-parser|pg[^/]*)\/|^commands\/|^lib\/(?:import|install|search)\//.test(
            file,
          ) && !shared.test(file),
      ),
      hook,
    ).toEqual([]);
    for (const bundle of bundlesOf(hook)) {
      const text = readFileSync(bundle, 'utf8');
      for (const marker of ['CommanderError', 'picocolors', 'createColors'])
        expect(text.includes(marker), `${bundle} contains ${marker}`).toBe(false);
    }
  });

  it.each(['session-start', 'post-tool-use', 'stop'])(
    '%s loads nothing but itself and the addon at run time',
    (hook) => {
      const box = sandbox();
      const trace = join(box.home, 'trace.json');
      const payload =
        hook === 'post-tool-use'
          ? {
              session_id: 's',
              cwd: box.project,
              hook_event_name: 'PostToolUse',
              tool_name: 'Bash',
              tool_use_id: 'toolu_arch',
              tool_input: { command: 'npm test' },
              tool_response: { stdout: '', stderr: '' },
            }
          : {
              session_id: 's',
              cwd: box.project,
              hook_event_name: hook === 'stop' ? 'Stop' : 'SessionStart',
              source: 'startup',
            };
      // The tracer is the bench's (tsc output in dist/bench/): it records every require() at exit.
      const run = spawnSync(
        process.execPath,
        ['--require', join(DIST, 'bench', 'trace-modules.cjs'), launcherPath(hook)],
        { input: JSON.stringify(payload), env: { ...box.env, BENCH_TRACE_FILE: trace }, encoding: 'utf8' },
      );
      expect(run.status, run.stderr).toBe(0);
      const builtin = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
      const loaded = (JSON.parse(readFileSync(trace, 'utf8')) as string[]).filter((file) => !builtin.has(file));
      const packages = join(RUNTIME, 'node_modules');
      const addon = join(packages, 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
      // The start file and its bundle (which Node 20's code cache runs without require: lib/runtime/code-cache.ts),
      // then only better-sqlite3's package beside them (a native addon).
      const own = loaded.filter((file) => !file.startsWith(`${packages}/`));
      expect(own).toContain(launcherPath(hook));
      expect(own.filter((file) => file !== launcherPath(hook))).toEqual(
        own.length === 1 ? [] : [hookFile(`${hook}.main.js`)],
      );
      expect(
        loaded.filter(
          (file) =>
            file.startsWith(`${packages}/`) &&
            !/^(?:better-sqlite3|bindings|file-uri-to-path)\//.test(relative(packages, file)),
        ),
      ).toEqual([]);
      // A stored event opens the database.
      if (hook === 'post-tool-use') expect(loaded).toContain(addon);
    },
  );
});
