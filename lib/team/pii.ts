// Personal data that must not reach teammates: e-mail addresses and phone numbers, as data with a
// sample each (like the secret patterns), replaced by a placeholder before a push. Never logs a match.

import { TEAM_PII_KINDS, type TeamPiiKind } from '../config/config.js';

/** The kinds the `team.pii` setting names. */
export const PII_KINDS = TEAM_PII_KINDS;
export type PiiKind = TeamPiiKind;

export interface PiiPattern {
  readonly kind: PiiKind;
  readonly pattern: RegExp;
  readonly placeholder: string;
  /** Must be replaced, alone and inside a sentence. */
  readonly samples: readonly string[];
  /** Look alike but are not PII (code stays readable): must be left as they are. */
  readonly keep: readonly string[];
}

export const PII_PATTERNS: readonly PiiPattern[] = [
  {
    kind: 'email',
    // A dotted domain ending in letters: `zod@3.22.4` and `@types/node` are not addresses. `git@host:`
    // is the SSH login of every git remote, not a person.
    pattern:
      /(?<![\w.%+-])(?!git@)[A-Za-z0-9][A-Za-z0-9._%+-]{0,63}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?)*\.[A-Za-z]{2,24}\b/g,
    placeholder: '[email]',
    samples: ['jane.doe@example.com', 'kim+ci@corp.co.kr', 'a_b@sub.mail.example.org'],
    keep: ['zod@3.22.4', 'npm i @types/node', 'git@github.com:acme/app.git', 'user@localhost'],
  },
  {
    kind: 'phone',
    // Grouped digits as people write phone numbers (+82 10-1234-5678, (555) 123-4567, 010.1234.5678):
    // at least three groups with separators, so dates, versions, ports and ids stay.
    pattern: /(?<![\w.:/-])(?:\+\d{1,3}[ .-]?)?(?:\(\d{1,4}\)[ .-]?|\d{2,4}[ .-])\d{3,4}[ .-]\d{4}(?![\w.:/-])/g,
    placeholder: '[phone]',
    samples: ['010-1234-5678', '+82 10-1234-5678', '(555) 123-4567', '+1 415.555.0132', '02-345-6789'],
    keep: [
      '2026-11-24',
      '10:32:01',
      '192.168.1.100',
      'v1.22.4',
      'port 5432',
      'commit 8c1af9f',
      '2026-11-24 10:00:00',
      'id 123-4567',
    ],
  },
];

/** Replaces every PII match of the enabled kinds and of the extra patterns. */
export function filterPii(text: string, kinds: readonly PiiKind[], extra: readonly RegExp[] = []): string {
  let out = text;
  for (const { kind, pattern, placeholder } of PII_PATTERNS) {
    if (kinds.includes(kind)) out = out.replace(pattern, placeholder);
  }
  for (const pattern of extra) out = out.replace(pattern, '[pii]');
  return out;
}
