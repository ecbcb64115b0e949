// Which scripted turn a request asks for: the number of this mock's own earlier answers found, in order,
// in the history the request carries (by tool call id, or by an answer's text). So a resumed session starts
// at turn 0 again, and an answer the client dropped or retried is passed over.
import type { Scenario, Turn } from './scenario.js';

/** One model message of a request's history, reduced to what identifies an answer. */
export interface HistoryItem {
  readonly ids: readonly string[];
  readonly texts: readonly string[];
}

export class Turns {
  private readonly sent: { ids: Set<string>; texts: Set<string> }[] = [];

  constructor(private readonly scenario: Scenario) {}

  /** The turn for a request whose history holds these model messages, and its script. */
  next(history: readonly HistoryItem[]): { turn: number; script: Turn } {
    let from = 0;
    let found = 0;
    for (const item of history) {
      for (let j = from; j < this.sent.length; j++) {
        const answer = this.sent[j];
        if (
          answer &&
          (item.ids.some((id) => answer.ids.has(id)) || item.texts.some((t) => t !== '' && answer.texts.has(t)))
        ) {
          from = j + 1;
          found++;
          break;
        }
      }
    }
    const script = this.scenario.turns[found] ?? this.scenario.final;
    return { turn: found, script };
  }

  /** Keeps an answer, so later requests that carry it count it. */
  remember(ids: readonly string[], texts: readonly string[]): void {
    this.sent.push({ ids: new Set(ids), texts: new Set(texts.filter((t) => t !== '')) });
  }
}

let serial = 0;
/** A call id no two answers share (the process id keeps two mocks of one run apart). */
export function callId(prefix: string): string {
  serial += 1;
  return `${prefix}${process.pid.toString(36)}${serial.toString().padStart(4, '0')}`;
}
