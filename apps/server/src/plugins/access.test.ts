import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/app';
import { setRole } from '../../test/consultants';
import { plausible, prng, type JsonSchema } from '../../test/fuzz';
import { Client, FILES, multipart, signUp } from '../../test/http';
import { postJob } from '../../test/jobs';
import { adForm, categoryId } from '../modules/ads/test-helpers';
import { signUpConsultant, CONTACT } from '../../test/consultants';
import type { Access } from './auth';

/**
 * Issue 48, items 0 and 7, walked over the app's own route table (so a route added later is
 * covered without touching this file):
 * - access is decided before input is read: a caller who may not use a route gets its 401/403 for
 *   any path, query or body, never a 400 that shows the route's shape;
 * - an administrator who has not set up two-step sign-in has no more power than a signed-in person
 *   anywhere, not only under /api/admin.
 */

let t: TestApp;
const rng = prng(20261201);
let openapi: { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>> };

/** Routes anyone may call. A new route without a guard fails here until it is listed, on purpose. */
const PUBLIC = new Set([
  'GET /api/health',
  'GET /api/health/ready',
  'GET /api/config',
  'GET /api/payment-settings',
  'GET /api/me',
  'POST /api/signup',
  'GET /api/profiles/:userId',
  'POST /api/feedback',
  'GET /api/jobs',
  'GET /api/jobs/countries',
  'GET /api/jobs/:id',
  'GET /api/job-categories',
  'GET /api/applications/:id/files/:kind',
  'GET /api/resumes/:userId',
  'GET /api/resumes/:userId/document',
  'GET /api/consultants',
  'GET /api/consultants/:userId',
  'GET /api/consultants/:userId/reviews',
  'GET /api/ads',
  'GET /api/ads/:id',
  'GET /api/ad-categories',
  'POST /api/alerts/guest',
  'GET /api/files/:area/:name',
  'GET /api/auth/*',
  'POST /api/auth/*',
  'GET /api/docs',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/*',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  // Companies (issue 44): the directory, a company's page and its open jobs.
  'GET /api/companies',
  'GET /api/companies/:slug',
  'GET /api/companies/:slug/jobs',
]);

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const apiRoutes = () => {
  const seen = new Set<string>();
  return t.app.routeTable.filter((r) => r.method !== 'HEAD' && r.url.startsWith('/api/') && !seen.has(key(r)) && seen.add(key(r)));
};

interface Who {
  name: string;
  cookie: string;
  id?: string;
}
let seeker: Who;
let employer: Who;
let consultant: Who;
let pendingAdmin: Who;
let muted: Who;

function send(who: Who, method: string, url: string, body?: { payload: string | Buffer; contentType: string }) {
  const headers: Record<string, string> = { origin: TEST_ORIGIN };
  if (who.cookie) headers.cookie = who.cookie;
  if (body) headers['content-type'] = body.contentType;
  return t.app.inject({ method: method as 'GET', url, headers, payload: body?.payload });
}

const asWho = (name: string, account: { client: Client; user: { id: string } }): Who => ({ name, cookie: account.client.cookie, id: account.user.id });

beforeAll(async () => {
  t = await createTestApp();
  openapi = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  seeker = asWho('job seeker', await signUp(t.app, 'jobseeker'));
  employer = asWho('employer', await signUp(t.app, 'employer'));
  consultant = asWho('consultant', await signUpConsultant(t.app, { fullName: 'Plain Consultant' }));
  const admin = await signUp(t.app, 'jobseeker');
  await t.database.db.execute(sql`update profiles set role = 'admin' where id = ${admin.user.id}`);
  pendingAdmin = asWho('admin without two-step sign-in', admin);
  const mutedAccount = await signUp(t.app, 'employer');
  await setRole(t.database, mutedAccount.user.id, 'muted');
  muted = asWho('muted', mutedAccount);
});
afterAll(() => t?.close());

describe('access is decided before input is read', () => {
  it('every /api route either has a guard or is one of the listed public routes', () => {
    const unguarded = apiRoutes()
      .filter((r) => r.access.length === 0)
      .map(key);
    expect(unguarded.filter((k) => !PUBLIC.has(k))).toEqual([]);
    expect([...PUBLIC].filter((k) => !unguarded.includes(k))).toEqual([]);
  });

  // Malformed in every part at once: a path segment that is not an id, a query no schema accepts,
  // and a body that is not even JSON.
  const malformed = (url: string) => url.replace(/:\w+|\*/g, 'not-an-id%00') + '?limit=-1&cursor=%00&since=x';
  const brokenBody = { payload: '{"a":', contentType: 'application/json' };

  it('a signed-out caller gets 401 from every guarded route, whatever the input', async () => {
    const wrong: string[] = [];
    for (const r of apiRoutes().filter((r) => r.access.length)) {
      const res = await send({ name: 'anonymous', cookie: '' }, r.method, malformed(r.url), r.method === 'GET' ? undefined : brokenBody);
      // An operator's route has no sign-in to ask for: without its token it is refused outright.
      const expected = r.access.includes('operator') ? 403 : 401;
      if (res.statusCode !== expected) wrong.push(`${key(r)}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a signed-in caller of the wrong kind gets 403 from every guarded route, whatever the input', async () => {
    const wrong: string[] = [];
    const refused: Record<Access, Who[]> = {
      'signed-in': [],
      writer: [muted],
      admin: [seeker, employer, pendingAdmin],
      employer: [seeker, consultant, pendingAdmin, muted],
      jobseeker: [employer, pendingAdmin, muted],
      operator: [seeker, pendingAdmin],
    };
    for (const r of apiRoutes().filter((r) => r.access.length)) {
      for (const who of new Set(r.access.flatMap((a) => refused[a]))) {
        const res = await send(who, r.method, malformed(r.url), r.method === 'GET' ? undefined : brokenBody);
        if (res.statusCode !== 403) wrong.push(`${key(r)} as ${who.name}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the admin area tells an admin without two-step sign-in to set it up', async () => {
    const res = await send(pendingAdmin, 'GET', '/api/admin/stats?x=%00');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('TWO_FACTOR_REQUIRED');
  });

  it('buildApp refuses a guard placed after validation', async () => {
    const { requireUser } = await import('./auth');
    const { assertGuardsFirst } = await import('./auth');
    expect(() => assertGuardsFirst({ method: 'GET', url: '/api/x', preHandler: [requireUser] })).toThrow(/onRequest/);
    expect(() => assertGuardsFirst({ method: 'GET', url: '/api/x', preHandler: async () => {} })).not.toThrow();
  });
});

describe('an admin without two-step sign-in has no more power than a signed-in person', () => {
  const fixtures: Record<string, string[]> = { id: [], userId: [], kind: ['resume', 'coverLetter', 'image', 'video'] };

  beforeAll(async () => {
    const owner = await signUp(t.app, 'employer');
    const applicant = await signUp(t.app, 'jobseeker');
    const other = await signUp(t.app, 'jobseeker');
    const job = await postJob(owner, 'Night Porter');
    const application = await applicant.client.request({
      method: 'POST',
      url: `/api/jobs/${job.id}/applications`,
      ...multipart([
        { name: 'coverLetter', data: 'Hello' },
        { name: 'resumeFile', filename: 'cv.pdf', contentType: 'application/pdf', data: FILES.pdf },
        { name: 'coverLetterFile', filename: 'letter.pdf', contentType: 'application/pdf', data: FILES.pdf },
      ]),
    });
    expect(application.statusCode).toBe(201);
    // Listings that only their owners and admins see: unpaid jobs and ads.
    const charge = (free: boolean) =>
      t.database.db.execute(sql`insert into settings (key, value) values ('jobs_free', ${String(free)}), ('ads_free', ${String(free)})
        on conflict (key) do update set value = excluded.value`);
    await charge(false);
    const unpaidJob = await postJob(owner, 'Unpaid Night Porter');
    // Resumes kept for employers, and for nobody.
    for (const [who, visibility] of [
      [applicant, 'employers'],
      [other, 'nobody'],
    ] as const) {
      const saved = await who.client.request({
        method: 'PUT',
        url: '/api/resumes/me',
        ...multipart([
          { name: 'resume', data: JSON.stringify({ fullName: 'Private Person', summary: 'Private summary', visibility }) },
          { name: 'resumeFile', filename: 'cv.pdf', contentType: 'application/pdf', data: FILES.pdf },
        ]),
      });
      expect(saved.statusCode).toBe(200);
    }
    // An ad not yet paid for, and an ad of a suspended owner.
    const vehicles = await categoryId(t, 'vehicles');
    const unpaidAd = await applicant.client.request({
      method: 'POST',
      url: '/api/ads',
      ...adForm({ title: 'Unpaid Fridge', description: 'Cold.', categoryId: vehicles }),
    });
    expect(unpaidAd.statusCode).toBe(201);
    await charge(true);
    const suspendedAd = await other.client.request({
      method: 'POST',
      url: '/api/ads',
      ...adForm({ title: 'Hidden Car', description: 'Fast.', categoryId: vehicles }),
    });
    expect(suspendedAd.statusCode).toBe(201);
    await t.database.db.execute(sql`update profiles set previous_role = role, role = 'suspended' where id = ${other.user.id}`);
    // A client request to a consultant, feedback with an email, a conversation between two others.
    const counsel = await signUpConsultant(t.app, { fullName: 'Private Counsel' });
    expect((await applicant.client.post(`/api/consultants/${counsel.user.id}/requests`, CONTACT)).statusCode).toBe(201);
    expect((await owner.client.post('/api/feedback', { name: 'Owner', message: 'Private feedback' })).statusCode).toBe(201);
    expect((await owner.client.post('/api/messages', { recipientId: applicant.user.id, message: 'A private word' })).statusCode).toBe(201);

    fixtures.id.push(job.id, unpaidJob.id, application.json().id, unpaidAd.json().id, suspendedAd.json().id);
    fixtures.userId.push(owner.user.id, applicant.user.id, other.user.id, counsel.user.id);
  });

  /** Every uuid an answer carries: what it gave away. */
  const idsIn = (body: string): Set<string> => new Set(body.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\b[A-Za-z0-9]{32}\b/g) ?? []);

  function urlsFor(url: string): string[] {
    let urls = [url];
    for (const m of url.matchAll(/:(\w+)/g)) {
      const values = fixtures[m[1]!] ?? fixtures.id!;
      urls = urls.flatMap((u) => values.map((v) => u.replace(`:${m[1]}`, v)));
    }
    return urls;
  }

  it('on every route, with the ids of other people’s things', { timeout: 240_000 }, async () => {
    const plain = [seeker, employer];
    const mine = new Set([pendingAdmin.id, seeker.id, employer.id]);
    // What changes the caller's own session or account, or never ends (event streams), is left out.
    const skip = (r: { method: string; url: string }) =>
      r.url.startsWith('/api/auth/') || r.url.startsWith('/api/docs') || r.url.endsWith('/stream') || r.url === '/api/me' || r.url.startsWith('/api/account');
    // Deleting goes last, so every other route still finds the fixtures.
    const routes = apiRoutes()
      .filter((r) => !skip(r))
      .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    const gained: string[] = [];
    for (const r of routes) {
      const schema = openapi.paths[r.url.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()]?.requestBody?.content?.['application/json']?.schema;
      for (const url of urlsFor(r.url)) {
        const body = schema ? { payload: JSON.stringify(plausible(schema, rng)), contentType: 'application/json' } : undefined;
        const theirs = [];
        for (const who of plain) theirs.push(await send(who, r.method, url, body));
        const res = await send(pendingAdmin, r.method, url, body);
        const ok = (s: number) => s >= 200 && s < 300;
        if (ok(res.statusCode) && !theirs.some((x) => ok(x.statusCode))) {
          gained.push(`${r.method} ${url}: ${res.statusCode} where a signed-in person gets ${theirs.map((x) => x.statusCode).join('/')}`);
          continue;
        }
        if (ok(res.statusCode) && r.method === 'GET') {
          const seen = new Set(theirs.flatMap((x) => [...idsIn(x.body)]));
          const extra = [...idsIn(res.body)].filter((id) => !seen.has(id) && !mine.has(id));
          if (extra.length) gained.push(`${r.method} ${url}: shows ${extra.length} record(s) a signed-in person does not see`);
        }
      }
    }
    expect(gained).toEqual([]);
  });
});
