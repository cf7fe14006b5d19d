import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { applyTo, signUpTeam, type Person } from '../../../test/team';
import { Client, signUp } from '../../../test/http';
import { postJob } from '../../../test/jobs';
import { rowsOf } from '../../lib/keyset';
import { runJobExpiryReminders } from './reminders';

/**
 * A member who posted a job and was then removed from the company reads the job as any stranger does
 * (decision 0076): every applicant route answers 404, the job's page carries no team fields, while
 * the company's current members keep their access. The rule is the statements' own (onJob), so a
 * forged id or an old session changes nothing.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let owner: Person;
let recruiter: Person;
let viewer: Person;
let removed: Person;
let seeker: Person;
let jobId: string;
let hiddenJobId: string;
let applicationId: string;
let interviewId: string;

const future = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

beforeAll(async () => {
  ({ owner, recruiter, viewer } = await signUpTeam(t));
  [removed, seeker] = await Promise.all([signUp(t.app, 'employer', { fullName: 'Remy Removed' }), signUp(t.app, 'jobseeker', { fullName: 'Sam Seeker' })]);
  const [company] = await rowsOf<{ id: string }>(t.database.db.execute(sql`select company_id as id from company_members where user_id = ${owner.user.id}`));
  await t.database.db.execute(sql`update company_members set company_id = ${company!.id}, role = 'recruiter' where user_id = ${removed.user.id}`);
  jobId = (await postJob(removed, { title: 'Night Auditor', description: 'Balance the night ledger; Excel skills.' })).id;
  hiddenJobId = (await postJob(removed, 'Unpaid Listing')).id;
  await t.database.db.execute(sql`update jobs set paid = false, listing_price = 25, listing_currency = 'USD' where id = ${hiddenJobId}`);
  applicationId = await applyTo(seeker.client, jobId, { coverLetter: 'Hire me', files: true });
  expect((await removed.client.post(`/api/applications/${applicationId}/notes`, { body: 'Before I left' })).statusCode).toBe(201);
  const scheduled = await removed.client.post('/api/interviews', {
    jobId,
    applicantId: seeker.user.id,
    interviewTime: future(),
    location: 'Lobby',
    notes: '',
  });
  expect(scheduled.statusCode, scheduled.body).toBe(201);
  interviewId = scheduled.json().id;
  expect((await owner.client.delete(`/api/companies/mine/members/${removed.user.id}`)).statusCode).toBe(204);
});

/** Every read of the job's applicants, as [label, request]. */
const reads = () =>
  [
    ['applicants list', `/api/jobs/${jobId}/applications`],
    ['stage counts', `/api/jobs/${jobId}/applications/stages`],
    ['an application', `/api/applications/${applicationId}`],
    ['its resume', `/api/applications/${applicationId}/files/resume`],
    ['its cover letter', `/api/applications/${applicationId}/files/cover-letter`],
    ['its notes', `/api/applications/${applicationId}/notes`],
    ['its ratings', `/api/applications/${applicationId}/ratings`],
    ['its moves', `/api/applications/${applicationId}/moves`],
    ['the CSV export', `/api/jobs/${jobId}/applications.csv`],
    ['the candidate pack', `/api/applications/${applicationId}/pack.pdf`],
    ['candidates for this job', `/api/jobs/${jobId}/candidates`],
    ['interviews to cancel', `/api/jobs/${jobId}/upcoming-interviews`],
    ['an interview scheduled', `/api/interviews/${interviewId}`],
  ] as const;

const snapshot = async () =>
  rowsOf(
    t.database.db.execute(sql`select
      (select stage from applications where id = ${applicationId}) as stage,
      (select count(*)::int from application_notes where application_id = ${applicationId}) as notes,
      (select count(*)::int from application_ratings where application_id = ${applicationId}) as ratings,
      (select count(*)::int from application_stage_moves where application_id = ${applicationId}) as moves,
      (select count(*)::int from pipeline_batches where job_id = ${jobId}) as batches,
      (select count(*)::int from interviews where job_id = ${jobId}) as interviews,
      (select status from interviews where id = ${interviewId}) as "interviewStatus",
      (select title || expires_at::text from jobs where id = ${jobId}) as job`),
  );

describe('a removed poster', () => {
  it('reads every applicant route of the job they posted as a stranger: 404', async () => {
    for (const [label, url] of reads()) {
      const res = await removed.client.get(url);
      expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBe(404);
    }
  });

  it('cannot act on the applicants or the job: 404, and nothing changes', async () => {
    const before = await snapshot();
    const writes = [
      ['note', () => removed.client.post(`/api/applications/${applicationId}/notes`, { body: 'After I left' })],
      ['rating', () => removed.client.put(`/api/applications/${applicationId}/rating`, { rating: 2 })],
      ['stage move', () => removed.client.post(`/api/applications/${applicationId}/stage`, { stage: 'Screening' })],
      ['status', () => removed.client.patch(`/api/applications/${applicationId}/status`, { status: 'Reviewed' })],
      ['bulk move', () => removed.client.post(`/api/jobs/${jobId}/applications/bulk-move`, { ids: [applicationId], to: 'Screening' })],
      ['schedule', () => removed.client.post('/api/interviews', { jobId, applicantId: seeker.user.id, interviewTime: future(), location: 'Lobby', notes: '' })],
      ['cancel interview', () => removed.client.post(`/api/interviews/${interviewId}/cancel`)],
      ['edit', () => removed.client.patch(`/api/jobs/${jobId}`, { title: 'Hijacked' })],
      ['renew', () => removed.client.post(`/api/jobs/${jobId}/renew`)],
      ['close', () => removed.client.post(`/api/jobs/${jobId}/close`)],
      ['delete', () => removed.client.delete(`/api/jobs/${jobId}`)],
    ] as const;
    for (const [label, send] of writes) {
      const res = await send();
      expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('no longer lists the interviews they scheduled for the company', async () => {
    const res = await removed.client.get('/api/interviews/scheduled');
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([]);
  });

  it('reads the job page without the team’s fields, and an unpaid job of the company not at all', async () => {
    expect((await removed.client.get(`/api/jobs/${hiddenJobId}`)).statusCode).toBe(404);
    const res = await removed.client.get(`/api/jobs/${jobId}`);
    expect(res.statusCode).toBe(200);
    const job = res.json();
    expect(job).not.toHaveProperty('listingPrice');
    expect(job.viewerTeamRole).toBeNull();
  });
});

describe('what a removed poster is told', () => {
  const bellOf = async (person: Person, kind: string) =>
    (
      await rowsOf<{ n: number }>(
        t.database.db.execute(sql`select count(*)::int as n from notifications where user_id = ${person.user.id} and kind = ${kind}
          and (data->>'jobId' = ${jobId} or data->>'id' = ${jobId})`),
      )
    )[0]!.n;
  const emailsTo = async (to: string) =>
    (await rowsOf<{ n: number }>(t.database.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'email' and data->>'to' = ${to}`)))[0]!.n;

  it('nothing of new applicants nor of the job’s closing: the company’s owners hear instead, and the job is marked reminded', async () => {
    const [removedBefore, ownerBefore, recruiterBefore] = [
      await bellOf(removed, 'new_applicant'),
      await bellOf(owner, 'new_applicant'),
      await bellOf(recruiter, 'new_applicant'),
    ];
    const late = await signUp(t.app, 'jobseeker', { fullName: 'Lee Late' });
    await applyTo(late.client, jobId);
    expect(await bellOf(removed, 'new_applicant')).toBe(removedBefore);
    expect(await bellOf(owner, 'new_applicant')).toBe(ownerBefore + 1);
    // Owners only: a recruiter did not post it.
    expect(await bellOf(recruiter, 'new_applicant')).toBe(recruiterBefore);

    const [removedMails, ownerMails] = [await emailsTo(removed.email), await emailsTo(owner.email)];
    await t.database.db.execute(sql`update jobs set expires_at = now() + interval '3 days', reminded_7d_at = null, reminded_1d_at = null where id = ${jobId}`);
    await runJobExpiryReminders(t.app);
    expect(await bellOf(removed, 'listing_expiring')).toBe(0);
    expect(await emailsTo(removed.email)).toBe(removedMails);
    expect(await bellOf(owner, 'listing_expiring')).toBe(1);
    expect(await emailsTo(owner.email)).toBe(ownerMails + 1);
    const [job] = await rowsOf<{ marked: boolean }>(t.database.db.execute(sql`select reminded_7d_at is not null as marked from jobs where id = ${jobId}`));
    expect(job!.marked).toBe(true);
    // Marked: the next run tells nobody again.
    await runJobExpiryReminders(t.app);
    expect(await bellOf(owner, 'listing_expiring')).toBe(1);
  });
});

describe('an applicant’s answer to an interview a removed member scheduled', () => {
  it('is recorded, and not told to the removed scheduler (no bell, no email); the company’s owners get the bell', async () => {
    const emailsTo = async (to: string) =>
      (await rowsOf<{ n: number }>(t.database.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'email' and data->>'to' = ${to}`)))[0]!.n;
    const emailsBefore = await emailsTo(removed.email);
    const res = await seeker.client.patch(`/api/interviews/${interviewId}/status`, { status: 'confirmed' });
    expect(res.statusCode, res.body).toBe(200);
    const bells = async (person: Person) =>
      (
        await rowsOf<{ n: number }>(
          t.database.db.execute(sql`select count(*)::int as n from notifications where user_id = ${person.user.id} and kind = 'interview_confirmed'`),
        )
      )[0]!.n;
    expect(await bells(removed)).toBe(0);
    expect(await emailsTo(removed.email)).toBe(emailsBefore);
    // The company's owners get the bell in their place.
    expect(await bells(owner)).toBe(1);
  });
});

describe('the company’s current members', () => {
  it('keep every applicant route of the job: 200', async () => {
    for (const p of [owner, recruiter, viewer])
      for (const [label, url] of reads()) {
        // The interview is the scheduler's (decision 0014): teammates reach it through the job's applicants.
        if (label === 'an interview scheduled') continue;
        // Counting what a delete would cancel is for those who may delete (owners and recruiters).
        if (label === 'interviews to cancel' && p === viewer) continue;
        const res = await p.client.get(url);
        expect(res.statusCode, `${p.user.email} ${label}: ${res.body.slice(0, 200)}`).toBe(200);
      }
  });

  it('see the unpaid job and their role on it', async () => {
    for (const [p, role] of [
      [owner, 'owner'],
      [recruiter, 'recruiter'],
      [viewer, 'viewer'],
    ] as const) {
      const res = await p.client.get(`/api/jobs/${hiddenJobId}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ viewerTeamRole: role, listingPrice: '25.00' });
    }
    expect((await seeker.client.get(`/api/jobs/${jobId}`)).json().viewerTeamRole).toBeNull();
    // Anonymous callers are not asked: the field is absent, as appliedAt is.
    expect((await new Client(t.app).get(`/api/jobs/${jobId}`)).json()).not.toHaveProperty('viewerTeamRole');
    expect((await seeker.client.get(`/api/jobs/${hiddenJobId}`)).statusCode).toBe(404);
  });

  it('still act on the applicants', async () => {
    const res = await recruiter.client.post(`/api/applications/${applicationId}/stage`, { stage: 'Screening' });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('read the interviews they scheduled, and cancel them only while owner or recruiter', async () => {
    const scheduled = await recruiter.client.post('/api/interviews', {
      jobId,
      applicantId: seeker.user.id,
      interviewTime: future(),
      location: 'Pool bar',
      notes: '',
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const id = scheduled.json().id as string;
    expect((await owner.client.put(`/api/companies/mine/members/${recruiter.user.id}/role`, { role: 'viewer' })).statusCode).toBe(200);
    expect((await recruiter.client.get(`/api/interviews/${id}`)).statusCode).toBe(200);
    const refused = await recruiter.client.post(`/api/interviews/${id}/cancel`);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().code).toBe('COMPANY_ROLE_FORBIDDEN');
    const [row] = await rowsOf<{ status: string }>(t.database.db.execute(sql`select status from interviews where id = ${id}`));
    expect(row!.status).toBe('pending');
    expect((await owner.client.put(`/api/companies/mine/members/${recruiter.user.id}/role`, { role: 'recruiter' })).statusCode).toBe(200);
    expect((await recruiter.client.post(`/api/interviews/${id}/cancel`)).statusCode).toBe(200);
  });
});
