// lib/paths.ts answers node:os's tmpdir() without loading node:os: the two must agree.
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { systemTempDir } from '../../lib/paths.js';

describe('systemTempDir', () => {
  it('is what os.tmpdir() says, whichever of TMPDIR, TMP and TEMP is set', () => {
    const names = ['TMPDIR', 'TMP', 'TEMP'] as const;
    const saved = names.map((name) => process.env[name]);
    const cases: Array<Partial<Record<(typeof names)[number], string>>> = [
      {},
      { TMPDIR: '/var/tmp' },
      { TMPDIR: '/var/tmp/' },
      { TMPDIR: '/' },
      { TMP: '/scratch/' },
      { TEMP: '/temp' },
      { TMPDIR: '', TMP: '/tmp2' },
      { TMPDIR: '/a', TMP: '/b', TEMP: '/c' },
    ];
    const seen: Array<[string, string]> = [];
    // Synchronous from here to the restore: no other test of this worker runs in between.
    try {
      for (const env of cases) {
        for (const name of names) delete process.env[name];
        Object.assign(process.env, env);
        seen.push([systemTempDir(), tmpdir()]);
      }
    } finally {
      names.forEach((name, i) => {
        const value = saved[i];
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      });
    }
    for (const [ours, node] of seen) expect(ours).toBe(node);
  });
});
