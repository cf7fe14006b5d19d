import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { createTestApp, type TestApp } from '../../../test/app';
import { Client, multipart, signUp } from '../../../test/http';
import { postJob } from '../../../test/jobs';
import { interviews, profiles } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof signUp>>;
const setRole = (userId: string, role: string) => t.database.db.update(profiles).set({ role }).where(eq(profiles.id, userId));
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function apply(seeker: Person, jobId: string) {
  const body = multipart([{ name: 'coverLetter', data: 'Hello' }]);
  const res = await seeker.client.request({ method: 'POST', url: `/api/jobs/${jobId}/applications`, ...body });
  expect(res.statusCode, res.body).toBe(201);
}

const schedule = (employer: Person, body: Record<string, unknown>) => employer.client.post('/api/interviews', body);

async function scheduled(employer: Person, jobId: string, applicantId: string, over: Record<string, unknown> = {}) {
  const res = await schedule(employer, {
    jobId,
    applicantId,
    interviewTime: inDays(3),
    timeZone: 'America/Jamaica',
    location: 'Negril office',
    notes: 'Bring ID',
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; status: string; employerId: string; interviewTime: string };
}

const rowOf = async (id: string) => (await t.database.db.select().from(interviews).where(eq(interviews.id, id)))[0];
const countRows = () => t.database.db.$count(interviews);
const mailsTo = async (email: string) => {
  await t.app.queue.drained();
  return t.app.mailer.outbox.filter((m) => m.to === email);
};

describe('scheduling an interview', () => {
  it('lets an employer schedule one for their own job: pending, the caller as employer, the time as an instant', async () => {
    const employer = await signUp(t.app, 'employer', { fullName: 'Bay Resorts Ltd' });
    const seeker = await signUp(t.app, 'jobseeker', { fullName: 'Marie Joseph' });
    const job = await postJob(employer, 'Sous Chef');
    const when = '2031-03-04T10:30:00-05:00';
    const res = await schedule(employer, {
      jobId: job.id,
      applicantId: seeker.user.id,
      interviewTime: when,
      timeZone: 'America/Jamaica',
      location: '  Zoom  ',
      notes: '<script>alert(1)</script>',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      jobId: job.id,
      jobTitle: 'Sous Chef',
      applicantId: seeker.user.id,
      applicantName: 'Marie Joseph',
      employerId: employer.user.id,
      employerName: 'Bay Resorts Ltd',
      interviewTime: '2031-03-04T15:30:00.000Z',
      timeZone: 'America/Jamaica',
      location: 'Zoom',
      notes: '<script>alert(1)</script>',
      status: 'pending',
    });
    expect(body).not.toHaveProperty('applicantEmail');
    expect((await rowOf(body.id))!.interviewTime.toISOString()).toBe('2031-03-04T15:30:00.000Z');
  });

  it('ignores a forged employer_id, status or id in the body', async () => {
    const employer = await signUp(t.app, 'employer');
    const other = await signUp(t.app, 'employer');
    const seeker = await signUp(t.app, 'jobseeker');
    const job = await postJob(employer);
    const forged = '00000000-0000-4000-8000-000000000001';
    const created = await scheduled(employer, job.id, seeker.user.id, {
      employer_id: other.user.id,
      employerId: other.user.id,
      status: 'confirmed',
      id: forged,
    });
    expect(created.status).toBe('pending');
    expect(created.employerId).toBe(employer.user.id);
    expect(created.id).not.toBe(forged);
    const row = await rowOf(created.id);
    expect(row).toMatchObject({ employerId: employer.user.id, status: 'pending' });
  });

  it('refuses another employer’s job as if it did not exist, and stores nothing', async () => {
    const owner = await signUp(t.app, 'employer');
    const intruder = await signUp(t.app, 'employer');
    const seeker = await signUp(t.app, 'jobseeker');
    const job = await postJob(owner);
    const before = await countRows();
    const res = await schedule(intruder, { jobId: job.id, applicantId: seeker.user.id, interviewTime: inDays(2) });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('INTERVIEW_JOB_NOT_FOUND');
    expect((await schedule(intruder, { jobId: 'not-a-uuid', applicantId: seeker.user.id, interviewTime: inDays(2) })).json().code).toBe(
      'INTERVIEW_JOB_NOT_FOUND',
    );
    expect(await countRows()).toBe(before);
  });

  it('refuses a job seeker, an anonymous caller, a muted and a suspended employer', async () => {
    const employer = await signUp(t.app, 'employer');
    const seeker = await signUp(t.app, 'jobseeker');
    const job = await postJob(employer);
    const body = { jobId: job.id, applicantId: seeker.user.id, interviewTime: inDays(2) };
    const before = await countRows();

    const asSeeker = await schedule(seeker, { ...body, applicantId: employer.user.id });
    expect(asSeeker.statusCode).toBe(403);
    expect(asSeeker.json()).toMatchObject({ code: 'WRONG_ROLE', message: 'Only employer accounts can schedule interviews.' });

    const anonymous = await new Client(t.app).post('/api/interviews', body);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe('You must be logged in to schedule an interview.');

    await setRole(employer.user.id, 'muted');
    const muted = await schedule(employer, body);
    expect(muted.statusCode).toBe(403);
    expect(muted.json().code).toBe('ACCOUNT_MUTED');
    await setRole(employer.user.id, 'suspended');
    expect((await schedule(employer, body)).json().code).toBe('ACCOUNT_SUSPENDED');
    expect(await countRows()).toBe(before);
  });

  it('needs an applicant who exists and is not the employer', async () => {
    const employer = await signUp(t.app, 'employer');
    const job = await postJob(employer);
    const missing = await schedule(employer, { jobId: job.id, applicantId: 'nobody', interviewTime: inDays(1) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('INTERVIEW_APPLICANT_NOT_FOUND');
    const self = await schedule(employer, { jobId: job.id, applicantId: employer.user.id, interviewTime: inDays(1) });
    expect(self.statusCode).toBe(400);
    expect(self.json().code).toBe('INTERVIEW_SELF');
    const empty = await schedule(employer, { jobId: job.id, applicantId: '', interviewTime: inDays(1) });
    expect(empty.statusCode).toBe(400);
    const banned = await signUp(t.app, 'jobseeker');
    await setRole(banned.user.id, 'banned');
    expect((await schedule(employer, { jobId: job.id, applicantId: banned.user.id, interviewTime: inDays(1) })).statusCode).toBe(404);
  });

  it('refuses a past, missing or malformed time, an unknown zone and oversized text', async () => {
    const employer = await signUp(t.app, 'employer');
    const seeker = await signUp(t.app, 'jobseeker');
    const job = await postJob(employer);
    const base = { jobId: job.id, applicantId: seeker.user.id };
    const before = await countRows();
    const past = await schedule(employer, { ...base, interviewTime: inDays(-1) });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('The interview time must be in the future.');
    for (const interviewTime of [undefined, '', 'tomorrow', '2031-02-30T10:00:00Z', '2031-03-04T10:00']) {
      expect((await schedule(employer, { ...base, interviewTime })).statusCode, String(interviewTime)).toBe(400);
    }
    expect((await schedule(employer, { ...base, interviewTime: inDays(1), timeZone: 'Mars/Olympus' })).statusCode).toBe(400);
    expect((await schedule(employer, { ...base, interviewTime: inDays(1), notes: 'x'.repeat(5001) })).statusCode).toBe(400);
    expect((await schedule(employer, { ...base, interviewTime: inDays(1), location: 'x'.repeat(501) })).statusCode).toBe(400);
    expect(await countRows()).toBe(before);
  });
});

describe('the invitation email', () => {
  it('sends the applicant the details and an iCalendar REQUEST that parses, in UTC, with the employer as organizer', async () => {
    const employer = await signUp(t.app, 'employer', { fullName: 'Bay Resorts Ltd' });
    const seeker = await signUp(t.app, 'jobseeker', { fullName: 'Marie Joseph' });
    const job = await postJob(employer, 'Sous Chef, nights; Negril');
    const created = await scheduled(employer, job.id, seeker.user.id, { interviewTime: '2031-03-04T10:30:00-05:00', notes: 'Bring knives\nand ID' });
    const mail = (await mailsTo(seeker.email)).at(-1)!;
    expect(mail.subject).toBe('Interview invitation: Sous Chef, nights; Negril');
    expect(mail.text).toContain('When: Tuesday, 4 March 2031 at 10:30 (America/Jamaica)');
    expect(mail.text).toContain('Where: Negril office');
    expect(mail.text).toContain('Bring knives\nand ID');
    expect(mail.calendar?.method).toBe('REQUEST');

    const ics = mail.calendar!.content;
    expect(ics).toMatch(/\r\n/);
    const calendar = new ICAL.Component(ICAL.parse(ics));
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    const vevent = calendar.getFirstSubcomponent('vevent')!;
    const event = new ICAL.Event(vevent);
    expect(event.uid).toBe(`interview-${created.id}@localhost`);
    expect(event.summary).toBe('Interview: Sous Chef, nights; Negril');
    expect(event.location).toBe('Negril office');
    expect(event.startDate.toJSDate().toISOString()).toBe('2031-03-04T15:30:00.000Z');
    expect(event.startDate.zone.tzid).toBe('UTC');
    expect(event.endDate.toJSDate().toISOString()).toBe('2031-03-04T16:30:00.000Z');
    expect(String(vevent.getFirstPropertyValue('organizer')).toLowerCase()).toBe(`mailto:${employer.email}`);
    expect(String(vevent.getFirstPropertyValue('attendee')).toLowerCase()).toBe(`mailto:${seeker.email}`);
    expect(event.description).toContain('Bring knives\nand ID');
    expect(vevent.getFirstPropertyValue('sequence')).toBe(0);
  });

  it('still answers 201 when the mail cannot be sent (the interview was committed)', async () => {
    const employer = await signUp(t.app, 'employer');
    const seeker = await signUp(t.app, 'jobseeker');
    const job = await postJob(employer);
    const send = t.app.mailer.send;
    (t.app.mailer as { send: typeof send }).send = () => Promise.reject(new Error('SMTP down'));
    try {
      const created = await scheduled(employer, job.id, seeker.user.id);
      expect((await rowOf(created.id))!.status).toBe('pending');
    } finally {
      (t.app.mailer as { send: typeof send }).send = send;
    }
  });
});

describe('answering an interview', () => {
  async function setup() {
    const employer = await signUp(t.app, 'employer', { fullName: 'Bay Resorts Ltd' });
    const seeker = await signUp(t.app, 'jobseeker', { fullName: 'Marie Joseph' });
    const job = await postJob(employer);
    const created = await scheduled(employer, job.id, seeker.user.id);
    return { employer, seeker, job, created };
  }
  const answer = (who: Person, id: string, status: string) => who.client.patch(`/api/interviews/${id}/status`, { status });

  it('lets the applicant confirm once; the employer is told; a second answer changes nothing', async () => {
    const { employer, seeker, created } = await setup();
    const res = await answer(seeker, created.id, 'confirmed');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('confirmed');
    const mail = (await mailsTo(employer.email)).at(-1)!;
    expect(mail.subject).toBe('Interview confirmed: Front Desk Agent');
    expect(mail.text).toContain('Marie Joseph has confirmed the interview.');

    const again = await answer(seeker, created.id, 'declined');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('INTERVIEW_ALREADY_ANSWERED');
    expect((await rowOf(created.id))!.status).toBe('confirmed');
  });

  it('lets the applicant decline', async () => {
    const { employer, seeker, created } = await setup();
    expect((await answer(seeker, created.id, 'declined')).json().status).toBe('declined');
    expect((await mailsTo(employer.email)).at(-1)!.subject).toBe('Interview declined: Front Desk Agent');
  });

  it('refuses the employer, someone else, an anonymous caller, and any other status', async () => {
    const { employer, seeker, created } = await setup();
    const stranger = await signUp(t.app, 'jobseeker');
    expect((await answer(employer, created.id, 'confirmed')).json().code).toBe('INTERVIEW_NOT_APPLICANT');
    const other = await answer(stranger, created.id, 'confirmed');
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('INTERVIEW_NOT_FOUND');
    expect((await new Client(t.app).patch(`/api/interviews/${created.id}/status`, { status: 'confirmed' })).statusCode).toBe(401);
    for (const status of ['pending', 'cancelled', 'Confirmed', '']) expect((await answer(seeker, created.id, status)).statusCode, status).toBe(400);
    expect((await answer(seeker, 'nope', 'confirmed')).statusCode).toBe(404);
    expect((await rowOf(created.id))!.status).toBe('pending');
  });

  it('decides a race between two answers once', async () => {
    const { seeker, created } = await setup();
    const results = await Promise.all([answer(seeker, created.id, 'confirmed'), answer(seeker, created.id, 'declined')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json().status;
    expect((await rowOf(created.id))!.status).toBe(winner);
  });
});

describe('cancelling an interview', () => {
  it('lets only its employer cancel; the applicant gets a METHOD:CANCEL with the same UID and a higher sequence', async () => {
    const employer = await signUp(t.app, 'employer');
    const other = await signUp(t.app, 'employer');
    const seeker = await signUp(t.app, 'jobseeker');
    const job = await postJob(employer);
    const created = await scheduled(employer, job.id, seeker.user.id);
    const invite = (await mailsTo(seeker.email)).at(-1)!.calendar!.content;

    expect((await seeker.client.post(`/api/interviews/${created.id}/cancel`)).json().code).toBe('INTERVIEW_NOT_EMPLOYER');
    expect((await other.client.post(`/api/interviews/${created.id}/cancel`)).statusCode).toBe(404);
    expect((await new Client(t.app).post(`/api/interviews/${created.id}/cancel`)).statusCode).toBe(401);
    expect((await rowOf(created.id))!.status).toBe('pending');

    const res = await employer.client.post(`/api/interviews/${created.id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('cancelled');
    const mail = (await mailsTo(seeker.email)).at(-1)!;
    expect(mail.calendar?.method).toBe('CANCEL');
    const uid = (ics: string) => new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!).uid;
    expect(uid(mail.calendar!.content)).toBe(uid(invite));
    const vevent = new ICAL.Component(ICAL.parse(mail.calendar!.content)).getFirstSubcomponent('vevent')!;
    expect(vevent.getFirstPropertyValue('sequence')).toBe(1);
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');

    expect((await employer.client.post(`/api/interviews/${created.id}/cancel`)).json().code).toBe('INTERVIEW_NOT_CANCELLABLE');
    // A cancelled interview cannot be answered.
    expect((await seeker.client.patch(`/api/interviews/${created.id}/status`, { status: 'confirmed' })).statusCode).toBe(409);
  });
});

describe('who sees what', () => {
  it('lists an applicant’s upcoming interviews soonest first, an employer’s scheduled ones, and nobody else’s', async () => {
    const employer = await signUp(t.app, 'employer');
    const seeker = await signUp(t.app, 'jobseeker');
    const stranger = await signUp(t.app, 'jobseeker');
    const job = await postJob(employer, 'Bartender');
    const later = await scheduled(employer, job.id, seeker.user.id, { interviewTime: inDays(9) });
    const sooner = await scheduled(employer, job.id, seeker.user.id, { interviewTime: inDays(2) });
    const middle = await scheduled(employer, job.id, seeker.user.id, { interviewTime: inDays(5) });
    // One already past: kept, but no longer listed as upcoming.
    const past = await scheduled(employer, job.id, seeker.user.id, { interviewTime: inDays(1) });
    await t.database.db.execute(sql`update interviews set interview_time = now() - interval '3 days' where id = ${past.id}`);

    const first = await seeker.client.get('/api/interviews/mine?limit=2');
    expect(first.statusCode).toBe(200);
    expect(first.json().items.map((i: { id: string }) => i.id)).toEqual([sooner.id, middle.id]);
    const second = await seeker.client.get(`/api/interviews/mine?limit=2&cursor=${first.json().nextCursor}`);
    expect(second.json()).toMatchObject({ items: [{ id: later.id, jobTitle: 'Bartender' }], nextCursor: null });

    const employerView = await employer.client.get('/api/interviews/scheduled');
    expect(employerView.json().items.map((i: { id: string }) => i.id)).toEqual([sooner.id, middle.id, later.id]);
    expect((await employer.client.get('/api/interviews/mine')).json().items).toEqual([]);

    expect((await stranger.client.get('/api/interviews/mine')).json().items).toEqual([]);
    expect((await stranger.client.get('/api/interviews/scheduled')).json().items).toEqual([]);
    expect((await stranger.client.get(`/api/interviews/${sooner.id}`)).statusCode).toBe(404);
    expect((await seeker.client.get(`/api/interviews/${sooner.id}`)).statusCode).toBe(200);
    expect((await employer.client.get(`/api/interviews/${sooner.id}`)).statusCode).toBe(200);
    expect((await new Client(t.app).get('/api/interviews/mine')).statusCode).toBe(401);
    expect((await seeker.client.get('/api/interviews/mine?cursor=bad!')).statusCode).toBe(400);
  });

  it('keeps an interview when its job is deleted, cancelled, with the job’s title (cancel-on-delete.test.ts has the rest)', async () => {
    const employer = await signUp(t.app, 'employer');
    const seeker = await signUp(t.app, 'jobseeker');
    const job = await postJob(employer, 'Gardener');
    const created = await scheduled(employer, job.id, seeker.user.id);
    expect((await employer.client.delete(`/api/jobs/${job.id}`)).statusCode).toBeLessThan(300);
    const read = await seeker.client.get(`/api/interviews/${created.id}`);
    expect(read.json()).toMatchObject({ jobId: null, jobTitle: 'Gardener', jobCompany: 'Sandals Negril', status: 'cancelled' });
  });
});

describe('Select Applicant', () => {
  it('lists the job’s applicants first, then others by name (3+ characters), never the employer or a locked account', async () => {
    const employer = await signUp(t.app, 'employer', { fullName: 'Zed Employer Quillfeather' });
    const other = await signUp(t.app, 'employer');
    const applicant = await signUp(t.app, 'jobseeker', { fullName: 'Ana Quillfeather' });
    const outsider = await signUp(t.app, 'jobseeker', { fullName: 'Bob Quillfeather' });
    const banned = await signUp(t.app, 'jobseeker', { fullName: 'Cy Quillfeather' });
    await setRole(banned.user.id, 'banned');
    const job = await postJob(employer);
    await apply(applicant, job.id);

    const none = await employer.client.get(`/api/interviews/candidates?jobId=${job.id}`);
    expect(none.json().items).toEqual([{ id: applicant.user.id, fullName: 'Ana Quillfeather', applied: true }]);

    const search = await employer.client.get(`/api/interviews/candidates?jobId=${job.id}&q=quillFEATHER`);
    expect(search.json().items).toEqual([
      { id: applicant.user.id, fullName: 'Ana Quillfeather', applied: true },
      { id: outsider.user.id, fullName: 'Bob Quillfeather', applied: false },
    ]);
    // Two characters: only the job's applicants are searched.
    expect((await employer.client.get(`/api/interviews/candidates?jobId=${job.id}&q=qu`)).json().items).toHaveLength(1);
    // Wildcards are text.
    expect((await employer.client.get(`/api/interviews/candidates?q=%25%25%25`)).json().items).toEqual([]);
    // Another employer does not see this job's applicants as applicants.
    const foreign = await other.client.get(`/api/interviews/candidates?jobId=${job.id}&q=Quillfeather`);
    expect(foreign.json().items.every((c: { applied: boolean }) => !c.applied)).toBe(true);
    // A pre-filled applicant comes first.
    const selected = await employer.client.get(`/api/interviews/candidates?jobId=${job.id}&selected=${outsider.user.id}`);
    expect(selected.json().items[0]).toEqual({ id: outsider.user.id, fullName: 'Bob Quillfeather', applied: false });

    const seeker = await signUp(t.app, 'jobseeker');
    expect((await seeker.client.get('/api/interviews/candidates?q=Quill')).statusCode).toBe(403);
    expect((await new Client(t.app).get('/api/interviews/candidates?q=Quill')).statusCode).toBe(401);
  });

  it('searches names through the trigram index', async () => {
    await t.database.db.execute(sql`set enable_seqscan = off`);
    try {
      const plan = await t.database.db.execute(sql`explain select id from profiles where full_name ilike '%quill%'`);
      expect(JSON.stringify((plan as unknown as { rows: unknown[] }).rows)).toContain('profiles_full_name_trgm_idx');
    } finally {
      await t.database.db.execute(sql`reset enable_seqscan`);
    }
  });
});
