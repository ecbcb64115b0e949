// Which SQLite driver goes first. node:sqlite, part of Node, starts faster than an addon on Node 22 and
// newer, and better-sqlite3 12 (the runtime's; 13 needs Node 22) aborts Node 24 and newer when the
// garbage collector frees one of its objects; the plugin keeps its 13.
import { describe, expect, it } from 'vitest';
import { builtinFirst } from '../../../lib/db/driver.js';

describe('the SQLite driver', () => {
  it.each([
    ['20.20.2', 0, false],
    ['22.23.3', 0, true],
    ['22.16.0', 0, true],
    ['21.7.3', 0, false],
    ['24.21.0', 0, true],
    ['26.0.0', 0, true],
    // The plugin build sets the Node-API version its better-sqlite3 13 needs: no such abort there.
    ['24.21.0', 10, false],
    ['22.23.3', 10, false],
  ])('on Node %s with an addon needing Node-API %i, node:sqlite first: %s', (version, napi, expected) => {
    expect(builtinFirst(version, napi)).toBe(expected);
  });
});
