import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../keyset';
import { ADS, analyzeFor, decodeRankedCursor, encodeRankedCursor, RANKED_WINDOW, rankedSql, type RankedLevel, runRanked } from './rank';
import { didYouMean } from './suggest';

/**
 * The ads search (issue 46, decision 0072): Browse Ads' words ranked as the jobs search ranks them
 * (title above category, country and town above description; every word above some; a phrase above
 * scattered words; typos, four stemmers and the lexicon's item words in six languages), over
 * ad_search_docs (migration 0042). The ads module says which ads the viewer may see and how a card
 * reads; this module which ads match and in what order.
 */
export interface AdSearch<R> {
  /** The ad's other conditions (live, category, country, price, the owner's standing, moderation), given the document's key. */
  where: (key: SQL) => SQL;
  /** The page's cards from the ranked (id, created_at, score) rows `r`, best first. */
  cards: (ranked: SQL) => SQL;
  unpack: (row: unknown) => R;
  cursor?: string;
  limit: number;
  now: Date;
}

export interface RankedAdPage<R> {
  rows: R[];
  nextCursor: string | null;
  didYouMean?: string;
}

/** A page of ads ranked by relevance to `text`, or null when it holds no word of two or more characters (the newest-first list answers). */
export async function searchAds<R>(db: Db, text: string | undefined, s: AdSearch<R>): Promise<RankedAdPage<R> | null> {
  const run = <T>(q: SQL) => rowsOf<T>(db.execute(q));
  const analyzed = await analyzeFor(ADS, text, run);
  if (!analyzed) return null;
  const offset = decodeRankedCursor(s.cursor);
  const build = (level: RankedLevel) => s.cards(rankedSql(ADS, analyzed, { now: s.now, where: s.where, offset, limit: s.limit, level }));
  const rows = await runRanked<unknown>(db, build);
  const more = rows.length > s.limit && offset + s.limit < RANKED_WINDOW;
  const page: RankedAdPage<R> = { rows: rows.slice(0, s.limit).map(s.unpack), nextCursor: more ? encodeRankedCursor(offset + s.limit) : null };
  if (s.cursor || page.rows.length > 0) return page;
  const suggestion = await didYouMean(analyzed, run, ADS);
  return suggestion ? { ...page, didYouMean: suggestion } : page;
}
