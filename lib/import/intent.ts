// Follows a transcript's narration and todo state line by line, so each tool call can be given the
// intent around it: the assistant's last text in the call's thread, the todo or task in progress.
// Fed the parsed entries in file order; holds a few strings per thread, never the transcript.
import { NO_INTENT, type IntentParts } from '../intent.js';
import { objectOf, str } from '../unknown.js';
import { inProgressTodo, type LineMeta, type TranscriptEntry } from './transcript.js';

type ToolUse = Extract<TranscriptEntry, { kind: 'tool-use' }>;

/** A subagent's calls are narrated in its own thread; '' is the main one. */
function threadOf(meta: LineMeta | null): string {
  return meta?.agentId || (meta?.isSidechain ? 'sidechain' : '');
}

export class IntentTracker {
  private readonly narration = new Map<string, string>();
  private readonly todo = new Map<string, string>();
  /** TaskCreate's tasks by id (from its result), and the ids TaskUpdate set in progress, latest last. */
  private readonly tasks = new Map<string, string>();
  private readonly active: string[] = [];

  /** Takes in one parsed entry of the line `meta` describes. */
  see(entry: TranscriptEntry, meta: LineMeta | null): void {
    const thread = threadOf(meta);
    switch (entry.kind) {
      case 'narration':
        this.narration.set(thread, entry.text);
        return;
      case 'prompt':
        // A new request: what the assistant said before it is about the last one.
        this.narration.clear();
        return;
      case 'todos':
        this.todo.set(thread, entry.inProgress);
        return;
      case 'tool-use':
        this.toolUse(entry, thread);
        return;
      case 'tool-result': {
        // TaskCreate's result names the id it gave the task: `{task: {id, subject}}`.
        const task = typeof entry.structured === 'object' && entry.structured ? objectOf(entry.structured['task']) : {};
        const id = str(task['id']);
        if (id && str(task['subject'])) this.tasks.set(id, str(task['subject']));
        return;
      }
      default:
        return;
    }
  }

  /** The intent of a call made now in `meta`'s thread (description is the caller's: it depends on the result). */
  partsFor(meta: LineMeta | null): IntentParts {
    const thread = threadOf(meta);
    const narration = this.narration.get(thread) ?? '';
    let todo = this.todo.get(thread) ?? '';
    if (!todo) {
      const id = this.active[this.active.length - 1];
      todo = id === undefined ? '' : (this.tasks.get(id) ?? '');
    }
    return narration || todo ? { ...NO_INTENT, narration, todo } : NO_INTENT;
  }

  private toolUse(entry: ToolUse, thread: string): void {
    const { input } = entry;
    if (entry.name === 'TodoWrite') {
      this.todo.set(thread, inProgressTodo(input['todos']));
    } else if (entry.name === 'TaskUpdate') {
      const id = str(input['taskId']);
      if (!id) return;
      if (str(input['subject'])) this.tasks.set(id, str(input['subject']));
      const status = str(input['status']);
      if (!status) return;
      const at = this.active.indexOf(id);
      if (at !== -1) this.active.splice(at, 1);
      if (status === 'in_progress') this.active.push(id);
    }
  }
}
