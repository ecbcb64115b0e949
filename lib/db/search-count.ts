// How many memories one search tier matches in all, for a header that tells the truth when only a
// page of them is shown. Read-only; the same filters and the same AND of terms as the tier itself.
import { tiersOf, type SearchPlan, type Tier } from '../search/plan.js';
import { prepared, type Db } from './open.js';
import { bind, WHERE, type Filters } from './search.js';

const ftsCountSql = (table: 'memories_fts' | 'memories_trigram'): string => `
  SELECT count(*) FROM ${table} t JOIN memories m ON m.id = t.rowid
  WHERE ${table} MATCH @match AND ${WHERE}`;

// LIKE folds the case of ASCII letters only, so for a term with none it counts exactly what the
// tier's GLOB finds; one LIKE per term keeps this statement independent of how the tier reads rows.
const likeCountSql = (terms: number): string => `
  SELECT count(*) FROM memories m
  WHERE ${WHERE} AND ${Array.from({ length: terms }, (_, i) => `(m.content LIKE @p${i} ESCAPE '\\' OR m.tags LIKE @p${i} ESCAPE '\\' OR coalesce(m.file_path, '') LIKE @p${i} ESCAPE '\\')`).join(' AND ')}`;

/** Every memory `tier` matches for `plan` under `filters` (0 for a tier the plan cannot run). */
export function countTierMatches(db: Db, tier: Tier, plan: SearchPlan, filters: Filters): number {
  if (!tiersOf(plan).includes(tier)) return 0;
  const params = bind(filters);
  if (tier === 'like') {
    const patterns = Object.fromEntries(plan.like.map((pattern, i) => [`p${i}`, pattern]));
    return prepared(db, likeCountSql(plan.like.length)).pluck().get({ ...params, ...patterns }) as number;
  }
  const table = tier === 'unicode61' ? 'memories_fts' : 'memories_trigram';
  const match = tier === 'unicode61' ? plan.unicode61 : plan.trigram;
  return prepared(db, ftsCountSql(table)).pluck().get({ ...params, match }) as number;
}
