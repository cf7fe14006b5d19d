import { sql } from 'drizzle-orm';
import type { RunSql } from '../job-list-query';
import { lexicon } from './lexicon';
import { editDistance, lexiconNeighbours, type AnalyzedQuery } from './query';
import { JOBS, type Collection } from './rank';

/**
 * "Did you mean": the query with each word that no job and no lexicon entry holds replaced by the
 * nearest word that one does (two edits at most; the collection's vocabulary through pg_trgm, the
 * lexicon in memory). Null when no word could be replaced.
 */
export async function didYouMean(q: AnalyzedQuery, run: RunSql, c: Collection = JOBS): Promise<string | null> {
  const lex = lexicon();
  const vocabulary = sql.raw(c.vocabulary);
  const knownRows = await run<{ word: string }>(sql`select word from ${vocabulary} where word = any(${sql.param(q.words)}::text[])`);
  const known = new Set(knownRows.map((r) => r.word));
  const unknown = q.words.filter((w) => w.length >= 3 && !known.has(w) && !lex.words.has(w) && !/^\d+$/.test(w));
  if (unknown.length === 0) return null;
  const rows = await run<{ q: string; word: string }>(sql`select q.w as q, v.word from unnest(${sql.param(unknown)}::text[]) q(w)
    cross join lateral (select word from ${vocabulary} where word % q.w order by similarity(word, q.w) desc limit 8) v`);
  let changed = false;
  const words = q.words.map((w) => {
    if (!unknown.includes(w)) return w;
    const candidates = [...rows.filter((r) => r.q === w).map((r) => r.word), ...lexiconNeighbours(w, lex, 2)];
    const best = candidates
      .map((c) => ({ c, d: editDistance(w, c, 2) }))
      .filter((x) => x.d <= 2)
      .sort((a, b) => a.d - b.d)[0];
    if (!best) return w;
    changed = true;
    return best.c;
  });
  return changed ? words.join(' ') : null;
}
