import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { Client, FILES, multipart, signUp } from '../../test/http';
import { applications, feedback, profiles } from '../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const job = { title: 'Line Cook', company: 'Sea Grape Grill', country: 'Jamaica', category: 'Hospitality', description: 'Grill station.' };
const deepJson = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

async function uploads(area: string) {
  try {
    return await readdir(path.join(t.config.dataDir, 'uploads', area));
  } catch {
    return [];
  }
}

describe('NUL characters are refused with 400 INVALID_TEXT, before anything is stored', () => {
  it('in a JSON body', async () => {
    const res = await new Client(t.app).post('/api/feedback', { message: 'a\u0000b' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_TEXT', message: 'Text cannot contain NUL characters.' });
    expect(await t.database.db.select().from(feedback)).toEqual([]);
  });

  it('in a JSON key, a nested value and a PATCH', async () => {
    const { client, user } = await signUp(t.app);
    expect((await client.patch('/api/profiles/me', { ['bio\u0000']: 'x' })).json().code).toBe('INVALID_TEXT');
    const res = await client.patch('/api/profiles/me', { fullName: 'Ana', bio: 'line one\u0000line two' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_TEXT');
    const [row] = await t.database.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(row!.bio).toBe('');
  });

  it('and so is an unpaired surrogate in a JSON body', async () => {
    const { client, user } = await signUp(t.app);
    const res = await client.patch('/api/profiles/me', { fullName: 'Ana', bio: 'broken \ud800 text' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_TEXT');
    const [row] = await t.database.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(row!.bio).toBe('');
  });

  it('in a query string and a path parameter', async () => {
    for (const url of ['/api/jobs?title=%00', '/api/jobs?country=Ja%00maica', '/api/profiles/%00', '/api/jobs/%00', '/api/applications/%00/files/resume']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code, url).toBe('INVALID_TEXT');
    }
  });

  it('in a multipart text field', async () => {
    const employer = await signUp(t.app, 'employer');
    const jobId = (await employer.client.post('/api/jobs', job)).json().id as string;
    const { client } = await signUp(t.app);
    const res = await client.request({
      method: 'POST',
      url: `/api/jobs/${jobId}/applications`,
      ...multipart([{ name: 'coverLetter', data: 'Hello\u0000there' }]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_TEXT');
    expect(await t.database.db.select().from(applications).where(eq(applications.jobId, jobId))).toEqual([]);
  });
});

describe('malformed multipart is a 400 that stores nothing', () => {
  type Body = { payload: Buffer | string; headers: Record<string, string> };
  const malformed: Array<[string, (good: Body & { payload: Buffer }) => Body]> = [
    ['no boundary', (good) => ({ payload: good.payload, headers: { 'content-type': 'multipart/form-data' } })],
    ['an empty boundary', (good) => ({ payload: good.payload, headers: { 'content-type': 'multipart/form-data; boundary=' } })],
    ['another boundary than the body uses', (good) => ({ payload: good.payload, headers: { 'content-type': 'multipart/form-data; boundary=other' } })],
    ['a truncated body', (good) => ({ payload: good.payload.subarray(0, good.payload.length - 40), headers: good.headers })],
    ['a body cut inside the part headers', (good) => ({ payload: good.payload.subarray(0, 60), headers: good.headers })],
    ['garbage', () => ({ payload: 'not multipart at all \u0001\u0002', headers: { 'content-type': 'multipart/form-data; boundary=xyz' } })],
  ];

  it.each(malformed)('avatar upload with %s', async (_name, make) => {
    const { client, user } = await signUp(t.app);
    const good = multipart([{ name: 'avatar', filename: 'me.png', contentType: 'image/png', data: FILES.png }]);
    const res = await client.request({ method: 'POST', url: '/api/profiles/me/avatar', ...make(good) });
    expect(res.statusCode).toBe(400);
    const [row] = await t.database.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(row!.avatarUrl ?? null).toBeNull();
    expect((await uploads('avatars')).filter((f) => f.startsWith(user.id))).toEqual([]);
  });

  it.each(malformed)('applying with %s', async (_name, make) => {
    const employer = await signUp(t.app, 'employer');
    const jobId = (await employer.client.post('/api/jobs', job)).json().id as string;
    const { client } = await signUp(t.app);
    const good = multipart([
      { name: 'coverLetter', data: 'I would love to join your team.' },
      { name: 'resumeFile', filename: 'cv.pdf', contentType: 'application/pdf', data: FILES.pdf },
    ]);
    const res = await client.request({ method: 'POST', url: `/api/jobs/${jobId}/applications`, ...make(good) });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_MULTIPART');
    expect(await t.database.db.select().from(applications).where(eq(applications.jobId, jobId))).toEqual([]);
    expect(await uploads('resumes')).toEqual([]);
  });
});

describe('public file names', () => {
  it.each(['..', '.', 'a..b', '..png', '...', '%2e%2e', '.hidden', 'a%00b', 'x'.repeat(90), 'x'.repeat(300)])('answers a 4xx for %s', async (name) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/files/avatars/${name}` });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('answers 404 for dot-segment names and never 500', async () => {
    for (const url of ['/api/files/avatars/..', '/api/files/avatars/a..b', '/api/files/../avatars/x.png', '/api/files/avatars/%2e%2e%2f%2e%2e%2fauth-secret']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});

describe('deeply nested JSON', () => {
  it.each(['/api/auth/sign-in/email', '/api/auth/sign-out', '/api/auth/request-password-reset', '/api/signup', '/api/feedback', '/api/jobs'])(
    'is refused with 400 on %s',
    async (url) => {
      // Posting a job is for employers, and access is decided before the body is read (0068).
      const client = url === '/api/jobs' ? (await signUp(t.app, 'employer')).client : new Client(t.app);
      const res = await client.request({ method: 'POST', url, payload: deepJson(10_000), headers: { 'content-type': 'application/json' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('JSON_TOO_DEEP');
    },
  );

  it('still accepts ordinary nesting', async () => {
    const res = await new Client(t.app).post('/api/feedback', { message: 'Nice site', name: 'Ana' });
    expect(res.statusCode).toBe(201);
    const nested = await new Client(t.app).request({
      method: 'POST',
      url: '/api/feedback',
      payload: deepJson(20),
      headers: { 'content-type': 'application/json' },
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('bad text inside JSON carried by a multipart field is refused with 400 INVALID_TEXT', () => {
  // The raw field holds only the escape ("\u0000"); the bad character exists once JSON.parse decodes it.
  const cases: Array<[string, Record<string, unknown>]> = [
    ['a NUL in the name', { fullName: 'a\u0000b' }],
    ['a NUL in the skills', { fullName: 'Ana', skills: 'Excel\u0000' }],
    ['a NUL in an education detail', { fullName: 'Ana', education: [{ detail: 'x\u0000y' }] }],
    ['a NUL in a key', { fullName: 'Ana', ['summary\u0000']: 'x' }],
    ['a lone surrogate in an experience entry', { fullName: 'Ana', experience: [{ title: '\ud800x' }] }],
    ['a lone low surrogate in the summary', { fullName: 'Ana', summary: 'x\udc00' }],
  ];

  it.each(cases)('saving a resume with %s', async (_name, body) => {
    const { client } = await signUp(t.app);
    const raw = JSON.stringify(body);
    expect(raw).toMatch(/\\u(0000|d[89a-f][0-9a-f]{2})/);
    const res = await client.request({ method: 'PUT', url: '/api/resumes/me', ...multipart([{ name: 'resume', data: raw }]) });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('INVALID_TEXT');
    // Nothing was saved: the person still has no resume ("none yet" is 200 with null).
    const mine = await client.get('/api/resumes/me');
    expect([mine.statusCode, mine.json()]).toEqual([200, null]);
  });

  it('still saves well-formed text, astral characters included', async () => {
    const { client } = await signUp(t.app);
    const raw = JSON.stringify({ fullName: 'Ana 😀', experience: [{ title: 'Chef \ud83c\udf34' }] });
    const res = await client.request({ method: 'PUT', url: '/api/resumes/me', ...multipart([{ name: 'resume', data: raw }]) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ fullName: 'Ana 😀', experience: [{ title: 'Chef 🌴' }] });
  });
});
