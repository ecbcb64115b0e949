// Codex's apply_patch text → one change per file: added (its lines), deleted, updated (its hunks as
// old/new text pairs), moved. Paths as the patch gives them (absolute in live payloads, relative in
// the format's own examples). Pure; a text that is not a patch gives no changes.

export interface PatchHunk {
  /** The hunk's removed lines and its added lines, each joined with newlines. */
  readonly before: string;
  readonly after: string;
}

export type PatchChange =
  | { readonly op: 'add'; readonly path: string; readonly content: string }
  | { readonly op: 'delete'; readonly path: string }
  | { readonly op: 'update'; readonly path: string; readonly movedTo: string | null; readonly hunks: PatchHunk[] };

const ADD = '*** Add File: ';
const DELETE = '*** Delete File: ';
const UPDATE = '*** Update File: ';
const MOVE = '*** Move to: ';

export function parsePatch(text: string): PatchChange[] {
  const lines = text.split(/\r?\n/);
  const changes: PatchChange[] = [];
  let added: string[] | null = null;
  let addPath = '';
  let update: { path: string; movedTo: string | null; hunks: PatchHunk[] } | null = null;
  let before: string[] = [];
  let after: string[] = [];
  const closeHunk = (): void => {
    if (update && (before.length > 0 || after.length > 0))
      update.hunks.push({ before: before.join('\n'), after: after.join('\n') });
    before = [];
    after = [];
  };
  const closeFile = (): void => {
    if (added !== null)
      changes.push({ op: 'add', path: addPath, content: added.length ? `${added.join('\n')}\n` : '' });
    added = null;
    closeHunk();
    if (update) changes.push({ op: 'update', ...update });
    update = null;
  };
  for (const line of lines) {
    if (line.startsWith(ADD)) {
      closeFile();
      addPath = line.slice(ADD.length).trim();
      added = [];
    } else if (line.startsWith(DELETE)) {
      closeFile();
      changes.push({ op: 'delete', path: line.slice(DELETE.length).trim() });
    } else if (line.startsWith(UPDATE)) {
      closeFile();
      update = { path: line.slice(UPDATE.length).trim(), movedTo: null, hunks: [] };
    } else if (line.startsWith(MOVE) && update) {
      update.movedTo = line.slice(MOVE.length).trim();
    } else if (line.startsWith('*** ')) {
      // *** End Patch, *** End of File, *** Begin Patch
      if (line.startsWith('*** End Patch')) closeFile();
    } else if (added !== null) {
      if (line.startsWith('+')) added.push(line.slice(1));
    } else if (update) {
      if (line.startsWith('@@')) closeHunk();
      else if (line.startsWith('-')) before.push(line.slice(1));
      else if (line.startsWith('+')) after.push(line.slice(1));
    }
  }
  closeFile();
  return changes.filter((change) => change.path !== '');
}
