import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { createTestApp, type TestApp } from '../../../test/app';
import { Client, signUp } from '../../../test/http';
import { postJob } from '../../../test/jobs';
import { interviews } from '../../db/schema';
import { setRole } from '../../../test/consultants';

const RESORT = { company: 'Coral Reef Resort', country: 'Barbados', description: 'Keep the pool.' };

// Deleting a job (its owner or an admin) or an employer's account cancels its upcoming interviews
// as the employer's Cancel does, and the card keeps the job's title and company (decision 0014).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof signUp>>;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const mailsTo = async (email: string) => {
  await t.app.queue.drained();
  return t.app.mailer.outbox.filter((m) => m.to === email);
};
const rowOf = async (id: string) => (await t.database.db.select().from(interviews).where(eq(interviews.id, id)))[0];

async function signUpAdmin() {
  const a = await signUp(t.app, 'jobseeker');
  await setRole(t.database, a.user.id, 'admin');
  return a;
}

async function scheduled(employer: Person, jobId: string, applicantId: string, days = 3) {
  const res = await employer.client.post('/api/interviews', {
    jobId,
    applicantId,
    interviewTime: inDays(days),
    timeZone: 'America/Barbados',
    location: 'Lobby',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}

const cancelMails = async (email: string) => (await mailsTo(email)).filter((m) => m.calendar?.method === 'CANCEL');

describe('deleting a job cancels its upcoming interviews', () => {
  it('by its owner: cancelled, the applicant gets a METHOD:CANCEL, the card keeps the title and company', async () => {
    const employer = await signUp(t.app, 'employer', { fullName: '' });
    const seeker = await signUp(t.app, 'jobseeker');
    const job = await postJob(employer, { ...RESORT, title: 'Pool Attendant' });
    const confirmed = await scheduled(employer, job.id, seeker.user.id);
    expect((await seeker.client.patch(`/api/interviews/${confirmed.id}/status`, { status: 'confirmed' })).statusCode).toBe(200);
    const pending = await scheduled(employer, job.id, seeker.user.id, 5);
    const declined = await scheduled(employer, job.id, seeker.user.id, 6);
    await seeker.client.patch(`/api/interviews/${declined.id}/status`, { status: 'declined' });
    const past = await scheduled(employer, job.id, seeker.user.id, 7);
    await t.database.db.execute(sql`update interviews set interview_time = now() - interval '3 days' where id = ${past.id}`);
    const before = (await cancelMails(seeker.email)).length;

    const count = await employer.client.get(`/api/jobs/${job.id}/upcoming-interviews`);
    expect(count.statusCode, count.body).toBe(200);
    expect(count.json()).toEqual({ count: 2 });

    expect((await employer.client.delete(`/api/jobs/${job.id}`)).statusCode).toBe(204);

    expect((await rowOf(confirmed.id))!.status).toBe('cancelled');
    expect((await rowOf(pending.id))!.status).toBe('cancelled');
    expect((await rowOf(declined.id))!.status).toBe('declined');
    expect((await rowOf(past.id))!.status).toBe('pending');
    const mails = (await cancelMails(seeker.email)).slice(before);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toBe('Interview cancelled: Pool Attendant');
    const vevent = new ICAL.Component(ICAL.parse(mails[0]!.calendar!.content)).getFirstSubcomponent('vevent')!;
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');

    const mine = (await seeker.client.get('/api/interviews/mine')).json().items;
    expect(mine.find((i: { id: string }) => i.id === confirmed.id)).toMatchObject({
      jobId: null,
      jobTitle: 'Pool Attendant',
      jobCompany: 'Coral Reef Resort',
      employerName: '',
      status: 'cancelled',
    });
  });

  it('by an admin, with the count; nobody else may read the count or delete', async () => {
    const employer = await signUp(t.app, 'employer');
    const other = await signUp(t.app, 'employer');
    const seeker = await signUp(t.app, 'jobseeker');
    const admin = await signUpAdmin();
    const job = await postJob(employer, { ...RESORT, title: 'Barista' });
    const created = await scheduled(employer, job.id, seeker.user.id);

    expect((await other.client.get(`/api/jobs/${job.id}/upcoming-interviews`)).statusCode).toBe(404);
    expect((await seeker.client.get(`/api/jobs/${job.id}/upcoming-interviews`)).statusCode).toBe(404);
    expect((await new Client(t.app).get(`/api/jobs/${job.id}/upcoming-interviews`)).statusCode).toBe(401);
    expect((await employer.client.get('/api/jobs/not-a-uuid/upcoming-interviews')).statusCode).toBe(404);
    expect((await admin.client.get(`/api/jobs/${job.id}/upcoming-interviews`)).json()).toEqual({ count: 1 });
    expect((await other.client.delete(`/api/jobs/${job.id}`)).statusCode).toBe(404);
    expect((await rowOf(created.id))!.status).toBe('pending');

    const before = (await cancelMails(seeker.email)).length;
    expect((await admin.client.request({ method: 'DELETE', url: `/api/admin/jobs/${job.id}`, payload: { reason: 'Filled.' } })).statusCode).toBe(204);
    expect(await rowOf(created.id)).toMatchObject({ status: 'cancelled', jobId: null, jobTitle: 'Barista' });
    expect((await cancelMails(seeker.email)).length).toBe(before + 1);
  });

  it('leaves the interviews of the employer’s other jobs alone', async () => {
    const employer = await signUp(t.app, 'employer');
    const seeker = await signUp(t.app, 'jobseeker');
    const gone = await postJob(employer, { ...RESORT, title: 'Cook' });
    const kept = await postJob(employer, { ...RESORT, title: 'Waiter' });
    const a = await scheduled(employer, gone.id, seeker.user.id);
    const b = await scheduled(employer, kept.id, seeker.user.id);
    await employer.client.delete(`/api/jobs/${gone.id}`);
    expect((await rowOf(a.id))!.status).toBe('cancelled');
    expect((await rowOf(b.id))!.status).toBe('pending');
  });
});

describe('deleting an employer’s account cancels their upcoming interviews', () => {
  it('keeps the applicant’s card, cancelled, with the title and company, and emails a METHOD:CANCEL', async () => {
    const employer = await signUp(t.app, 'employer', { fullName: 'Dana Bay' });
    const seeker = await signUp(t.app, 'jobseeker');
    const admin = await signUpAdmin();
    const job = await postJob(employer, { ...RESORT, title: 'Housekeeper' });
    const created = await scheduled(employer, job.id, seeker.user.id);

    const count = await admin.client.get(`/api/admin/users/${employer.user.id}/upcoming-interviews`);
    expect(count.statusCode, count.body).toBe(200);
    expect(count.json()).toEqual({ count: 1 });
    expect((await employer.client.get(`/api/admin/users/${employer.user.id}/upcoming-interviews`)).statusCode).toBe(403);

    const before = (await cancelMails(seeker.email)).length;
    expect((await admin.client.delete(`/api/admin/users/${employer.user.id}`)).statusCode).toBe(204);
    expect((await cancelMails(seeker.email)).length).toBe(before + 1);
    const mine = (await seeker.client.get('/api/interviews/mine')).json().items;
    expect(mine).toEqual([
      expect.objectContaining({ id: created.id, status: 'cancelled', jobTitle: 'Housekeeper', jobCompany: 'Coral Reef Resort', employerId: null }),
    ]);
  });
});
