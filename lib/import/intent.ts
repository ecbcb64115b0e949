// Follows a transcript's narration and todo state line by line, so each tool call can be given the
// intent around it: the assistant's last text in the call's thread, the todo or task in progress.
// Fed the parsed entries in file order; holds a few strings, never the transcript. (Terse: the stop
// hook carries it, and its bundle has a size limit.)
import type { IntentParts } from '../capture/intent.js';
import { objectOf, str } from '../narrow.js';
import { inProgressTodo, type LineMeta, type TranscriptEntry } from './transcript.js';

/** A subagent's calls are narrated in its own thread; '' is the main one. */
const threadOf = (meta: LineMeta | null): string => meta?.agentId || (meta?.isSidechain ? 'sidechain' : '');

export class IntentTracker {
  private readonly said = new Map<string, string>();
  private todo = '';
  /** TaskCreate's subjects by the id its result gave them, and the task TaskUpdate last set in progress. */
  private readonly tasks = new Map<string, string>();
  private task = '';

  /** Takes in one parsed entry of the line `meta` describes. */
  see(entry: TranscriptEntry, meta: LineMeta | null): void {
    if (entry.kind === 'narration') this.said.set(threadOf(meta), entry.text);
    // A new request: what the assistant said before it was about the last one.
    else if (entry.kind === 'prompt') this.said.clear();
    else if (entry.kind === 'todos') this.todo = entry.inProgress;
    else if (entry.kind === 'tool-use') {
      const { input } = entry;
      if (entry.name === 'TodoWrite') this.todo = inProgressTodo(input['todos']);
      if (entry.name !== 'TaskUpdate' || !input['status']) return;
      if (input['status'] === 'in_progress') this.task = str(input['taskId']);
      else if (str(input['taskId']) === this.task) this.task = '';
    } else if (entry.kind === 'tool-result' && typeof entry.structured === 'object' && entry.structured) {
      const task = objectOf(entry.structured['task']);
      if (str(task['id'])) this.tasks.set(str(task['id']), str(task['subject']));
    }
  }

  /** The intent of a call made now in `meta`'s thread (the description is the caller's: it depends on the result). */
  partsFor(meta: LineMeta | null): IntentParts {
    const todo = this.todo || (this.tasks.get(this.task) ?? '');
    return { narration: this.said.get(threadOf(meta)) ?? '', todo, description: '' };
  }
}
