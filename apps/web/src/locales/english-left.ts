// The no-English check (issue 24): given the texts a reader of another language sees on a screen, the
// ones that are an English catalog text (or an English sentence with its placeholders filled in) and
// are not allow-listed for that language (same-as-english.ts). Used on server-rendered pages
// (apps/server/src/plugins/no-english.test.ts) and on screens in the browser (e2e/languages.spec.ts).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { COUNTRY_CODES } from '@caribconnect/shared';
import { intlLocale } from '../lib/language';
import { hasNoWords, mayMatchEnglish } from './same-as-english';

const here = import.meta.dirname;

type Catalog = Record<string, unknown>;
function leaves(catalog: Catalog, prefix: string, out: Map<string, string>) {
  for (const [key, value] of Object.entries(catalog)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') leaves(value as Catalog, full, out);
    else out.set(full, String(value));
  }
  return out;
}

interface English {
  /** Text → the `namespace:key`s that have it. */
  exact: Map<string, string[]>;
  /** Texts with placeholders, as anchored patterns ("Posted {{date}}" → /^Posted .+$/). */
  templates: { id: string; pattern: RegExp }[];
}

const catalogs = new Map<string, English>();
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
const PLACEHOLDER = /\{\{[^}]*\}\}|\$t\([^)]*\)/;

/** A language's catalogs as texts and patterns (a missing catalog reads as empty). */
function load(language: string): English {
  const cached = catalogs.get(language);
  if (cached) return cached;
  const exact = new Map<string, string[]>();
  const templates: English['templates'] = [];
  for (const file of readdirSync(path.join(here, 'en')).filter((f) => f.endsWith('.json'))) {
    const namespace = file.replace(/\.json$/, '');
    let catalog: Catalog = {};
    try {
      catalog = JSON.parse(readFileSync(path.join(here, language, file), 'utf8')) as Catalog;
    } catch {
      // Not written yet: nothing of that language to compare with.
    }
    for (const [key, raw] of leaves(catalog, '', new Map())) {
      // Markup (<0>…</0>) is drawn as several pieces; its words are checked in the catalogs instead.
      if (hasNoWords(raw) || /<\/?\d+>|<\/?\w+>/.test(raw)) continue;
      const text = squash(raw);
      const id = `${namespace}:${key}`;
      if (PLACEHOLDER.test(text)) {
        // Too little English to tell a sentence by: "{{browser}} on {{os}}" would take any text with
        // " on " in it (an employer's "A job on the beach.") for English.
        if (text.replace(new RegExp(PLACEHOLDER, 'g'), '').replace(/\P{L}/gu, '').length < 4) continue;
        const source = text.split(new RegExp(PLACEHOLDER, 'g')).map(escape).join('.+?');
        templates.push({ id, pattern: new RegExp(`^${source}$`, 'su') });
      } else exact.set(text, [...(exact.get(text) ?? []), id]);
    }
  }
  catalogs.set(language, { exact, templates });
  return { exact, templates };
}

export interface EnglishLeft {
  text: string;
  /** The English catalog entries it reads as. */
  ids: string[];
}

/**
 * The country names a reader of `language` sees (its own table, else the runtime's): data, not
 * words of ours, so a name that happens to fit an English sentence (Creole "Sent Lisi" and "Sent
 * {{date}}") is not English left behind.
 */
export async function countryNames(language: string): Promise<Set<string>> {
  let own: Record<string, string> | undefined;
  try {
    const module = (await import(`./${language}/countries.ts`)) as Record<string, unknown>;
    own = Object.values(module).find((value) => value && typeof value === 'object') as Record<string, string> | undefined;
  } catch {
    // The runtime names this language's countries.
  }
  if (own) return new Set(Object.values(own));
  const names = new Intl.DisplayNames([intlLocale(language)], { type: 'region', fallback: 'none' });
  return new Set(Object.values(COUNTRY_CODES).flatMap((code) => names.of(code) ?? []));
}

/** The texts of `texts` that read as English in a screen shown in `language` (`data`: texts that are records' values, not words of ours). */
export function englishLeft(texts: Iterable<string>, language: string, data: ReadonlySet<string> = new Set()): EnglishLeft[] {
  const { exact, templates } = load('en');
  // Text that reads as one of the language's own (French "Message à Ana" is "Message à {{name}}",
  // not English "Message {{name}}"; Dutch "Contact opnemen" is not "Contact {{name}}") is translated.
  // Only for English sentences with a value: a text exactly as in English needs the allow-list.
  const own = load(language);
  const isOwn = (text: string) => own.exact.has(text) || own.templates.some((t) => t.pattern.test(text));
  const found = new Map<string, string[]>();
  for (const raw of texts) {
    const text = squash(raw);
    if (!text || found.has(text) || data.has(text)) continue;
    let filled = templates.filter((t) => t.pattern.test(text)).map((t) => t.id);
    if (filled.length && isOwn(text)) filled = [];
    const ids = [...(exact.get(text) ?? []), ...filled];
    // One allowed entry is enough: the text may come from it.
    if (ids.length && !ids.some((id) => mayMatchEnglish(id, language))) found.set(text, ids);
  }
  return [...found].map(([text, ids]) => ({ text, ids }));
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'", '#x27': "'" };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] === '#') return String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
    return ENTITIES[name] ?? whole;
  });

/**
 * What a reader sees or hears of an HTML page: its text pieces (scripts, styles and the data for the
 * browser left out; React's `<!-- -->` between adjacent texts joins them, as on screen) and the
 * attributes read aloud or shown (alt, title, aria-label, placeholder, the description).
 */
export function htmlTexts(html: string): string[] {
  const body = html
    .replace(/<script[\s\S]*?<\/script>/gi, '')
    .replace(/<style[\s\S]*?<\/style>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '');
  const out: string[] = [];
  for (const m of body.matchAll(/\s(?:alt|title|aria-label|placeholder|content)="([^"]*)"/g)) out.push(decode(m[1]));
  for (const piece of body.split(/<[^>]*>/)) out.push(decode(piece));
  return out.map(squash).filter(Boolean);
}
