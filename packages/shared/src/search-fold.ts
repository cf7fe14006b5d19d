/**
 * The search folding: what a typed term and a stored text become before a substring match, so that
 * "curacao", "CURAÇAO" and "Curaçao" are the same, and so are "Port-au-Prince" and "port au prince".
 *
 * The SQL function search_fold() (migration 0014) does exactly this, with the same table, and the
 * generated search columns of jobs, ads and consultants are built with it; the server folds the typed
 * term here. Both are table-driven (no lower(), whose result on non-ASCII letters depends on the
 * database's locale), so they agree on every input: search-fold.test.ts runs both on the same texts.
 *
 * - letters A–Z and the accented Latin letters of the region's languages (Spanish, French, Dutch,
 *   Portuguese, Papiamento, Haitian Creole) become their plain lower-case letter;
 * - apostrophes disappear ("St. John's" → "st johns"), other punctuation becomes a space;
 * - runs of spaces become one space.
 */
/** Folded to a space (with tab, line breaks and the no-break space). */
const PUNCTUATION = '-_.,;:/\\()[]{}!?"&+*#@|~^<>=\t\n\r\u00a0–—«»“”';
export const FOLD_FROM =
  'ABCDEFGHIJKLMNOPQRSTUVWXYZ' +
  'ÀÁÂÃÄÅĀàáâãäåā' +
  'ÇçČč' +
  'ÈÉÊËĒèéêëē' +
  'ÌÍÎÏĪìíîïī' +
  'Ññ' +
  'ÒÓÔÕÖØŌòóôõöøō' +
  'ŠšŞş' +
  'ÙÚÛÜŪùúûüū' +
  'ÝŸýÿ' +
  'Žž' +
  PUNCTUATION;
export const FOLD_TO =
  'abcdefghijklmnopqrstuvwxyz' +
  'aaaaaaaaaaaaaa' +
  'cccc' +
  'eeeeeeeeee' +
  'iiiiiiiiii' +
  'nn' +
  'oooooooooooooo' +
  'ssss' +
  'uuuuuuuuuu' +
  'yyyy' +
  'zz' +
  ' '.repeat(PUNCTUATION.length);
/** Removed: "John's" and "Johns" are the same name. */
export const FOLD_DROP = "'’‘`";

const MAP = new Map<string, string>();
for (let i = 0; i < FOLD_FROM.length; i++) MAP.set(FOLD_FROM[i]!, FOLD_TO[i]!);
for (const c of FOLD_DROP) MAP.set(c, '');

/** The folded form of a text (see above); the same as SQL's search_fold(). */
export function searchFold(text: string): string {
  let out = '';
  for (const c of text) out += MAP.get(c) ?? c;
  return out.replace(/ {2,}/g, ' ');
}
