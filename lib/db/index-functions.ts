// The SQL functions the search index triggers call (schema v3, the substring text v6): each connection registers them before
// it writes, so every insert, update and backfill indexes a memory's text the same way.
import { bodyText, gramText, gramWords, headText, intentText, nameText, requestText } from '../text/identifiers.js';
import type { Db } from './driver.js';

const text = (value: unknown): string =>
  typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
const orNull = (value: unknown): string | null => (value === null || value === undefined ? null : text(value));

export function registerIndexFunctions(db: Db): void {
  const options = { deterministic: true, varargs: false } as const;
  db.function('memory_name_text', options, (filePath: unknown, tags: unknown) =>
    nameText(orNull(filePath), text(tags)),
  );
  db.function('memory_head_text', options, (content: unknown) => headText(text(content)));
  db.function('memory_body_text', options, (content: unknown) => bodyText(text(content)));
  db.function('memory_request_text', options, (request: unknown) => requestText(orNull(request)));
  // The v3 update trigger's (kept by v6: a row rewritten in place gets the longer text, found alike).
  db.function('memory_gram_text', options, (content: unknown, tags: unknown, filePath: unknown) =>
    gramText(text(content), text(tags), orNull(filePath)),
  );
  db.function('memory_intent_text', options, (intent: unknown) => intentText(orNull(intent)));
  db.function('memory_gram_words', options, (content: unknown, filePath: unknown, projectPath: unknown) =>
    gramWords(text(content), orNull(filePath), text(projectPath)),
  );
}
