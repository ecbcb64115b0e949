import { describe, expect, it } from 'vitest';
import type { MemoryRow } from '../../lib/memory.js';
import { teamRecord, toPublicRecord } from '../../lib/memory-record.js';
import { schemaErrors } from '../record-schema.js';

const ROW: MemoryRow = {
  id: 7,
  session_id: 'sess-1',
  tool_name: 'Edit',
  type: 'file_edit',
  project: 'my-app',
  project_path: '/home/dev/my-app',
  file_path: '/home/dev/my-app/src/auth.ts',
  content: 'Edited auth.ts: added "JWT"\nsecond line',
  tags: 'edit,changed,ts',
  importance: 2,
  created_at: '2026-03-10T12:00:00.000Z',
  tool_use_id: 'toolu_1',
  agent_id: null,
  exit_code: null,
  source: 'hook',
  command_key: null,
  resolved_by: null,
  resolved_at: null,
  request: 'add JWT',
};

const TEAM_HIT = {
  id: '42',
  author: 'bob',
  host_name: 'bob-laptop',
  session_id: 'sess-9',
  tool_name: 'Bash',
  type: 'command',
  project: 'my-app',
  file_path: null,
  content: 'npm run migrate',
  tags: 'bash,npm',
  importance: 1,
  created_at: '2026-03-09T08:00:00.000Z',
};

describe('the public record', () => {
  it.each([
    [
      'keeps the columns under their names, the tool call id included, and splits the tags',
      toPublicRecord(ROW),
      {
        session_id: 'sess-1',
        tool: 'Edit',
        file_path: '/home/dev/my-app/src/auth.ts',
        tool_use_id: 'toolu_1',
        tags: ['edit', 'changed', 'ts'],
        request: 'add JWT',
      },
    ],
    [
      'marks a local memory with version 1 and origin local',
      toPublicRecord(ROW),
      { version: 1, origin: 'local', id: 7, excerpt: false },
    ],
    ['keeps the stored content whole by default', toPublicRecord(ROW), { content: ROW.content }],
    [
      'takes the content a view gives, marked as an excerpt',
      toPublicRecord(ROW, { content: { text: '…JWT…', excerpt: true } }),
      { content: '…JWT…', excerpt: true },
    ],
    [
      'passes every other string through the view with its bound',
      toPublicRecord(ROW, { text: (value, max) => `${value.slice(0, 3)}/${max}` }),
      { session_id: 'ses/80', tool: 'Edi/40', project: 'my-/100' },
    ],
    [
      'makes a team hit a team record without local-only facts',
      teamRecord(TEAM_HIT),
      {
        origin: 'team',
        id: 42,
        project_path: null,
        source: null,
        tool_use_id: null,
        author: 'bob',
        host: 'bob-laptop',
      },
    ],
  ])('%s', (_name, record, expected) => {
    expect(record).toMatchObject(expected);
    expect(schemaErrors(record)).toEqual([]);
  });

  it('leaves out storage-only columns', () => {
    expect(toPublicRecord(ROW)).not.toHaveProperty('command_key');
    expect(toPublicRecord(ROW)).not.toHaveProperty('tool_name');
  });

  it('a schema check names what is wrong', () => {
    const { version: _version, ...unversioned } = toPublicRecord(ROW);
    expect(schemaErrors({ ...unversioned, command_key: 'x', importance: 5 })).toEqual([
      '$: missing version',
      '$.importance: above maximum',
      '$: unexpected field command_key',
    ]);
  });
});
