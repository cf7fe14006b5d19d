import { COUNTRIES } from '@caribconnect/shared';

/** Case- and accent-insensitive form: "Curaçao" and "CURACAO" both become "curacao"; ’ becomes '. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[‘’]/g, "'");
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
