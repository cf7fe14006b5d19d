import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as shared from '@caribconnect/shared';
import {
  AD_CATEGORIES,
  COUNTRY_CODES,
  createFeedbackBody,
  FALLBACK_JOB_CATEGORIES,
  jobInput,
  signInBody,
  signUpBody,
  updateProfileBody,
} from '@caribconnect/shared';
import { LANGUAGE_CODES } from '@caribconnect/shared';
import { intlLocale } from '../lib/language';
import specStrings from './spec-strings.json';
import { hasNoWords, mayMatchEnglish, SAME_AS_ENGLISH } from './same-as-english';

const here = import.meta.dirname;
/** Every language of the app (the shared list), English first. */
const LANGUAGES = LANGUAGE_CODES;
type Catalog = Record<string, unknown>;

const read = (language: string, namespace: string): Catalog => JSON.parse(readFileSync(path.join(here, language, `${namespace}.json`), 'utf8'));
const namespaces = readdirSync(path.join(here, 'en'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''));

/** 'a.b.c' -> text, for every leaf. The validation namespace is flat (its keys are sentences). */
function leaves(catalog: Catalog, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') for (const [k, v] of leaves(value as Catalog, full)) out.set(k, v);
    else out.set(full, String(value));
  }
  return out;
}

const variables = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();
const tags = (text: string) => [...text.matchAll(/<(\w+)>/g)].map((m) => m[1]).sort();

/**
 * Every message a shared zod schema was given (`{ message }` on a check, a refine or an enum), found
 * by walking the schemas' definitions rather than by guessing inputs that trigger each one.
 */
function schemaMessages(): Set<string> {
  type Def = { error?: (issue: unknown) => unknown; checks?: { _zod?: { def?: Def } }[]; shape?: Record<string, unknown>; [key: string]: unknown };
  const seen = new Set<unknown>();
  const out = new Set<string>();
  const take = (def: Def | undefined) => {
    const message = typeof def?.error === 'function' ? def.error({}) : undefined;
    if (typeof message === 'string') out.add(message);
  };
  const visit = (schema: unknown) => {
    const def = (schema as { _zod?: { def?: Def } } | null)?._zod?.def;
    if (!def || seen.has(schema)) return;
    seen.add(schema);
    take(def);
    for (const check of def.checks ?? []) take(check._zod?.def);
    const children = ['element', 'innerType', 'in', 'out', 'left', 'right', 'keyType', 'valueType', 'catchall'].map((key) => def[key]);
    for (const list of [def.options, def.items]) if (Array.isArray(list)) children.push(...list);
    if (def.shape) children.push(...Object.values(def.shape));
    children.forEach(visit);
  };
  Object.values(shared).forEach(visit);
  return out;
}

describe('catalogs', () => {
  it('every language has the same namespaces', () => {
    for (const language of LANGUAGES) {
      const files = readdirSync(path.join(here, language)).filter((f) => f.endsWith('.json'));
      expect(files.map((f) => f.replace(/\.json$/, '')).sort(), language).toEqual([...namespaces].sort());
    }
  });

  it.each(namespaces)('%s: every language has the same keys, variables and markup as English, and no empty text', (namespace) => {
    const english = leaves(read('en', namespace));
    for (const language of LANGUAGES.slice(1)) {
      const other = leaves(read(language, namespace));
      expect([...other.keys()].sort(), `${language}/${namespace}.json keys`).toEqual([...english.keys()].sort());
      for (const [key, text] of english) {
        const translated = other.get(key) ?? '';
        expect(translated.trim(), `${language}/${namespace}.json ${key} is empty`).not.toBe('');
        expect(variables(translated), `${language}/${namespace}.json ${key} variables`).toEqual(variables(text));
        expect(tags(translated), `${language}/${namespace}.json ${key} markup`).toEqual(tags(text));
      }
    }
  });

  it('no text reads as in English unless it is allow-listed with a reason (locales/same-as-english.ts)', () => {
    const copied: string[] = [];
    for (const namespace of namespaces) {
      const english = leaves(read('en', namespace));
      // The validation catalog is keyed by the English sentence; its own test below checks it is translated.
      if (namespace === 'validation') continue;
      for (const language of LANGUAGES.slice(1)) {
        const other = leaves(read(language, namespace));
        for (const [key, text] of english)
          if (other.get(key) === text && !hasNoWords(text) && !mayMatchEnglish(`${namespace}:${key}`, language))
            copied.push(`${language} ${namespace}:${key} "${text}"`);
      }
    }
    expect(copied, 'translate these, or allow-list them with a reason').toEqual([]);
  });

  it('the allow-list names only keys that exist in English', () => {
    const all = new Set(namespaces.flatMap((ns) => [...leaves(read('en', ns)).keys()].map((key) => `${ns}:${key}`)));
    expect(Object.keys(SAME_AS_ENGLISH).filter((id) => !all.has(id))).toEqual([]);
    for (const [id, entry] of Object.entries(SAME_AS_ENGLISH)) expect(entry.reason.trim(), id).not.toBe('');
  });

  it('every error code the server sends has a text in the errors catalog', () => {
    const errors = leaves(read('en', 'errors'));
    const codes = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
          const source = readFileSync(file, 'utf8');
          // notFound('Job not found.', 'JOB_NOT_FOUND'), new HttpError(415, message, 'UNSUPPORTED_FILE_TYPE'), code = 'BAD_REQUEST'
          for (const m of source.matchAll(/(?:notFound|forbidden|badRequest|conflict|unauthorized|tooManyRequests|HttpError)\([^;]*?'([A-Z][A-Z0-9_]+)'/g))
            codes.add(m[1]);
          for (const m of source.matchAll(/code = '([A-Z][A-Z0-9_]+)'/g)) codes.add(m[1]);
          for (const m of source.matchAll(/code: '([A-Z][A-Z0-9_]+)'/g)) codes.add(m[1]);
        }
      }
    };
    walk(path.join(here, '../../../server/src'));
    expect(codes.size).toBeGreaterThan(10);
    const missing = [...codes].filter((code) => !errors.has(code));
    expect(missing, 'add these to locales/<lang>/errors.json').toEqual([]);
  });

  it('every message of the shared schemas the forms use has a translation in the validation catalog', () => {
    const validation = read('en', 'validation');
    const long = (n: number) => 'x'.repeat(n + 1);
    const messages = new Set<string>();
    const collect = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.forEach((i) => messages.add(i.message));
    collect(jobInput.safeParse({ title: '', company: '', country: 'Atlantis', category: '', description: '' }));
    collect(
      jobInput.safeParse({
        title: long(200),
        company: long(200),
        country: 'Jamaica',
        category: long(100),
        description: long(10_000),
        salary: long(100),
        address: long(300),
      }),
    );
    collect(signInBody.safeParse({ email: 'not-an-email', password: '' }));
    collect(signUpBody.safeParse({ email: 'a@b.co', password: 'short', role: 'jobseeker' }));
    collect(signUpBody.safeParse({ email: 'a@b.co', password: long(128), role: 'jobseeker' }));
    collect(updateProfileBody.safeParse({ fullName: long(120), phone: long(40), country: long(80), bio: long(2000) }));
    collect(createFeedbackBody.safeParse({ message: '  ' }));
    collect(createFeedbackBody.safeParse({ message: long(5000) }));
    expect(messages.size).toBeGreaterThan(15);
    // The walk finds at least what the inputs above trigger, and then every other schema's messages.
    const walked = schemaMessages();
    expect([...messages].filter((m) => !walked.has(m))).toEqual([]);
    expect(walked.size).toBeGreaterThan(60);
    expect(
      [...walked].filter((m) => !(m in validation)),
      'add these to locales/*/validation.json',
    ).toEqual([]);
    // Keyed by the English sentence: the English text is the key itself.
    for (const [key, text] of Object.entries(validation)) expect(text).toBe(key);
  });

  it('the messages a person reads after an error are translated, not copied from English', () => {
    // The server's codes (errors.json) and the failures said without it (common.json's errors).
    const errorTexts = (language: string) =>
      new Map([...leaves(read(language, 'errors')), ...[...leaves(read(language, 'common'))].filter(([key]) => key.startsWith('errors.'))]);
    const english = { errors: errorTexts('en'), validation: leaves(read('en', 'validation')) };
    for (const language of LANGUAGES.slice(1)) {
      const errors = errorTexts(language);
      const copied = [...english.errors].filter(([key, text]) => errors.get(key) === text).map(([key]) => key);
      expect(copied, `${language} errors still in English`).toEqual([]);
      const validation = leaves(read(language, 'validation'));
      expect(
        [...english.validation.keys()].filter((key) => validation.get(key) === key),
        `${language}/validation.json still in English`,
      ).toEqual([]);
    }
  });

  it('job categories (stored in English, keyed by name) and ad categories (by slug) have a name in every language', () => {
    for (const language of LANGUAGES) {
      const jobs = read(language, 'jobs').categories as Record<string, string>;
      expect(
        FALLBACK_JOB_CATEGORIES.filter((name) => !jobs?.[name]),
        `${language}/jobs.json categories`,
      ).toEqual([]);
      const ads = read(language, 'ads').categories as Record<string, string>;
      expect(
        AD_CATEGORIES.filter((c) => !ads?.[c.slug]).map((c) => c.slug),
        `${language}/ads.json categories`,
      ).toEqual([]);
    }
    expect((read('en', 'jobs').categories as Record<string, string>)['IT & Tech']).toBe('IT & Tech');
  });

  it('every country has a name in every language (from the runtime, by its ISO code)', () => {
    for (const language of LANGUAGES.slice(1)) {
      // Creole and Papiamento by French and Dutch names: the runtime has no region names for them (lib/language.ts).
      const names = new Intl.DisplayNames([intlLocale(language)], { type: 'region', fallback: 'none' });
      const unnamed = Object.entries(COUNTRY_CODES).filter(([, code]) => !names.of(code));
      expect(unnamed, language).toEqual([]);
    }
  });

  it('every spec string of the screens built so far is in the English catalog verbatim', () => {
    const values = new Set(namespaces.flatMap((ns) => [...leaves(read('en', ns)).values()]));
    const missing = Object.entries(specStrings as Record<string, string[]>).flatMap(([screen, strings]) =>
      strings.filter((s) => !values.has(s)).map((s) => `${screen}: ${s}`),
    );
    expect(missing).toEqual([]);
  });
});
