import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { Client, FILES, multipart, signUp } from '../../test/http';
import { postJobRequest } from '../../test/jobs';
import { applications, feedback, idempotencyKeys, jobs } from '../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const job = { title: 'Deckhand', company: 'Island Ferries', country: 'Grenada', category: 'Transport', description: 'Crew on the Carriacou run.' };
const jobsOf = async (userId: string) => (await t.database.db.select().from(jobs).where(eq(jobs.userId, userId))).length;

describe('Idempotency-Key on creating routes', () => {
  it('a repeated job post gets the first answer, and only one job exists', async () => {
    const { client, user } = await signUp(t.app, 'employer');
    const key = randomUUID();
    const first = await postJobRequest(client, job, { idempotencyKey: key });
    expect(first.statusCode).toBe(201);
    const again = await postJobRequest(client, job, { idempotencyKey: key });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toMatch(/application\/json/);
    expect(again.json()).toEqual(first.json());
    expect(await jobsOf(user.id)).toBe(1);
    // Field order does not make it a different request.
    const reordered = Object.fromEntries(Object.entries(job).reverse());
    expect((await postJobRequest(client, reordered, { idempotencyKey: key })).json().id).toBe(first.json().id);
  });

  it('stores the answer as served, ahead of compression', async () => {
    const { client, user } = await signUp(t.app, 'employer');
    const key = randomUUID();
    const long = { ...job, description: 'Crew on the Carriacou run. '.repeat(80) };
    const send = () => client.request({ method: 'POST', url: '/api/jobs', payload: long, headers: { 'idempotency-key': key, 'accept-encoding': 'gzip' } });
    const first = await send();
    const again = await send();
    expect([first.headers['content-encoding'], again.headers['content-encoding']]).toEqual(['gzip', 'gzip']);
    expect(JSON.parse(gunzipSync(again.rawPayload).toString())).toEqual(JSON.parse(gunzipSync(first.rawPayload).toString()));
    expect(await jobsOf(user.id)).toBe(1);
  });

  it('the same key with another body is refused (422) and creates nothing', async () => {
    const { client, user } = await signUp(t.app, 'employer');
    const key = randomUUID();
    expect((await postJobRequest(client, job, { idempotencyKey: key })).statusCode).toBe(201);
    const other = await postJobRequest(client, { ...job, title: 'Captain' }, { idempotencyKey: key });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: 'This Idempotency-Key was already used for a different request.' });
    expect(await jobsOf(user.id)).toBe(1);
  });

  it('a repeat while the first is still running gets 409; one abandoned by a crash is taken over', async () => {
    const { client, user } = await signUp(t.app, 'employer');
    const first = await postJobRequest(client, job, { idempotencyKey: 'probe' });
    const hash = (await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'probe')))[0]!.requestHash;
    const key = randomUUID();
    await t.database.db.insert(idempotencyKeys).values({ scope: `user:${user.id}`, route: 'POST /api/jobs', key, requestHash: hash });
    const during = await postJobRequest(client, job, { idempotencyKey: key });
    expect(during.statusCode).toBe(409);
    expect(during.json().code).toBe('REQUEST_IN_PROGRESS');
    expect(await jobsOf(user.id)).toBe(1);
    await t.database.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '3 minutes'` })
      .where(eq(idempotencyKeys.key, key));
    const after = await postJobRequest(client, job, { idempotencyKey: key });
    expect(after.statusCode).toBe(201);
    expect(after.json().id).not.toBe(first.json().id);
  });

  it('keys belong to their caller and route, expire after a day, and are optional', async () => {
    const a = await signUp(t.app, 'employer');
    const b = await signUp(t.app, 'employer');
    const key = randomUUID();
    expect((await postJobRequest(a.client, job, { idempotencyKey: key })).statusCode).toBe(201);
    expect((await postJobRequest(b.client, job, { idempotencyKey: key })).headers['idempotent-replayed']).toBeUndefined();
    expect(await jobsOf(b.user.id)).toBe(1);
    await t.database.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, key));
    expect((await postJobRequest(a.client, job, { idempotencyKey: key })).headers['idempotent-replayed']).toBeUndefined();
    expect(await jobsOf(a.user.id)).toBe(2);
    await postJobRequest(a.client, job);
    await postJobRequest(a.client, job);
    expect(await jobsOf(a.user.id)).toBe(4);
    const bad = await postJobRequest(a.client, job, { idempotencyKey: 'x'.repeat(256) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('INVALID_IDEMPOTENCY_KEY');
    expect(await jobsOf(a.user.id)).toBe(4);
  });

  it('a refused request frees its key; a repeated application (with its file) is answered, not refused as a duplicate', async () => {
    const employer = await signUp(t.app, 'employer');
    const jobId = (await postJobRequest(employer.client, job)).json().id as string;
    const seeker = await signUp(t.app);
    const key = randomUUID();
    // multipart() makes a new boundary each call: use one body per request.
    const send = (id: string) => {
      const body = multipart([
        { name: 'coverLetter', data: 'Hello' },
        { name: 'resumeFile', filename: 'cv.pdf', contentType: 'application/pdf', data: FILES.pdf },
      ]);
      return seeker.client.request({
        method: 'POST',
        url: `/api/jobs/${id}/applications`,
        payload: body.payload,
        headers: { ...body.headers, 'idempotency-key': key },
      });
    };
    const missing = await send(randomUUID());
    expect(missing.statusCode).toBe(404);
    expect(await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
    const first = await send(jobId);
    expect(first.statusCode).toBe(201);
    const again = await send(jobId);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await t.database.db.select().from(applications).where(eq(applications.jobId, jobId))).toHaveLength(1);
  });

  it('anonymous feedback is keyed by address', async () => {
    const anon = new Client(t.app);
    const key = randomUUID();
    const body = { message: `Great site ${key}` };
    const send = () => anon.request({ method: 'POST', url: '/api/feedback', payload: body, headers: { 'idempotency-key': key } });
    expect((await send()).statusCode).toBe(201);
    expect((await send()).headers['idempotent-replayed']).toBe('true');
    expect(await t.database.db.select().from(feedback).where(eq(feedback.message, body.message))).toHaveLength(1);
    // Another address with the same key is another caller.
    const elsewhere = await new Client(t.app).request({ method: 'POST', url: '/api/feedback', payload: body, headers: { 'idempotency-key': key } });
    expect(elsewhere.headers['idempotent-replayed']).toBeUndefined();
  });
});
