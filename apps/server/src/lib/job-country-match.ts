import { COUNTRIES, searchFold } from '@caribconnect/shared';

/**
 * Case-, accent- and punctuation-insensitive form: "Curaçao" and "CURACAO" both become "curacao",
 * "Guinea-Bissau" "guinea bissau". Country names are matched here, in JS only, so any accent goes
 * (NFD), beyond search_fold's table.
 */
export function foldText(text: string): string {
  return searchFold(text.normalize('NFD').replace(/\p{M}/gu, '')).trim();
}

const FOLDED = COUNTRIES.map((name) => ({ name, key: foldText(name) }));

/**
 * The country names (from COUNTRIES, the only values jobs.country holds: the job schemas accept
 * nothing else) that contain the term, ignoring case and accents. The country filter becomes
 * `country = name` / `country in (names)` on a btree, and no name at all means no job matches.
 */
export function countriesMatching(term: string): string[] {
  const key = foldText(term);
  return FOLDED.filter((c) => c.key.includes(key)).map((c) => c.name);
}
