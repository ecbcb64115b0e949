// Whether a team database can search Korean: pg_trgm takes word characters from the database's
// LC_CTYPE, and under `C`/`POSIX` it treats every non-ASCII letter as a separator, so 인증 never matches.
import type { ServerLocale } from './server-queries.js';

export function isUtf8Locale(locale: Pick<ServerLocale, 'encoding' | 'ctype'>): boolean {
  return locale.encoding.toUpperCase() === 'UTF8' && /\.utf-?8$/i.test(locale.ctype);
}

/** One line saying what is wrong and how to create a suitable database, or null when it is fine. */
export function localeProblem(locale: ServerLocale): string | null {
  if (isUtf8Locale(locale)) return null;
  return (
    `database ${locale.database} uses encoding ${locale.encoding} and ctype "${locale.ctype}": substring search ` +
    `(pg_trgm) ignores Korean and other non-ASCII words there. Create one with a UTF-8 ctype: ` +
    `CREATE DATABASE ${locale.database}_utf8 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8' TEMPLATE template0`
  );
}
