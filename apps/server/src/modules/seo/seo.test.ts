import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { signUp } from '../../../test/http';
import { ads, consultants, jobs, profiles } from '../../db/schema';
import { SITEMAP_DEFAULTS, sitemapSettings } from './sitemap';
import { escapeXml, urlset } from './xml';

let t: TestApp;
const BASE = 'http://localhost:3000';
const visibleJobs: string[] = [];
const hiddenJobs: string[] = [];
const visibleAds: string[] = [];
const hiddenAds: string[] = [];
let consultantId: string;
let lockedConsultantId: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const owner = (await signUp(t.app, 'employer')).user.id;
  const locked = (await signUp(t.app, 'employer')).user.id;
  consultantId = (await signUp(t.app, 'jobseeker')).user.id;
  lockedConsultantId = locked;
  const base = Date.parse('2026-01-01T00:00:00.000Z');
  const job = (title: string, userId: string, paid: boolean, i: number) => ({
    title,
    userId,
    paid,
    company: 'Bay Resorts & Spa',
    country: 'Jamaica',
    category: 'Hospitality',
    description: 'Cook.',
    createdAt: new Date(base + i * 60_000),
    updatedAt: new Date(base + i * 60_000 + 1234),
  });
  const inserted = await db
    .insert(jobs)
    .values([
      job('Cook', owner, true, 1),
      job('Waiter', owner, true, 2),
      job('Unpaid', owner, false, 3),
      job('Locked owner', locked, true, 4),
      job('Chef', owner, true, 5),
    ])
    .returning({ id: jobs.id, title: jobs.title });
  for (const r of inserted) (['Unpaid', 'Locked owner'].includes(r.title) ? hiddenJobs : visibleJobs).push(r.id);
  const ad = (title: string, userId: string, awaitingPayment: boolean, i: number) => ({
    title,
    userId,
    awaitingPayment,
    description: 'For sale.',
    createdAt: new Date(base + i * 60_000),
  });
  const insertedAds = await db
    .insert(ads)
    .values([ad('Honda Fit', owner, false, 1), ad('Awaiting', owner, true, 2), ad('Locked', locked, false, 3)])
    .returning({ id: ads.id, title: ads.title });
  for (const r of insertedAds) (r.title === 'Honda Fit' ? visibleAds : hiddenAds).push(r.id);
  const consultant = (userId: string) => ({
    userId,
    fullName: 'Ana',
    email: `${userId}@example.com`,
    country: 'Jamaica',
    specialty: 'Legal',
    contactInfo: 'Call me',
  });
  await db.insert(consultants).values([consultant(consultantId), consultant(locked)]);
  await db.update(profiles).set({ role: 'suspended' }).where(eq(profiles.id, locked));
});
afterAll(() => t.close());
afterEach(() => {
  Object.assign(sitemapSettings, SITEMAP_DEFAULTS);
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);

describe('robots.txt', () => {
  it('is a robots file: public pages allowed, the API and private areas not, and the sitemap named', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/api/', '/admin', '/inbox', '/my-applications', '/employer/', '/profile$', '/jobs/*/apply'])
      expect(lines, path).toContain(`Disallow: ${path}`);
    // As crawlers read a rule: a path prefix, * any characters, $ the end of the path.
    const rules = lines.filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice('Disallow: '.length));
    const blocks = (path: string) =>
      rules.filter((r) =>
        new RegExp(
          `^${r
            .replace(/[.?+()[\]{}|^]/g, '\\$&')
            .replace(/\*/g, '.*')
            .replace(/\$$/, '$$')}`,
        ).test(path),
      );
    for (const path of ['/', '/jobs', '/jobs/abc', '/ads/abc', '/consultants', '/profile/abc', '/faq']) expect(blocks(path), path).toEqual([]);
    for (const path of ['/profile', '/jobs/abc/apply', '/consultant/home', '/admin-feedback']) expect(blocks(path), path).not.toEqual([]);
    expect(lines).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  });
});

describe('sitemap.xml', () => {
  it('lists the public pages and every listing an anonymous visitor can see, with lastmod', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(
      res.body.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      ),
    ).toBe(true);
    const urls = locs(res.body);
    for (const page of ['/', '/jobs', '/ads', '/consultants']) expect(urls).toContain(`${BASE}${page}`);
    for (const id of visibleJobs) expect(urls).toContain(`${BASE}/jobs/${id}`);
    for (const id of visibleAds) expect(urls).toContain(`${BASE}/ads/${id}`);
    expect(urls).toContain(`${BASE}/profile/${consultantId}`);
    // Unpaid, awaiting payment, and anything of a suspended owner: not for anonymous visitors.
    for (const id of [...hiddenJobs, ...hiddenAds, lockedConsultantId]) expect(res.body).not.toContain(id);
    // Oldest first, each with the time it last changed.
    const cook = `<url><loc>${BASE}/jobs/${visibleJobs[0]}</loc><lastmod>2026-01-01T00:01:01.234Z</lastmod><xhtml:link`;
    expect(res.body).toContain(cook);
    expect(urls.filter((u) => u.includes('/jobs/'))).toEqual(visibleJobs.map((id) => `${BASE}/jobs/${id}`));
  });

  it('past the per-file limit becomes an index of files that together list the same URLs', async () => {
    const single = locs((await get('/sitemap.xml')).body);
    sitemapSettings.urlsPerFile = 2;
    // Batches smaller than a file: a file is read in several keyset steps.
    sitemapSettings.batchRows = 1;
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = locs(res.body);
    // Files are cut by position in the table's index, hidden rows included: 5 jobs make 3 files, 3 ads 2.
    expect(files).toEqual(['pages', 'jobs-1', 'jobs-2', 'jobs-3', 'ads-1', 'ads-2', 'consultants-1', 'companies-1'].map((f) => `${BASE}/sitemaps/${f}.xml`));
    const paged: string[] = [];
    for (const file of files) {
      const part = await get(file.slice(BASE.length));
      expect(part.statusCode, file).toBe(200);
      expect(part.headers['content-type']).toBe('application/xml; charset=utf-8');
      const urls = locs(part.body);
      if (!file.endsWith('pages.xml')) expect(urls.length).toBeLessThanOrEqual(2);
      paged.push(...urls);
    }
    expect(paged).toEqual(single);
  });

  it('answers 404 past the last file and 400 for a name that is no sitemap file', async () => {
    sitemapSettings.urlsPerFile = 2;
    expect((await get('/sitemaps/jobs-4.xml')).statusCode).toBe(404);
    expect((await get('/sitemaps/ads-3.xml')).statusCode).toBe(404);
    // The first file exists even when it has nothing to list.
    sitemapSettings.urlsPerFile = SITEMAP_DEFAULTS.urlsPerFile;
    expect((await get('/sitemaps/consultants-1.xml')).statusCode).toBe(200);
    for (const name of ['jobs-0.xml', 'jobs.xml', 'users-1.xml', 'jobs-1.json', '..%2Fjobs-1.xml'])
      expect((await get(`/sitemaps/${name}`)).statusCode, name).toBe(400);
  });
});

/**
 * Well-formed XML as a parser sees it: one root, every element closed in order, attributes quoted,
 * no raw `<` or stray `&` in text or attribute values, and every prefix declared on the root.
 */
function checkWellFormed(xml: string): string[] {
  const problems: string[] = [];
  const body = xml.replace(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n/, '');
  if (body === xml) problems.push('no XML declaration');
  const stack: string[] = [];
  let roots = 0;
  const declared = new Set<string>();
  const token = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<&]*(?:&(?:amp|lt|gt|quot|apos);[^"<&]*)*")*)\s*(\/?)>|([^<]+)|(<)/gy;
  let end = 0;
  for (let m = token.exec(body); m; m = token.exec(body)) {
    end = token.lastIndex;
    const [, closing, name, attrs, selfClosing, text, stray] = m;
    if (stray) {
      problems.push(`stray < at ${m.index}`);
      break;
    }
    if (text !== undefined) {
      if (/&(?!amp;|lt;|gt;|quot;|apos;)/.test(text)) problems.push(`stray & in ${text.slice(0, 40)}`);
      if (!stack.length && text.trim()) problems.push('text outside the root');
      continue;
    }
    if (closing) {
      if (stack.pop() !== name) problems.push(`</${name}> closes the wrong element`);
      continue;
    }
    if (!stack.length && ++roots > 1) problems.push('more than one root');
    for (const a of attrs!.matchAll(/xmlns:(\w+)=/g)) declared.add(a[1]!);
    const prefix = name!.includes(':') ? name!.split(':')[0]! : null;
    if (prefix && !declared.has(prefix)) problems.push(`undeclared prefix ${prefix}`);
    if (!selfClosing) stack.push(name!);
  }
  if (end < body.length) problems.push(`unparsed from ${end}`);
  if (stack.length) problems.push(`unclosed ${stack.join(', ')}`);
  return problems;
}

describe('sitemap language alternates (issue 24)', () => {
  it('gives every URL its six language variants and x-default, in the xhtml namespace, as well-formed XML', async () => {
    const body = (await get('/sitemap.xml')).body;
    expect(checkWellFormed(body)).toEqual([]);
    const entries = [...body.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1]!);
    expect(entries.length).toBeGreaterThan(8);
    for (const entry of entries) {
      const loc = /<loc>([^<]*)<\/loc>/.exec(entry)![1]!;
      const links = [...entry.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1], m[2]]);
      expect(links, loc).toEqual([...['en', 'es', 'fr', 'nl', 'ht', 'pap'].map((code) => [code, `${loc}?lang=${code}`]), ['x-default', loc]]);
    }
    expect(body).toContain(`<xhtml:link rel="alternate" hreflang="pap" href="${BASE}/jobs/${visibleJobs[0]}?lang=pap"/>`);
    // The files of an index carry them too.
    sitemapSettings.urlsPerFile = 2;
    const part = (await get('/sitemaps/jobs-1.xml')).body;
    expect(checkWellFormed(part)).toEqual([]);
    expect(part).toContain(`hreflang="x-default" href="${BASE}/jobs/${visibleJobs[0]}"`);
    expect(checkWellFormed((await get('/sitemap.xml')).body)).toEqual([]);
  });

  it('the well-formedness check catches what a parser would refuse', () => {
    expect(checkWellFormed('<?xml version="1.0" encoding="UTF-8"?>\n<a><b></a></b>')).not.toEqual([]);
    expect(checkWellFormed('<?xml version="1.0" encoding="UTF-8"?>\n<a>x & y</a>')).not.toEqual([]);
    expect(checkWellFormed('<?xml version="1.0" encoding="UTF-8"?>\n<a><x:b/></a>')).not.toEqual([]);
    expect(checkWellFormed('<?xml version="1.0" encoding="UTF-8"?>\n<a href="1<2"/>')).not.toEqual([]);
    expect(checkWellFormed('<?xml version="1.0" encoding="UTF-8"?>\n<a xmlns:x="u"><x:b c="&amp;"/>t</a>\n')).toEqual([]);
  });

  it('escapes a variant of an address that already has a query', () => {
    const xml = urlset([{ loc: 'https://x.test/jobs?a=1&b=2' }]);
    expect(xml).toContain('hreflang="ht" href="https://x.test/jobs?a=1&amp;b=2&amp;lang=ht"');
    expect(checkWellFormed(xml)).toEqual([]);
  });
});

describe('sitemap XML', () => {
  it('escapes what XML gives a meaning', () => {
    expect(escapeXml(`a&b<c>"d'`)).toBe('a&amp;b&lt;c&gt;&quot;d&apos;');
    expect(urlset([{ loc: 'https://x.test/jobs?a=1&b=<2>' }])).toContain('<loc>https://x.test/jobs?a=1&amp;b=&lt;2&gt;</loc>');
  });

  it('escapes the public address it is served under', async () => {
    const other = await createTestApp({ publicUrl: 'https://jobs.example/carib&co' });
    try {
      const xml = (await other.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
      expect(xml).toContain('<loc>https://jobs.example/carib&amp;co/jobs</loc>');
      expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
      expect((await other.app.inject({ method: 'GET', url: '/robots.txt' })).body).toContain('Sitemap: https://jobs.example/carib&co/sitemap.xml');
    } finally {
      await other.close();
    }
  });
});
