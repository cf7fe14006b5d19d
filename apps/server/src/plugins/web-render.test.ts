import { sql } from 'drizzle-orm';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceRendererDist } from '../../test/source-renderer';
import { createTestApp, type TestApp } from '../../test/app';
import sharp from 'sharp';
import { CONSULTANT_FIELDS, saveConsultant } from '../../test/consultants';
import { multipart, signUp } from '../../test/http';

// The web app's real renderer (apps/web/src/entry-server.tsx), loaded from source by Vitest instead of
// from a build: the plugin imports dist/server/entry-server.js, which here re-exports the source. The
// template is the source index.html; no manifest, so no preloads (web-ssr.test.ts covers those).

let t: TestApp;
let dist: string;
let jobId: string;
/** The session cookie of the job's employer. */
let owner: string;
// 20:30 UTC on 12 March: already 13 March at Kiritimati (UTC+14), still 12 March at Honolulu (UTC-10).
const POSTED = '2026-03-12T20:30:00.000Z';
const MISSING = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  dist = await sourceRendererDist('render');
  t = await createTestApp({ webDist: dist });

  const { client } = await signUp(t.app, 'employer');
  owner = client.cookie;
  const res = await client.post('/api/jobs', { title: 'Night Cook', company: 'Blue Hotel', country: 'Jamaica', category: 'Hospitality', description: 'Cook.' });
  expect(res.statusCode, res.body).toBe(201);
  jobId = res.json().id;
  await t.database.db.execute(sql`update jobs set created_at = ${POSTED} where id = ${jobId}`);
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

// The page's markup without the data it hands the browser (which holds whole catalogs).
const shown = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, '');
const page = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe("dates on server-rendered pages, in the reader's time zone", () => {
  it('formats the posted date in the zone of the tz cookie, on the job and in the list', async () => {
    const east = await page(`/jobs/${jobId}`, 'lang=en; tz=Pacific%2FKiritimati');
    expect(east.statusCode).toBe(200);
    expect(east.body).toContain('Mar 13, 2026');
    expect(east.body).not.toContain('Mar 12, 2026');

    const west = await page(`/jobs/${jobId}`, 'tz=Pacific/Honolulu');
    expect(west.body).toContain('Mar 12, 2026');
    expect(west.body).not.toContain('Mar 13, 2026');

    expect((await page('/jobs', 'tz=Pacific%2FKiritimati')).body).toContain('Posted Mar 13, 2026');
    expect((await page('/jobs', 'tz=Pacific%2FHonolulu')).body).toContain('Posted Mar 12, 2026');
  });

  it("falls back to the server's zone without a cookie or with one that is not a zone, never failing", async () => {
    const serverDate = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(POSTED));
    for (const cookie of [undefined, 'tz=Nowhere%2FLand', 'tz=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E', 'tz=%E0%A4%A', `tz=${'Europe/'.repeat(200)}`]) {
      const res = await page(`/jobs/${jobId}`, cookie);
      expect(res.statusCode, cookie).toBe(200);
      expect(res.body, cookie).toContain(serverDate);
      expect(res.body, cookie).not.toContain('<script>alert(1)');
    }
  });

  it('keeps each page in its own zone when renders overlap', async () => {
    const zones = Array.from({ length: 8 }, (_, i) => (i % 2 ? 'Pacific/Honolulu' : 'Pacific/Kiritimati'));
    const pages = await Promise.all(zones.map((zone) => page(`/jobs/${jobId}`, `tz=${encodeURIComponent(zone)}`)));
    pages.forEach((res, i) => {
      const [mine, other] = zones[i] === 'Pacific/Kiritimati' ? ['Mar 13, 2026', 'Mar 12, 2026'] : ['Mar 12, 2026', 'Mar 13, 2026'];
      expect(res.body, zones[i]).toContain(mine);
      expect(res.body, zones[i]).not.toContain(other);
    });
  });
});

describe('a missing record opened by its address', () => {
  it("answers 404 with Edit Ad's own sentence on both of its addresses", async () => {
    for (const url of [`/edit-ad/${MISSING}`, `/ads/${MISSING}/edit`]) {
      const res = await page(url, 'lang=en');
      expect(res.statusCode, url).toBe(404);
      // What a client navigation shows: the screen's heading and its sentence, not the generic page.
      expect(shown(res.body), url).toMatch(/<h1[^>]*>Edit Ad<\/h1>/);
      expect(shown(res.body), url).toContain('Ad not found or access denied.');
      expect(shown(res.body), url).not.toContain('The page you are looking for');
      expect(res.body, url).toContain('<title>Ad not found or access denied.');
    }
    // The ad's own page keeps its words.
    const detail = await page(`/ads/${MISSING}`, 'lang=en');
    expect(detail.statusCode).toBe(404);
    expect(shown(detail.body)).toMatch(/<h1[^>]*>Ad not found.<\/h1>/);
  });
});

describe('pictures sized for the phone on rendered lists', () => {
  it('ad cards offer two widths with sizes, reserve their size, and load lazily after the first', async () => {
    const { client } = await signUp(t.app);
    const categoryId = ((await client.get('/api/ad-categories')).json() as Array<{ id: string }>)[0]!.id;
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#0a7d5a' } })
      .jpeg()
      .toBuffer();
    for (const title of ['Older Boat', 'Newer Boat']) {
      const body = multipart([
        { name: 'title', data: title },
        { name: 'description', data: 'Sound hull.' },
        { name: 'categoryId', data: categoryId },
        { name: 'country', data: 'Bahamas' },
        { name: 'image', filename: 'boat.jpg', contentType: 'image/jpeg', data: photo },
      ]);
      expect((await client.request({ method: 'POST', url: '/api/ads', ...body })).statusCode).toBe(201);
    }
    const html = shown((await page('/ads', 'lang=en')).body);
    const imgs = [...html.matchAll(/<img [^>]*alt="(Older|Newer) Boat"[^>]*>/g)].map((m) => m[0]);
    expect(imgs).toHaveLength(2);
    for (const img of imgs) {
      expect(img).toMatch(/srcSet="\/api\/files\/ads\/[^" ]+-small\.webp 360w, \/api\/files\/ads\/[^" ]+-card\.webp 480w"/);
      expect(img).toMatch(/sizes="[^"]*calc\(100vw - 32px\)"/);
      expect(img).toContain('width="480"');
      expect(img).toContain('height="360"');
    }
    // Newest first: the first card is in view on arrival; the next waits until scrolled near.
    expect(imgs[0]).toContain('alt="Newer Boat"');
    expect(imgs[0]).toContain('loading="eager"');
    expect(imgs[1]).toContain('loading="lazy"');
  });

  it('consultant photos on the directory offer the small and the full photo', async () => {
    const { client } = await signUp(t.app);
    const photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#0030d0' } })
      .jpeg()
      .toBuffer();
    expect(
      (await saveConsultant(client, { ...CONSULTANT_FIELDS, fullName: 'Pictured Person' }, { filename: 'me.jpg', contentType: 'image/jpeg', data: photo }))
        .statusCode,
    ).toBe(201);
    const html = shown((await page('/consultants', 'lang=en')).body);
    const img = /<img [^>]*alt="[^"]*Pictured Person[^"]*"[^>]*>/.exec(html)?.[0];
    expect(img).toMatch(/srcSet="\/api\/files\/consultants\/[^" ]+-small\.webp 160w, \/api\/files\/consultants\/[^" ]+\.webp 320w"/);
    expect(img).toContain('sizes="72px"');
    expect(img).toContain('loading="lazy"');
    // Its box is reserved before the picture arrives: nothing below it moves.
    expect(img).toContain('width="72"');
    expect(img).toContain('height="72"');
  });
});

describe('HEAD to a rendered page', () => {
  it('answers as the GET does, with no body', async () => {
    for (const [url, status] of [
      ['/', 200],
      ['/jobs', 200],
      [`/jobs/${jobId}`, 200],
      [`/jobs/${MISSING}`, 404],
      ['/no-such-page', 404],
    ] as const) {
      const get = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      const head = await t.app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'identity' } });
      expect(get.statusCode, url).toBe(status);
      expect(head.statusCode, url).toBe(status);
      expect(head.body, url).toBe('');
      for (const name of ['content-type', 'cache-control', 'vary', 'content-security-policy', 'content-length']) {
        expect(head.headers[name], `${url} ${name}`).toBe(get.headers[name]);
      }
      expect(head.headers['content-type'], url).toBe('text/html; charset=utf-8');
    }
  });

  it('leaves API and asset paths as they were', async () => {
    for (const url of ['/api/nope', '/assets/gone-1.js']) {
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(404);
      expect(head.headers['content-type'], url).toMatch(/application\/json/);
      expect(head.body, url).toBe('');
    }
    expect((await t.app.inject({ method: 'HEAD', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('the words a page hands the browser', () => {
  const catalogs = (html: string) =>
    Object.keys(
      (JSON.parse(/<script type="application\/json" id="ssr-data">([\s\S]*?)<\/script>/.exec(html)![1]!) as { catalogs: Record<string, object> }).catalogs.en!,
    );

  it("carries the jobs catalog on the list and a job's page, and the employer's only to the job's owner", async () => {
    // The posting form and the employer's dashboard have their own catalog: a phone opening the list never downloads them.
    expect(catalogs((await page('/jobs', 'lang=en')).body)).toContain('jobs');
    expect(catalogs((await page('/jobs', 'lang=en')).body)).not.toContain('employer');
    expect(catalogs((await page(`/jobs/${jobId}`, 'lang=en')).body)).not.toContain('employer');
    const own = await page(`/jobs/${jobId}`, `lang=en; ${owner}`);
    expect(catalogs(own.body)).toEqual(expect.arrayContaining(['jobs', 'employer']));
    expect(shown(own.body)).toContain('View Applicants');
  });
});
