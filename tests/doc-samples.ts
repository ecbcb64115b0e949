// Sample output in README.md and docs/*.md is checked against the real programs, so it cannot drift.
// A sample is a fenced block right after a `<!-- sample: NAME -->` line; exactly one test produces
// NAME (it calls expectDocSample('NAME', …) with what the real CLI or hook printed) and compares.
// UPDATE_DOC_SAMPLES=1 writes the produced text into the block instead (docs/development.md).
import { closeSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { ROOT, type RunResult } from './helpers.js';

/** The markdown files whose fenced blocks are checked. */
export function docFiles(): string[] {
  const docs = join(ROOT, 'docs');
  const pages = readdirSync(docs)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => join('docs', name));
  return ['README.md', ...pages];
}

export interface FencedBlock {
  readonly file: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
  /** The info string after the opening fence (`sh`, `json`, or empty). */
  readonly info: string;
  /** NAME of the `<!-- sample: NAME -->` line just above the fence, if any. */
  readonly sample: string | null;
  /** The special marker just above the fence (`code-map`), if any. */
  readonly marker: string | null;
  readonly body: string;
}

const MARKER = /^<!-- (sample: ([a-z0-9-]+)|code-map) -->$/;
const FENCE = /^(`{3,})(.*)$/;

export function fencedBlocks(file: string, text = readFileSync(join(ROOT, file), 'utf8')): FencedBlock[] {
  const lines = text.split('\n');
  const blocks: FencedBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i] ?? '');
    if (!open) continue;
    const ticks = open[1] ?? '```';
    let end = i + 1;
    while (end < lines.length && !isClosing(lines[end] ?? '', ticks.length)) end++;
    const marker = MARKER.exec(lines[i - 1] ?? '');
    blocks.push({
      file,
      line: i + 1,
      info: (open[2] ?? '').trim(),
      sample: marker?.[2] ?? null,
      marker: marker && !marker[2] ? (marker[1] ?? null) : null,
      body: lines.slice(i + 1, end).join('\n'),
    });
    i = end;
  }
  return blocks;
}

function isClosing(line: string, ticks: number): boolean {
  return /^`{3,}\s*$/.test(line) && line.trim().length >= ticks;
}

/**
 * Replaces each `[from, to]` in order (strings everywhere, patterns as given): the explicit list of
 * what a sample does not keep from the run that made it (temp paths, ports, tokens, sizes).
 */
export function normalise(text: string, replacements: ReadonlyArray<readonly [string | RegExp, string]>): string {
  let out = text;
  for (const [from, to] of replacements)
    out = typeof from === 'string' ? out.split(from).join(to) : out.replace(from, to);
  return out;
}

/**
 * An installation's output as a sample: its temp HOME shown as /home/you, the Node that ran it as v22.x at
 * /usr/bin/node, the runtime's size (it changes with every build) as `…`, a backup's time as <time>.
 */
export function installShown(home: string, text: string): string {
  return normalise(text, [
    [home, '/home/you'],
    [process.execPath, '/usr/bin/node'],
    [process.version, 'v22.x'],
    [/\(\d+ KB:/, '(… KB:'],
    // Two backups within one second get a counter: the time says enough.
    [/bak-\d{8}T\d{6}Z(?:-\d+)?/g, 'bak-<time>'],
  ]);
}

/** Commands and what each printed, as a terminal shows them: `$ memory …`, stdout, stderr, a failing exit code. */
export function terminal(runs: ReadonlyArray<readonly [string, RunResult]>): string {
  return runs
    .map(([command, result]) => {
      const out = `${result.stdout}${result.stderr}`.replace(/\n+$/, '');
      const exit = result.code === 0 ? '' : `\n[exit ${String(result.code)}]`;
      return `$ ${command}${out === '' ? '' : `\n${out}`}${exit}`;
    })
    .join('\n\n');
}

/** Compares `actual` with every block marked `<!-- sample: name -->`; with UPDATE_DOC_SAMPLES=1, rewrites them. */
export function expectDocSample(name: string, actual: string): void {
  const text = actual.replace(/\n+$/, '');
  const files = docFiles();
  const found = files.flatMap((file) => fencedBlocks(file).filter((block) => block.sample === name));
  expect(
    found.map((block) => `${block.file}:${block.line}`),
    `no block is marked <!-- sample: ${name} -->`,
  ).not.toEqual([]);
  if (process.env['UPDATE_DOC_SAMPLES'] === '1') {
    for (const file of new Set(found.map((block) => block.file))) rewrite(file, name, text);
    return;
  }
  for (const block of found) {
    expect(block.body, `${block.file}:${block.line} (sample ${name}; UPDATE_DOC_SAMPLES=1 rewrites it)`).toBe(text);
  }
}

/** Puts `text` into the file's blocks marked `name`, under a lock: test files run in parallel workers. */
function rewrite(file: string, name: string, text: string): void {
  const lock = join(ROOT, `${file}.sample-lock`);
  let fd = -1;
  for (let tries = 0; fd < 0; tries++) {
    try {
      fd = openSync(lock, 'wx');
    } catch (error) {
      if (tries > 500) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
    }
  }
  try {
    const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
    for (const block of fencedBlocks(file, lines.join('\n')).reverse()) {
      if (block.sample !== name) continue;
      const bodyLines = block.body === '' ? 0 : block.body.split('\n').length;
      lines.splice(block.line, bodyLines, ...text.split('\n'));
    }
    writeFileSync(join(ROOT, file), lines.join('\n'));
  } finally {
    closeSync(fd);
    rmSync(lock, { force: true });
  }
}
