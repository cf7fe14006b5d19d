import { fold, lexicon, type Concept, type Lexicon } from './lexicon';

/** A query is cut to this many characters, then to this many words (docs/product.md, decision 0072). */
export const QUERY_MAX_CHARS = 200;
export const QUERY_MAX_WORDS = 20;
/** A word of this many different letters or more is forgiven one typo (a letter missing, extra, wrong, or two swapped). */
export const TYPO_MIN_LENGTH = 5;

/**
 * Whether a typed word is forgiven a typo: it has TYPO_MIN_LENGTH different letters or more. Issue
 * 46 says "a word of 5+ letters" and gives "drivr → no: 4 letters" beside "acountant",
 * "recepcionist", "mechnic" yes; "drivr" has five letters but four different ones (d, r, i, v), and
 * counting different letters is the one reading under which every example holds (decision 0072).
 * A word like "drivr" is one edit from too many others to guess.
 */
export const forgivable = (word: string) => new Set(word).size >= TYPO_MIN_LENGTH;
/** A word longer than this is no word anyone types: it is cut (a btree entry, a trigram set stay small). */
const WORD_MAX_CHARS = 40;
/** At most this many alternatives per group: a word in many concepts must not make a huge query. */
const GROUP_MAX = 60;

/**
 * The query's text as the search uses it: folded (accents, case and punctuation away), cut to
 * QUERY_MAX_CHARS characters and QUERY_MAX_WORDS words. Lone surrogates and control characters
 * become spaces. Empty when nothing is left.
 */
export function queryWords(text: string | undefined): string[] {
  if (!text) return [];
  // Lone surrogates cannot be sent to PostgreSQL as UTF-8: they become spaces, as punctuation does.
  const clean = text.slice(0, QUERY_MAX_CHARS * 2).replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|[\p{Cc}\p{Cf}]/gu, ' ');
  return fold(clean.slice(0, QUERY_MAX_CHARS))
    .split(' ')
    .map((w) => w.slice(0, WORD_MAX_CHARS))
    .filter((w) => /[\p{L}\p{N}]/u.test(w))
    .slice(0, QUERY_MAX_WORDS);
}

/**
 * Optimal-string-alignment distance, stopping once it is over `max` (the typo test: at most one
 * letter missing, extra, changed, or two neighbours swapped).
 */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push(Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  }
  for (let i = 1; i <= a.length; i++) {
    let best = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

/**
 * Whether two words are at most one edit apart (editDistance(a, b, 1) <= 1) without its table: a
 * search's typo is checked against each of the lexicon's ~4,000 words, and the table made that
 * 15 ms of JavaScript per typed word (decision 0072's addendum "its own floor").
 */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    // A letter changed, or two neighbours swapped.
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  // A letter missing or extra.
  const [long, short] = a.length > b.length ? [a, b] : [b, a];
  return long.slice(i + 1) === short.slice(i);
}

/** The lexicon's single words within `max` edits of a word (the nearest first). */
export function lexiconNeighbours(word: string, lex: Lexicon = lexicon(), max = 1): string[] {
  const found: Array<{ w: string; d: number }> = [];
  for (const w of lex.words) {
    if (w === word || Math.abs(w.length - word.length) > max || w.length < TYPO_MIN_LENGTH - 1) continue;
    const d = max === 1 ? (oneEditApart(word, w) ? 1 : 2) : editDistance(word, w, max);
    if (d <= max) found.push({ w, d });
  }
  return found.sort((x, y) => x.d - y.d || x.w.localeCompare(y.w)).map((x) => x.w);
}

/** Plural endings of English, Spanish, French and Dutch ("choferes", "maestras", "leraren", "bijoux"), longest first. */
const PLURAL_ENDINGS = ['es', 'en', 's', 'x'];

/**
 * A word as the lexicon may hold it: itself, or when the lexicon does not know it, its singular
 * ("choferes" → "chofer"). The dictionaries stem the job's words, but a word of another language
 * reaches them only through the lexicon, which lists singulars.
 */
export function lexiconForms(word: string, lex: Lexicon = lexicon()): string[] {
  if (lex.byPhrase.has(word)) return [word];
  const singular = PLURAL_ENDINGS.map((e) => (word.endsWith(e) && word.length - e.length >= 3 ? word.slice(0, -e.length) : '')).find(
    (w) => w && lex.byPhrase.has(w),
  );
  return singular ? [word, singular] : [word];
}

/**
 * A query ready for the database: `original` has one group per word (the word itself: its own
 * language's stems match), `expanded` one group per word or lexicon phrase with every alternative
 * (typo corrections, the concept's words in all six languages). Groups are arrays of folded words or
 * phrases; search_tsquery (migration 0032) turns them into tsqueries.
 */
export interface AnalyzedQuery {
  words: string[];
  text: string;
  original: string[][];
  expanded: string[][];
  /** Words corrected for a typo, with their correction (for "Did you mean"). */
  corrections: Map<string, string[]>;
  /** The concepts the query names (the jobs for you reasons, the bench). */
  concepts: Concept[];
}

/**
 * Analyzes query words. `known(words)` answers which of them some job holds (the search's own
 * vocabulary) and `near(word)` the vocabulary's words within one typo; both run in the database.
 */
export async function analyzeQuery(
  words: string[],
  vocabulary: { known(words: string[]): Promise<Set<string>>; near(words: string[]): Promise<Map<string, string[]>> },
  lex: Lexicon = lexicon(),
): Promise<AnalyzedQuery> {
  const known = words.length ? await vocabulary.known(words) : new Set<string>();
  const unknown = words.filter((w) => forgivable(w) && !known.has(w) && !lex.words.has(w) && !/^\d+$/.test(w));
  const near = unknown.length ? await vocabulary.near(unknown) : new Map<string, string[]>();
  const corrections = new Map<string, string[]>();
  for (const w of unknown) {
    const fromJobs = (near.get(w) ?? []).filter((v) => oneEditApart(w, v));
    const fromLexicon = lexiconNeighbours(w, lex, 1);
    const all = [...new Set([...fromJobs, ...fromLexicon])].slice(0, 6);
    if (all.length) corrections.set(w, all);
  }
  // Each word's own spellings: itself and its corrections.
  const spellings = words.map((w) => [w, ...(corrections.get(w) ?? [])]);
  const expanded: string[][] = [];
  const concepts = new Set<Concept>();
  for (let i = 0; i < words.length;) {
    // The longest run of words from here that is a lexicon phrase (a single word through any of its spellings).
    let matched: { length: number; found: Concept[] } | null = null;
    for (let n = Math.min(lex.longest, words.length - i); n >= 1 && !matched; n--) {
      const candidates = n === 1 ? spellings[i]!.flatMap((w) => lexiconForms(w, lex)) : [words.slice(i, i + n).join(' ')];
      const found = candidates.flatMap((c) => lex.byPhrase.get(c) ?? []);
      if (found.length) matched = { length: n, found };
    }
    if (!matched) {
      expanded.push(spellings[i]!);
      i++;
      continue;
    }
    for (const c of matched.found) concepts.add(c);
    const own = matched.length === 1 ? spellings[i]! : [words.slice(i, i + matched.length).join(' ')];
    const others = matched.found.flatMap((c) => c.folded);
    expanded.push([...new Set([...own, ...others])].slice(0, GROUP_MAX));
    i += matched.length;
  }
  return { words, text: words.join(' '), original: words.map((w) => [w]), expanded, corrections, concepts: [...concepts] };
}
