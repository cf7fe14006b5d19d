import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { multipart, signUp } from '../../test/http';
import { applications, jobs } from '../db/schema';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

const EVIL = 'https://evil.example';
const job = { title: 'Line Cook', company: 'Sea Grape Grill', country: 'Jamaica', category: 'Hospitality', description: 'Grill station.' };

/** Real HTTP with the path sent byte for byte (fetch and inject would normalise it first). */
function rawRequest(method: string, path: string, headers: Record<string, string>, body?: Buffer) {
  return new Promise<number>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Ways to spell /api/… that a router might route while a prefix test on the raw URL misses them. */
const variants = (rest: string) => [
  `/%61pi/${rest}`,
  `/api%2F${rest}`,
  `/%2561pi/${rest}`,
  `//api/${rest}`,
  `/x/../api/${rest}`,
  `/./api/${rest}`,
  `/API/${rest}`,
  `/Api/${rest}`,
  `/api/${rest}`,
];

describe('cross-site writes are refused whatever the path spelling', () => {
  it('never applies for a job from a foreign Origin (inject and real HTTP)', async () => {
    const employer = await signUp(t.app, 'employer');
    const jobId = (await employer.client.post('/api/jobs', job)).json().id as string;
    const seeker = await signUp(t.app, 'jobseeker');
    const body = multipart([{ name: 'coverLetter', data: 'Forged by another site.' }]);
    for (const url of variants(`jobs/${jobId}/applications`)) {
      const injected = await seeker.client.request({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, origin: EVIL } });
      expect([403, 404], `inject ${url}`).toContain(injected.statusCode);
      const real = await rawRequest('POST', url, { ...body.headers, origin: EVIL, cookie: seeker.client.cookie }, body.payload);
      expect([403, 404], `http ${url}`).toContain(real);
    }
    expect(await t.database.db.select().from(applications).where(eq(applications.jobId, jobId))).toEqual([]);
    // The same request from our own origin goes through: the refusals above were the Origin check.
    const own = await seeker.client.request({ method: 'POST', url: `/api/jobs/${jobId}/applications`, ...body });
    expect(own.statusCode).toBe(201);
  });

  it('never deletes a job from a foreign Origin, nor without an Origin', async () => {
    const employer = await signUp(t.app, 'employer');
    const jobId = (await employer.client.post('/api/jobs', job)).json().id as string;
    for (const url of variants(`jobs/${jobId}`)) {
      const res = await employer.client.request({ method: 'DELETE', url, headers: { origin: EVIL } });
      expect([403, 404], url).toContain(res.statusCode);
      const real = await rawRequest('DELETE', url, { cookie: employer.client.cookie });
      expect([403, 404], `http ${url} without Origin`).toContain(real);
    }
    expect(await t.database.db.select().from(jobs).where(eq(jobs.id, jobId))).toHaveLength(1);
  });

  it('refuses a foreign Origin on better-auth routes too', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/%61pi/auth/sign-out', headers: { origin: EVIL }, payload: {} });
    expect(res.statusCode).toBe(403);
  });
});
