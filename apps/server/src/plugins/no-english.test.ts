import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@caribconnect/shared';
import { sourceRendererDist, WEB } from '../../test/source-renderer';
import { createTestApp, type TestApp } from '../../test/app';
import { signUpConsultant } from '../../test/consultants';
import { multipart, signUp, type Client } from '../../test/http';

// The no-English check (issue 24) on every screen the server renders, in each language but English:
// the web app's real renderer from source, as web-render.test.ts loads it, with real records in the
// database and real sessions. Screens drawn only in the browser are checked by e2e/languages.spec.ts.

// The check itself belongs to the web app (its catalogs, its allow-list), which the server never
// imports: loaded by path from source, as the renderer is below.
interface Checker {
  englishLeft(texts: Iterable<string>, language: string, data?: ReadonlySet<string>): { text: string; ids: string[] }[];
  countryNames(language: string): Promise<Set<string>>;
  htmlTexts(html: string): string[];
}
const { countryNames, englishLeft, htmlTexts } = (await import(path.join(WEB, 'src', 'locales', 'english-left.ts'))) as Checker;

let t: TestApp;
let dist: string;
let people: Record<'jobseeker' | 'employer' | 'consultant', Client>;
let screens: { who: keyof typeof people | 'anonymous'; url: string; status?: number }[];

beforeAll(async () => {
  dist = await sourceRendererDist('no-english');
  t = await createTestApp({ webDist: dist });

  // Names that are in no catalog, so a person's own words are never taken for English left behind.
  const employer = await signUp(t.app, 'employer', { fullName: 'Ana Baptiste' });
  const seeker = await signUp(t.app, 'jobseeker', { fullName: 'Ruud Koolman' });
  const consultant = await signUpConsultant(t.app, { fullName: 'Marlène Dorvil' });
  people = { employer: employer.client, jobseeker: seeker.client, consultant: consultant.client };
  const job = await employer.client.post('/api/jobs', {
    title: 'Kizinye Nwit',
    company: 'Lakay Otèl',
    country: 'Trinidad and Tobago',
    category: 'Hospitality',
    description: 'Kizin.',
    employmentType: 'full-time',
    workplace: 'on-site',
    salaryMin: 8000,
    salaryMax: 12000,
    salaryCurrency: 'TTD',
    salaryPeriod: 'month',
  });
  expect(job.statusCode, job.body).toBe(201);
  const jobId = job.json().id as string;
  const categoryId = ((await seeker.client.get('/api/ad-categories')).json() as Array<{ id: string }>)[0]!.id;
  const ad = await seeker.client.request({
    method: 'POST',
    url: '/api/ads',
    ...multipart([
      { name: 'title', data: 'Boto Kòrsou' },
      { name: 'description', data: 'Bon boto.' },
      { name: 'categoryId', data: categoryId },
      { name: 'country', data: 'Haiti' },
    ]),
  });
  expect(ad.statusCode, ad.body).toBe(201);
  const adId = ad.json().id as string;

  screens = [
    ...['/', '/jobs', `/jobs/${jobId}`, '/ads', `/ads/${adId}`, '/consultants', '/hire-consultant', '/login', '/signup', '/forgot-password'].map((url) => ({
      who: 'anonymous' as const,
      url,
    })),
    ...['/feedback', '/faq', '/about', '/terms', `/profile/${consultant.user.id}`, '/email-confirmed'].map((url) => ({ who: 'anonymous' as const, url })),
    { who: 'anonymous', url: '/no-such-page', status: 404 },
    { who: 'anonymous', url: '/jobs/00000000-0000-4000-8000-000000000000', status: 404 },
    ...['/jobs', `/jobs/${jobId}`, `/jobs/${jobId}/apply`, '/profile', `/profile/${employer.user.id}`, '/consultants'].map((url) => ({
      who: 'jobseeker' as const,
      url,
    })),
    ...['/jobs', `/jobs/${jobId}`, '/profile', `/ads/${adId}`].map((url) => ({ who: 'employer' as const, url })),
    ...['/consultants', '/profile', `/profile/${seeker.user.id}`].map((url) => ({ who: 'consultant' as const, url })),
  ];
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

const render = (who: keyof typeof people | 'anonymous', url: string, language: string) =>
  t.app.inject({
    method: 'GET',
    url: `${url}${url.includes('?') ? '&' : '?'}lang=${language}`,
    headers: who === 'anonymous' ? {} : { cookie: people[who].cookie },
  });

describe('no English left behind on server-rendered screens', () => {
  it('finds English on the English pages (the check can fail)', async () => {
    const res = await render('jobseeker', '/jobs', 'en');
    const left = englishLeft(htmlTexts(res.body), 'es').map((f) => f.text);
    expect(left).toEqual(expect.arrayContaining(['Filter jobs', 'Log Out', 'Hospitality', 'Full-time']));
    expect(left.filter((text) => text.startsWith('Posted '))).toHaveLength(1);
    // An English sentence with its value filled in is caught too.
    expect(englishLeft(['Posted Mar 12, 2026'], 'fr')).toHaveLength(1);
    expect(englishLeft(['CaribConnect', '2019 – 2024', 'Publié le 12 mars 2026'], 'fr')).toEqual([]);
  });

  it.each(LANGUAGE_CODES.filter((l) => l !== 'en'))('%s: every screen is in the language, with no English text left', async (language) => {
    const problems: string[] = [];
    const countries = await countryNames(language);
    for (const { who, url, status = 200 } of screens) {
      const res = await render(who, url, language);
      if (res.statusCode !== status) problems.push(`${who} ${url}: HTTP ${res.statusCode}`);
      if (!res.body.includes(`<html lang="${language}"`)) problems.push(`${who} ${url}: <html lang> is not ${language}`);
      for (const { text, ids } of englishLeft(htmlTexts(res.body), language, countries))
        problems.push(`${who} ${url}: "${text}" (${ids.slice(0, 3).join(', ')})`);
    }
    expect(problems).toEqual([]);
  });
});
