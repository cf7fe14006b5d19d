import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/app';
import { BAD_QUERY_VALUES, BAD_SEGMENTS, badValues, brokenBodies, plausible, prng, type JsonSchema, type RawBody, type Rng } from '../../test/fuzz';
import { Client, FILES, multipart, PASSWORD, signUp } from '../../test/http';
import { profiles } from '../db/schema';
import { PUBLIC_AUTH_PATHS } from './auth';
import { PUBLIC_AREAS } from './storage';

/**
 * Sends malformed requests to every route the app registers (its own route table, so routes added
 * later are covered without touching this file), anonymously and as each kind of member, and fails
 * on any 5xx. Seeded: the same requests every run.
 */
const SEED = 20261122;
/** Per route and caller; the seeded draws differ between callers, so together they cover the lists. */
const SAMPLE = { badSegmentsPerParam: 10, badValuesPerField: 3, queryValuesPerKey: 3 };

let t: TestApp;
let rng: Rng;
let openapi: { paths: Record<string, Record<string, OpenApiOperation>> };
const ids: string[] = [];
const original: Array<{ id: string; role: string }> = [];

interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface Identity {
  name: string;
  address: string;
  email?: string;
  cookie: string;
}
const identities: Identity[] = [];

beforeAll(async () => {
  // Few sign-ups per address: each valid one costs a password hash, and past the limit the
  // bodies are still validated (validation runs before the limiter).
  t = await createTestApp({ signUpRateLimit: { max: 5, windowMs: 60 * 60 * 1000 } });
  rng = prng(SEED);
  openapi = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  const employer = await signUp(t.app, 'employer');
  const seeker = await signUp(t.app, 'jobseeker');
  const admin = await signUp(t.app, 'employer');
  await t.database.db
    .update(profiles)
    .set({ role: 'admin' })
    .where(sql`${profiles.id} = ${admin.user.id}`);
  const jobId = (
    await employer.client.post('/api/jobs', { title: 'Fuzz Cook', company: 'Fuzz Inc', country: 'Jamaica', category: 'Hospitality', description: 'Grill.' })
  ).json().id;
  const parts = multipart([
    { name: 'coverLetter', data: 'Hello' },
    { name: 'resumeFile', filename: 'cv.pdf', contentType: 'application/pdf', data: FILES.pdf },
  ]);
  const applicationId = (await seeker.client.request({ method: 'POST', url: `/api/jobs/${jobId}/applications`, ...parts })).json().id;
  ids.push(jobId, applicationId, employer.user.id, seeker.user.id);
  original.push({ id: employer.user.id, role: 'employer' }, { id: seeker.user.id, role: 'jobseeker' }, { id: admin.user.id, role: 'admin' });
  identities.push(
    { name: 'anonymous', address: '192.0.2.1', cookie: '' },
    { name: 'jobseeker', address: '192.0.2.2', email: seeker.email, cookie: seeker.client.cookie },
    { name: 'employer', address: '192.0.2.3', email: employer.email, cookie: employer.client.cookie },
    { name: 'admin', address: '192.0.2.4', email: admin.email, cookie: admin.client.cookie },
  );
});
afterAll(() => t?.close());

/** Puts the fuzzed members back as they were: the admin routes may have banned them, sign-out ended their sessions. */
async function restore() {
  for (const o of original)
    await t.database.db
      .update(profiles)
      .set({ role: o.role })
      .where(inArray(profiles.id, [o.id]));
  for (const who of identities) {
    if (!who.email) continue;
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: who.cookie } });
    if (me.json().user) continue;
    const client = new Client(t.app, `198.18.${rng.int(250)}.${rng.int(250)}`);
    const res = await client.post('/api/auth/sign-in/email', { email: who.email, password: PASSWORD });
    if (res.statusCode !== 200) throw new Error(`could not sign ${who.name} in again: ${res.statusCode}`);
    who.cookie = client.cookie;
  }
}

const operation = (method: string, url: string): OpenApiOperation | undefined => openapi.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];

/** Values a path parameter may take to get past routing and validation: its enum, a known area, real ids. */
function goodParam(url: string, name: string, op?: OpenApiOperation): string[] {
  const schema = op?.parameters?.find((p) => p.in === 'path' && p.name === name)?.schema;
  if (schema?.enum?.length) return schema.enum.map(String);
  if (name === 'area') return [...PUBLIC_AREAS];
  if (name === '*' && url.startsWith('/api/auth/')) return [...PUBLIC_AUTH_PATHS].map((p) => p.slice(1));
  return [...ids, rng.uuid()];
}

/** A lone surrogate cannot be URL-encoded: send the bytes a careless client would (CESU-8). */
const encodeQuery = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
};

function sample<T>(items: readonly T[], n: number): T[] {
  const pool = [...items];
  return Array.from({ length: Math.min(n, pool.length) }, () => pool.splice(rng.int(pool.length), 1)[0]!);
}

function fill(url: string, values: Record<string, string>): string {
  return url.replace(/:(\w+)|\*/g, (_m, name: string | undefined) => values[name ?? '*']!);
}

interface Case {
  url: string;
  label: string;
  body?: RawBody;
}

function casesFor(method: string, url: string): Case[] {
  const op = operation(method, url);
  const names = [...url.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');
  const good = Object.fromEntries(names.map((n) => [n, goodParam(url, n, op)]));
  const base = () => Object.fromEntries(names.map((n) => [n, rng.pick(good[n]!)]));
  const bodySchema = op?.requestBody?.content?.['application/json']?.schema;
  const json = (value: unknown): RawBody => ({ label: 'json', payload: JSON.stringify(value), contentType: 'application/json' });
  const plausibleBody = () => (bodySchema ? json(plausible(bodySchema, rng)) : undefined);
  const cases: Case[] = [];

  // Path parameters: every good value, then one parameter at a time set to each bad segment.
  for (const n of names) for (const v of good[n]!) cases.push({ url: fill(url, { ...base(), [n]: v }), label: `${n}=${v}`, body: plausibleBody() });
  for (const n of names)
    for (const seg of sample(BAD_SEGMENTS, SAMPLE.badSegmentsPerParam))
      cases.push({ url: fill(url, { ...base(), [n]: seg }), label: `${n}=${seg.slice(0, 20)}`, body: plausibleBody() });

  // Query: the route's own keys (or, for a route without any, one that it should ignore), each
  // with bad values, then repeated, then a flood of keys and broken escapes.
  const keys = new Set((op?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name));
  if (!keys.size) keys.add(rng.pick(['q', 'cursor', 'limit']));
  for (const key of keys) {
    for (let i = 0; i < SAMPLE.queryValuesPerKey; i++) {
      const value = rng.pick(BAD_QUERY_VALUES);
      cases.push({ url: `${fill(url, base())}?${key}=${encodeQuery(value)}`, label: `?${key}=${value.slice(0, 20)}` });
    }
    cases.push({ url: `${fill(url, base())}?${key}=1&${key}=2&${key}[a]=3`, label: `?${key} repeated` });
  }
  cases.push({ url: `${fill(url, base())}?${Array.from({ length: 200 }, (_, i) => `k${i}=%00`).join('&')}`, label: 'many keys' });
  cases.push({ url: `${fill(url, base())}?%zz=%zz&a=%E0%A4%A&=`, label: 'broken escapes' });

  // Bodies: broken as a whole, then a plausible body with one field at a time of a wrong type or size.
  // GET and HEAD bodies are never read: one is enough to show it.
  const broken = brokenBodies();
  for (const body of method === 'GET' ? [rng.pick(broken)] : broken) cases.push({ url: fill(url, base()), label: body.label, body });
  if (bodySchema) {
    const fields = Object.keys(bodySchema.properties ?? {});
    for (const field of [...fields, 'role', 'userId', 'id', '__proto__']) {
      const values = badValues(rng);
      for (let i = 0; i < SAMPLE.badValuesPerField; i++) {
        const value = rng.pick(values);
        const body = { ...(plausible(bodySchema, rng) as object), [field]: value };
        cases.push({ url: fill(url, base()), label: `${field}=${JSON.stringify(value)?.slice(0, 20)}`, body: json(body) });
      }
    }
  }
  return cases;
}

describe('fuzzing every registered route', () => {
  it('reads the route table, including routes no OpenAPI document lists', () => {
    const urls = new Set(t.app.routeTable.map((r) => r.url));
    for (const path of Object.keys(openapi.paths)) expect(urls, path).toContain(path.replace(/\{(\w+)\}/g, ':$1'));
    expect(urls).toContain('/api/auth/*');
    expect(urls).toContain('/api/files/:area/:name');
  });

  // 77 s alone on the PostgreSQL server; in .ci/run it shares two cores with the PGlite pass and the
  // build, and took over 300 s twice on 2 December 2026 (cause not found). Its pass is not what CI
  // waits for (the journeys are), so a longer limit costs CI no time.
  it('never answers 5xx to malformed paths, queries or bodies, signed in or not', { timeout: 900_000 }, async () => {
    const seen = new Set<string>();
    // Event streams answer with a response that stays open by design (it ends when the client goes):
    // inject would wait for it forever. Their input checks are the same guards as every other route's.
    const longLived = (url: string) => url.endsWith('/stream');
    const routes = t.app.routeTable.filter(
      (r) => r.method !== 'HEAD' && !longLived(r.url) && !seen.has(`${r.method} ${r.url}`) && seen.add(`${r.method} ${r.url}`),
    );
    // Deleting last keeps the fixtures (the job, the application) for every other route.
    // Deleting a user (admins) goes very last: it removes the fixtures' accounts that restore() signs in again.
    const rank = (r: { method: string; url: string }) => (r.method !== 'DELETE' ? 0 : r.url === '/api/admin/users/:userId' ? 2 : 1);
    routes.sort((a, b) => rank(a) - rank(b));
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      await restore();
      for (const who of identities) {
        const cases = casesFor(route.method, route.url);
        for (const c of cases) {
          const headers: Record<string, string> = { origin: TEST_ORIGIN };
          if (who.cookie) headers.cookie = who.cookie;
          if (c.body?.contentType) headers['content-type'] = c.body.contentType;
          const res = await t.app.inject({ method: route.method as 'GET', url: c.url, headers, payload: c.body?.payload, remoteAddress: who.address });
          sent++;
          if (res.statusCode >= 500)
            failures.push(`${who.name} ${route.method} ${route.url} [${c.label}] ${c.url.slice(0, 80)} → ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(routes.length).toBeGreaterThan(15);
    expect(sent).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  });
});
