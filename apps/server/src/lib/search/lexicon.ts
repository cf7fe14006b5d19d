import { readFileSync } from 'node:fs';
import { searchFold } from '@caribconnect/shared';

/**
 * The region's lexicon (decision 0072): occupations, common job words, the jobs' categories,
 * countries and things people sell, each concept with its words in the six languages of the app.
 * The data lives in the .tsv files beside this module (docs/translations.md says how to add words);
 * a query word in any language also finds what is written in the others.
 */
export const LEXICON_LANGUAGES = ['en', 'es', 'fr', 'nl', 'ht', 'pap'] as const;
export type LexiconLanguage = (typeof LEXICON_LANGUAGES)[number];

export const LEXICON_FILES = ['occupations.tsv', 'words.tsv', 'countries.tsv', 'items.tsv'] as const;

export interface Concept {
  id: string;
  file: (typeof LEXICON_FILES)[number];
  /** The words as written in the file, per language. */
  words: Record<LexiconLanguage, string[]>;
  /** Every word of every language, folded (search_fold: lower case, no accents, punctuation as spaces). */
  folded: string[];
}

export interface Lexicon {
  concepts: Concept[];
  /** A folded word or phrase to the concepts that hold it. */
  byPhrase: Map<string, Concept[]>;
  /** The longest phrase, in words: a query is matched against phrases of at most this many words. */
  longest: number;
  /** Every single folded word the lexicon knows (for "did you mean" and typo correction). */
  words: Set<string>;
}

/** A query word as the search column and the lexicon hold it. */
export const fold = (text: string) => searchFold(text.normalize('NFC')).trim();

export function parseLexicon(file: Concept['file'], text: string): Concept[] {
  const concepts: Concept[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#') || line.startsWith('concept\t')) continue;
    const [id, ...columns] = line.split('\t');
    const words = Object.fromEntries(
      LEXICON_LANGUAGES.map((lang, i) => [
        lang,
        (columns[i] ?? '')
          .split('|')
          .map((w) => w.trim())
          .filter(Boolean),
      ]),
    ) as Record<LexiconLanguage, string[]>;
    const folded = [...new Set(LEXICON_LANGUAGES.flatMap((lang) => words[lang].map(fold)).filter(Boolean))];
    concepts.push({ id: id!.trim(), file, words, folded });
  }
  return concepts;
}

export function buildLexicon(concepts: Concept[]): Lexicon {
  const byPhrase = new Map<string, Concept[]>();
  const words = new Set<string>();
  let longest = 1;
  for (const concept of concepts) {
    for (const phrase of concept.folded) {
      const list = byPhrase.get(phrase) ?? [];
      if (!list.includes(concept)) list.push(concept);
      byPhrase.set(phrase, list);
      const parts = phrase.split(' ');
      longest = Math.max(longest, parts.length);
      for (const w of parts) words.add(w);
    }
  }
  return { concepts, byPhrase, longest, words };
}

let cached: Lexicon | null = null;

/** The lexicon of the repository's data files, read once. */
export function lexicon(): Lexicon {
  if (!cached) {
    const concepts = LEXICON_FILES.flatMap((file) => parseLexicon(file, readFileSync(new URL(`./lexicon/${file}`, import.meta.url), 'utf8')));
    cached = buildLexicon(concepts);
  }
  return cached;
}
