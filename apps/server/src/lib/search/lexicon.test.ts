import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FALLBACK_JOB_CATEGORIES } from '@caribconnect/shared';
import { PLACES, TITLES } from '../../db/seed/data';
import { fold, LEXICON_FILES, LEXICON_LANGUAGES, lexicon } from './lexicon';

describe('the lexicon', () => {
  const { concepts, byPhrase } = lexicon();

  it('gives every concept words in all six languages', () => {
    for (const c of concepts) {
      for (const lang of LEXICON_LANGUAGES) expect(c.words[lang].length, `${c.file}: ${c.id} has no ${lang} word`).toBeGreaterThan(0);
    }
  });

  it('has at least 300 occupations and unique concept ids', () => {
    expect(concepts.filter((c) => c.file === 'occupations.tsv').length).toBeGreaterThanOrEqual(300);
    const ids = concepts.map((c) => `${c.file}:${c.id}`);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has at least 60 things people sell in ads, each in all six languages', () => {
    const items = concepts.filter((c) => c.file === 'items.tsv');
    expect(items.length).toBeGreaterThanOrEqual(60);
    for (const c of items) for (const lang of LEXICON_LANGUAGES) expect(c.words[lang].length, `items.tsv: ${c.id} has no ${lang} word`).toBeGreaterThan(0);
    for (const w of ['washing machine', 'lavadora', 'machine à laver', 'wasmachine', 'mashin di laba'])
      expect(byPhrase.get(fold(w))?.map((c) => c.id)).toContain('washing-machine');
  });

  it('has well-formed lines: seven tab-separated columns, no empty word', () => {
    for (const file of LEXICON_FILES) {
      const text = readFileSync(new URL(`./lexicon/${file}`, import.meta.url), 'utf8');
      text.split('\n').forEach((line, i) => {
        if (!line.trim() || line.startsWith('#')) return;
        const columns = line.split('\t');
        expect(columns.length, `${file}:${i + 1}`).toBe(7);
        for (const column of columns) for (const word of column.split('|')) expect(word.trim(), `${file}:${i + 1}`).not.toBe('');
      });
    }
  });

  it('knows the words of the issue in every language', () => {
    const nurse = byPhrase.get('enfimye')?.map((c) => c.id);
    expect(nurse).toContain('nurse');
    for (const w of ['enfermera', 'infirmiere', 'verpleegkundige', 'nurse']) expect(byPhrase.get(fold(w))?.map((c) => c.id)).toContain('nurse');
    for (const w of ['chofè', 'chofe', 'chofer', 'chauffeur']) expect(byPhrase.get(fold(w))?.map((c) => c.id)).toContain('driver');
    expect(byPhrase.get('kamionero')?.map((c) => c.id)).toContain('truck-driver');
    for (const w of ['fridge', 'nevera', 'frigo', 'koelkast', 'frijidè', 'koelkas']) expect(byPhrase.get(fold(w))?.map((c) => c.id)).toContain('fridge');
  });

  it('covers every category and country of the seed data', () => {
    for (const category of FALLBACK_JOB_CATEGORIES) expect(byPhrase.has(fold(category)), category).toBe(true);
    for (const country of Object.keys(PLACES)) expect(byPhrase.has(fold(country)), country).toBe(true);
  });

  it('covers the head word of every seeded job title', () => {
    const missing = Object.values(TITLES)
      .flat()
      .filter((title) => !byPhrase.has(fold(title)));
    expect(missing).toEqual([]);
  });
});
