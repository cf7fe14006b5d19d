// Issue 46: "Employers can find me" and "Candidates for this job" (decision 0072). PGlite, and the
// PostgreSQL server with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { Client, multipart, signUp } from '../../../test/http';
import { postJob } from '../../../test/jobs';
import { sql } from 'drizzle-orm';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const saveResume = (client: Client, body: Record<string, unknown>) =>
  client.request({ method: 'PUT', url: '/api/resumes/me', ...multipart([{ name: 'resume', data: JSON.stringify(body) }]) });
const putJson = (client: Client, url: string, payload: object) => client.request({ method: 'PUT', url, payload });
const optIn = (client: Client, discoverable: unknown) => putJson(client, '/api/resumes/me/discoverable', { discoverable });

async function seeker(name: string, skills: string[], experience: Array<{ title: string }> = []) {
  const person = await signUp(t.app, 'jobseeker', { fullName: name });
  const res = await saveResume(person.client, {
    fullName: name,
    email: `${name.replace(/\W/g, '').toLowerCase()}@example.com`,
    phone: '+1 876 555 0100',
    skills,
    experience: experience.map((e) => ({ ...e, place: 'Kingston', period: '2020 – 2024', detail: '' })),
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().discoverable).toBe(false);
  return person;
}

describe('candidates for this job', () => {
  it('shows only opted-in seekers, ranked by shared skills, to the job’s team; opting out removes them at once', { timeout: 120_000 }, async () => {
    const employer = await signUp(t.app, 'employer');
    const job = await postJob(employer.client, {
      title: 'Registered Nurse',
      description: 'Patient care on a busy ward; phlebotomy and wound dressing. Spanish is an asset.',
    });
    const strong = await seeker('Shanice Strong', ['Patient care', 'Phlebotomy', 'Forklift'], [{ title: 'Nurse' }]);
    const weak = await seeker('Rohan Weak', ['Wound dressing', 'Carpentry']);
    const hidden = await seeker('Nadia Hidden', ['Patient care', 'Phlebotomy', 'Wound dressing']);
    const list = async (client: Client = employer.client) => client.get(`/api/jobs/${job.id}/candidates`);

    // Off by default: nobody yet.
    expect((await list()).json()).toEqual({ items: [] });
    expect((await optIn(strong.client, true)).json().discoverable).toBe(true);
    expect((await optIn(weak.client, true)).statusCode).toBe(200);
    const res = await list();
    expect(res.statusCode).toBe(200);
    const items = res.json().items as Array<Record<string, unknown>>;
    expect(items.map((c) => c.userId)).toEqual([strong.user.id, weak.user.id]);
    expect(items[0]).toEqual({ userId: strong.user.id, fullName: 'Shanice Strong', matchedSkills: ['Patient care', 'Phlebotomy'], matchedRoles: 1 });
    // Never contact details or documents, nor anything of someone who did not opt in.
    expect(res.body).not.toMatch(/@example\.com|555 0100|documentUrl/);
    expect(res.body).not.toContain(hidden.user.id);
    expect(res.body).not.toContain('Nadia');

    // Opting out takes effect on the next read.
    expect((await optIn(strong.client, false)).json().discoverable).toBe(false);
    expect((await list()).json().items.map((c: { userId: string }) => c.userId)).toEqual([weak.user.id]);
  });

  it('refuses everyone but the job’s team, the anonymous, and bad input', { timeout: 120_000 }, async () => {
    const employer = await signUp(t.app, 'employer');
    const job = await postJob(employer.client, { title: 'Night Auditor' });
    const other = await signUp(t.app, 'employer');
    const seekerOnly = await signUp(t.app);
    expect((await other.client.get(`/api/jobs/${job.id}/candidates`)).statusCode).toBe(404);
    expect((await seekerOnly.client.get(`/api/jobs/${job.id}/candidates`)).statusCode).toBe(404);
    expect((await new Client(t.app).get(`/api/jobs/${job.id}/candidates`)).statusCode).toBe(401);
    expect((await employer.client.get('/api/jobs/not-a-uuid/candidates')).statusCode).toBe(404);
    expect((await employer.client.get('/api/jobs/00000000-0000-4000-8000-000000000000/candidates')).statusCode).toBe(404);
    // The opt-in takes a boolean, for the caller's own resume only (a forged user id is ignored).
    const person = await seeker('Keisha Browne', ['Bookkeeping']);
    expect((await optIn(person.client, 'yes')).statusCode).toBe(400);
    expect((await putJson(person.client, '/api/resumes/me/discoverable', { discoverable: true, userId: other.user.id })).json().userId).toBe(person.user.id);
    expect((await putJson(new Client(t.app), '/api/resumes/me/discoverable', { discoverable: true })).statusCode).toBe(401);
    // No resume yet: nothing to opt in.
    expect((await optIn((await signUp(t.app)).client, true)).statusCode).toBe(404);
  });

  it(
    'lets the job’s owner or recruiter invite an opted-in candidate through messaging, the job linked; nobody else, nobody not opted in',
    { timeout: 120_000 },
    async () => {
      const employer = await signUp(t.app, 'employer');
      const job = await postJob(employer.client, { title: 'Pastry Chef', description: 'Laminated dough every morning.' });
      const candidate = await seeker('Aaliyah Baker', ['Laminated dough']);
      const notOptedIn = await seeker('Brian Hidden', ['Laminated dough']);
      expect((await optIn(candidate.client, true)).statusCode).toBe(200);
      const invite = (client: Client, over: Record<string, unknown> = {}) =>
        client.post('/api/messages/job-invitations', { jobId: job.id, userId: candidate.user.id, message: 'We would like you to apply.', ...over });

      const sent = await invite(employer.client);
      expect(sent.statusCode, sent.body).toBe(201);
      expect(sent.json().message).toMatch(new RegExp(`We would like you to apply\\.\\s+Pastry Chef: https?://[^ ]+/jobs/${job.id}$`));
      const inbox = await candidate.client.get(`/api/messages/with/${employer.user.id}`);
      expect(inbox.statusCode, inbox.body).toBe(200);
      expect(JSON.stringify(inbox.json())).toContain(`/jobs/${job.id}`);

      // A viewer of the company reads the candidates but does not write to them; another company, a seeker, the anonymous: refused alike.
      const viewer = await signUp(t.app, 'employer');
      await t.database.db.execute(
        sql`update company_members set company_id = (select company_id from company_members where user_id = ${employer.user.id}), role = 'viewer' where user_id = ${viewer.user.id}`,
      );
      expect((await viewer.client.get(`/api/jobs/${job.id}/candidates`)).statusCode).toBe(200);
      expect((await invite(viewer.client)).statusCode).toBe(404);
      expect((await invite((await signUp(t.app, 'employer')).client)).statusCode).toBe(404);
      expect((await invite(notOptedIn.client)).statusCode).toBe(404);
      expect((await invite(new Client(t.app))).statusCode).toBe(401);
      // Someone who did not opt in cannot be reached this way, even by id; one who opts out neither.
      expect((await invite(employer.client, { userId: notOptedIn.user.id })).statusCode).toBe(404);
      expect((await optIn(candidate.client, false)).statusCode).toBe(200);
      expect((await invite(employer.client)).statusCode).toBe(404);
      // Bad input: a clear 400, nothing sent.
      expect((await invite(employer.client, { jobId: 'not-a-uuid' })).statusCode).toBe(400);
      expect((await invite(employer.client, { extra: 1 })).statusCode).toBe(400);
      expect((await invite(employer.client, { message: 'x'.repeat(9000) })).statusCode).toBe(400);
    },
  );
});
