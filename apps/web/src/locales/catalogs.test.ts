import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFeedbackBody, jobInput, signInBody, signUpBody, updateProfileBody } from '@caribconnect/shared';
import specStrings from './spec-strings.json';

const here = import.meta.dirname;
const LANGUAGES = ['en', 'es', 'fr', 'nl'] as const;
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

describe('catalogs', () => {
  it('every language has the same namespaces', () => {
    for (const language of LANGUAGES) {
      const files = readdirSync(path.join(here, language)).filter((f) => f.endsWith('.json'));
      expect(files.map((f) => f.replace(/\.json$/, '')).sort(), language).toEqual([...namespaces].sort());
    }
  });

  it.each(namespaces)('%s: the four languages have the same keys, variables and markup, and no empty text', (namespace) => {
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

  it('every error code the server sends has a text in common:errors', () => {
    const errors = leaves(read('en', 'common'));
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
    const missing = [...codes].filter((code) => !errors.has(`errors.${code}`));
    expect(missing, 'add these under "errors" in locales/<lang>/common.json').toEqual([]);
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
    expect([...messages].filter((m) => !(m in validation))).toEqual([]);
    // Keyed by the English sentence: the English text is the key itself.
    for (const [key, text] of Object.entries(validation)) expect(text).toBe(key);
  });

  it('every spec string of the screens built so far is in the English catalog verbatim', () => {
    const values = new Set(namespaces.flatMap((ns) => [...leaves(read('en', ns)).values()]));
    const missing = Object.entries(specStrings as Record<string, string[]>).flatMap(([screen, strings]) =>
      strings.filter((s) => !values.has(s)).map((s) => `${screen}: ${s}`),
    );
    expect(missing).toEqual([]);
  });
});
