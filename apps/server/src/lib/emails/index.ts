import { sql } from 'drizzle-orm';
import { LANGUAGE_CODES, type LanguageCode } from '@caribconnect/shared';
import type { Db } from '../../db/client';
import { rowsOf } from '../keyset';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import ht from './locales/ht.json';
import nl from './locales/nl.json';
import pap from './locales/pap.json';

/**
 * Every email the server sends, per language (decision 0043). English holds the spec's wording and
 * is the source: a key missing elsewhere would be a test failure (catalogs.test.ts), and at run time
 * falls back to English rather than sending an empty line.
 */
export type EmailKey = keyof typeof en;
export const EMAIL_CATALOGS: Record<LanguageCode, Record<string, string>> = { en, es, fr, nl, ht, pap };

export type EmailVars = Record<string, string | number>;

export const isLanguageCode = (value: unknown): value is LanguageCode => LANGUAGE_CODES.includes(value as LanguageCode);

/** A stored or requested language as one of ours: anything else (null, a removed code) is English. */
export const toLanguage = (value: unknown): LanguageCode => (isLanguageCode(value) ? value : 'en');

/**
 * A page of the web app as an email to a `language` reader links to it: with `?lang=`, which the
 * page honours before cookie and Accept-Language (decision 0043), so it opens in the email's
 * language on any device, as the confirmation and reset links do.
 */
export function emailLink(publicUrl: string, path: string, language: LanguageCode): string {
  const url = `${publicUrl.replace(/\/+$/, '')}${path}`;
  return `${url}${url.includes('?') ? '&' : '?'}lang=${language}`;
}

/**
 * One line of an email in `language`, with `{{name}}` placeholders filled in one pass: a value that
 * itself contains `{{…}}` (a job title, a message) is never read as a placeholder.
 */
export function emailText(language: LanguageCode, key: EmailKey, vars: EmailVars = {}): string {
  const template = EMAIL_CATALOGS[language]?.[key] ?? en[key];
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** Keys that come in `_one` and `_other` forms: the singular for 1, the plural otherwise. */
type PluralBase = { [K in EmailKey]: K extends `${infer B}_one` ? B : never }[EmailKey];

export function emailPlural(language: LanguageCode, key: PluralBase, count: number, vars: EmailVars = {}): string {
  return emailText(language, `${key}_${count === 1 ? 'one' : 'other'}` as EmailKey, { count, ...vars });
}

/**
 * The Intl locale whose rules format dates for a language. ICU has no data for Haitian Creole, whose
 * dates are written the French way, nor for Papiamento, written the Dutch way on the islands; English
 * keeps the day-month-year order the emails always had (en-GB).
 */
export const INTL_LOCALE: Record<LanguageCode, string> = { en: 'en-GB', es: 'es', fr: 'fr', nl: 'nl', ht: 'fr', pap: 'nl' };

/** "14 July 2026", "14 de julio de 2026", "14 juillet 2026"… (in UTC unless a zone is given). */
export function longDate(language: LanguageCode, at: Date | string, timeZone = 'UTC'): string {
  return new Date(at).toLocaleDateString(INTL_LOCALE[language], { day: 'numeric', month: 'long', year: 'numeric', timeZone });
}

/** The language a person reads (profiles.language), English for an account that is gone. */
export async function languageOf(db: Pick<Db, 'execute'>, userId: string): Promise<LanguageCode> {
  const [row] = await rowsOf<{ language: string }>(db.execute(sql`select language from profiles where id = ${userId}`));
  return toLanguage(row?.language);
}

/** The same, found by sign-in address (better-auth's hooks know the address, the profile has it too). */
export async function languageOfEmail(db: Pick<Db, 'execute'>, email: string): Promise<LanguageCode> {
  const [row] = await rowsOf<{ language: string }>(
    db.execute(sql`select p.language from users u join profiles p on p.id = u.id where u.email = ${email.toLowerCase()}`),
  );
  return toLanguage(row?.language);
}

/**
 * The language of the page a request came from, for people without a saved one (sign-up, a guest's
 * alert): the `lang` cookie the switcher sets when it is one of ours, else the first of
 * Accept-Language we speak by weight (a region is ignored: es-419 is es), else English. The web app
 * resolves its pages the same way.
 */
export function pageLanguage(cookieHeader: string | undefined, acceptLanguage: string | undefined): LanguageCode {
  const chosen = /(?:^|;\s*)lang=([^;]*)/.exec(cookieHeader ?? '')?.[1]?.trim();
  if (isLanguageCode(chosen)) return chosen;
  const wanted = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { base: tag.trim().toLowerCase().split('-')[0], q: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((w) => w.q > 0)
    // Equal weights keep the order the browser gave.
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return wanted.map((w) => w.base).find(isLanguageCode) ?? 'en';
}
