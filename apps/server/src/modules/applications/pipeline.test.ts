import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { statusOfStage, TEAM_STAGES } from '@caribconnect/shared';
import { createTestApp, type TestApp } from '../../../test/app';
import { applyTo as apply, signUpTeam, type Person } from '../../../test/team';
import { Client, signUp } from '../../../test/http';
import { postJob } from '../../../test/jobs';
import { rowsOf } from '../../lib/keyset';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const UNKNOWN = '4b7c0f7e-0b7e-4a4e-9a53-3d8f1c2b9a10';

async function row(id: string) {
  const [r] = await rowsOf<{ stage: string; status: string; viewedAt: Date | null }>(
    t.database.db.execute(sql`select stage, status, viewed_at as "viewedAt" from applications where id = ${id}`),
  );
  return r!;
}
async function moves(id: string) {
  return rowsOf<{ actorId: string | null; from: string; to: string }>(
    t.database.db.execute(
      sql`select actor_id as "actorId", from_stage as from, to_stage as to from application_stage_moves where application_id = ${id} order by created_at, id`,
    ),
  );
}
const outbox = async () => {
  await t.app.queue.drained();
  return t.app.mailer.outbox;
};
const move = (client: Client, id: string, stage: unknown) => client.post(`/api/applications/${id}/stage`, { stage });

/** An owner, a recruiter and a viewer of one company; another company's recruiter; two applicants. */
let owner: Person;
let recruiter: Person;
let viewer: Person;
let outsider: Person;
let seeker: Person;
let seeker2: Person;
let jobId: string;
let otherJobId: string;
beforeAll(async () => {
  ({ owner, recruiter, viewer, outsider } = await signUpTeam(t));
  [seeker, seeker2] = await Promise.all([signUp(t.app, 'jobseeker', { fullName: 'Sam Seeker' }), signUp(t.app, 'jobseeker', { fullName: 'Sue Seeker' })]);
  jobId = (await postJob(owner, 'Night Auditor')).id;
  otherJobId = (await postJob(outsider, 'Bartender')).id;
});

describe('stages and the spec’s four statuses', () => {
  let id: string;
  beforeEach(async () => {
    await t.database.db.execute(sql`delete from applications where job_id = ${jobId}`);
    id = await apply(seeker.client, jobId);
  });

  it('starts at Applied (Pending), and each move keeps the status in step and is recorded', async () => {
    expect(await row(id)).toMatchObject({ stage: 'Applied', status: 'Pending' });
    for (const stage of ['Screening', 'Interview', 'Offer', 'Hired', 'Offer', 'Not selected', 'Applied'] as const) {
      const res = await move(recruiter.client, id, stage);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id, stage, status: statusOfStage(stage) });
      expect(await row(id)).toMatchObject({ stage, status: statusOfStage(stage) });
    }
    expect(await moves(id)).toEqual([
      { actorId: recruiter.user.id, from: 'Applied', to: 'Screening' },
      { actorId: recruiter.user.id, from: 'Screening', to: 'Interview' },
      { actorId: recruiter.user.id, from: 'Interview', to: 'Offer' },
      { actorId: recruiter.user.id, from: 'Offer', to: 'Hired' },
      { actorId: recruiter.user.id, from: 'Hired', to: 'Offer' },
      { actorId: recruiter.user.id, from: 'Offer', to: 'Not selected' },
      { actorId: recruiter.user.id, from: 'Not selected', to: 'Applied' },
    ]);
    // The team reads the history with names; a viewer too.
    const history = await viewer.client.get(`/api/applications/${id}/moves`);
    expect(history.statusCode).toBe(200);
    expect(history.json().items[0]).toMatchObject({ actorName: 'Rae Recruiter', from: 'Applied', to: 'Screening' });
    expect(history.json().items).toHaveLength(7);
  });

  it('maps every stage onto the four statuses as the issue says, in the database too', async () => {
    expect(Object.fromEntries(TEAM_STAGES.map((s) => [s, statusOfStage(s)]))).toEqual({
      Applied: 'Pending',
      Screening: 'Reviewed',
      Interview: 'Shortlisted',
      Offer: 'Shortlisted',
      Hired: 'Shortlisted',
      'Not selected': 'Rejected',
    });
    // A write that breaks the mapping is refused by the database itself.
    await expect(t.database.db.execute(sql`update applications set stage = 'Offer', status = 'Pending' where id = ${id}`)).rejects.toThrow();
  });

  it('keeps the old status route working: each status moves to its stage, Shortlisted keeps a later stage', async () => {
    const status = (s: string) => owner.client.patch(`/api/applications/${id}/status`, { status: s });
    expect((await status('Reviewed')).json()).toMatchObject({ status: 'Reviewed', stage: 'Screening' });
    expect((await status('Shortlisted')).json()).toMatchObject({ status: 'Shortlisted', stage: 'Interview' });
    await move(owner.client, id, 'Offer');
    expect((await status('Shortlisted')).json()).toMatchObject({ status: 'Shortlisted', stage: 'Offer' });
    expect((await status('Rejected')).json()).toMatchObject({ status: 'Rejected', stage: 'Not selected' });
    expect((await status('Pending')).json()).toMatchObject({ status: 'Pending', stage: 'Applied' });
    expect((await moves(id)).map((m) => m.to)).toEqual(['Screening', 'Interview', 'Offer', 'Not selected', 'Applied']);
  });

  it('moves a hired applicant back only to Offer', async () => {
    await move(owner.client, id, 'Hired');
    for (const stage of ['Applied', 'Screening', 'Interview', 'Not selected']) {
      const res = await move(owner.client, id, stage);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'HIRED_ONLY_TO_OFFER', message: 'A hired applicant can only be moved back to Offer.' });
    }
    expect((await owner.client.patch(`/api/applications/${id}/status`, { status: 'Rejected' })).statusCode).toBe(409);
    expect(await row(id)).toMatchObject({ stage: 'Hired' });
    expect((await move(owner.client, id, 'Offer')).statusCode).toBe(200);
  });

  it('refuses the team anything on a withdrawn application, and the Withdrawn stage itself', async () => {
    const forged = await move(owner.client, id, 'Withdrawn');
    expect(forged.statusCode).toBe(400);
    expect(await row(id)).toMatchObject({ stage: 'Applied' });
    expect((await seeker.client.post(`/api/applications/${id}/withdraw`)).statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ stage: 'Withdrawn', status: 'Pending' });
    for (const stage of ['Applied', 'Screening', 'Offer', 'Not selected']) {
      const res = await move(owner.client, id, stage);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('APPLICATION_WITHDRAWN');
    }
    expect((await owner.client.patch(`/api/applications/${id}/status`, { status: 'Reviewed' })).statusCode).toBe(409);
    expect(await row(id)).toMatchObject({ stage: 'Withdrawn' });
    // Withdrawing twice is refused too.
    expect((await seeker.client.post(`/api/applications/${id}/withdraw`)).statusCode).toBe(409);
    expect((await moves(id)).map((m) => [m.actorId, m.to])).toEqual([[seeker.user.id, 'Withdrawn']]);
    // The team sees "Withdrawn".
    const list = await owner.client.get(`/api/jobs/${jobId}/applications`);
    expect(list.json().items[0]).toMatchObject({ id, stage: 'Withdrawn' });
  });

  it('refuses moves by a viewer, another company’s recruiter, the applicant, anonymous callers; forged ids and stages; nothing changes', async () => {
    const refusals: Array<[Client, unknown, string, number]> = [
      [viewer.client, 'Screening', id, 404],
      [outsider.client, 'Screening', id, 404],
      [seeker.client, 'Screening', id, 404],
      [new Client(t.app), 'Screening', id, 401],
      [owner.client, 'Promoted', id, 400],
      [owner.client, 'screening', id, 400],
      [owner.client, 3, id, 400],
      [owner.client, '<script>alert(1)</script>', id, 400],
      [owner.client, 'Screening', UNKNOWN, 404],
      [owner.client, 'Screening', 'not-a-uuid', 404],
    ];
    for (const [client, stage, target, code] of refusals) {
      const res = await move(client, target, stage);
      expect(res.statusCode, `${String(stage)} ${res.body}`).toBe(code);
    }
    // A body naming another job or application changes nothing: the path's id is what moves.
    const forgedBody = await owner.client.post(`/api/applications/${id}/stage`, { stage: 'Screening', applicationId: UNKNOWN, jobId: otherJobId });
    expect(forgedBody.statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ stage: 'Screening' });
    expect(await moves(id)).toHaveLength(1);
    // The owner of another company cannot move an application of this one, nor read its history.
    const theirs = await apply(seeker2.client, otherJobId);
    expect((await move(owner.client, theirs, 'Screening')).statusCode).toBe(404);
    expect((await outsider.client.get(`/api/applications/${id}/moves`)).statusCode).toBe(404);
    expect((await seeker.client.get(`/api/applications/${id}/moves`)).statusCode).toBe(404);
    expect(await row(theirs)).toMatchObject({ stage: 'Applied' });
  });

  it('moves to Interview when an interview is scheduled, from Applied or Screening only', async () => {
    const schedule = () =>
      recruiter.client.post('/api/interviews', {
        jobId,
        applicantId: seeker.user.id,
        interviewTime: new Date(Date.now() + 86_400_000).toISOString(),
        location: 'Bridgetown',
        notes: '',
      });
    expect((await schedule()).statusCode).toBe(201);
    expect(await row(id)).toMatchObject({ stage: 'Interview', status: 'Shortlisted' });
    expect(await moves(id)).toEqual([{ actorId: recruiter.user.id, from: 'Applied', to: 'Interview' }]);
    await move(owner.client, id, 'Offer');
    expect((await schedule()).statusCode).toBe(201);
    expect(await row(id)).toMatchObject({ stage: 'Offer' });
  });
});

describe('the applicant’s view', () => {
  it('shows the four statuses and Withdrawn, never the stage, notes or ratings', async () => {
    await t.database.db.execute(sql`delete from applications where job_id = ${jobId}`);
    const id = await apply(seeker.client, jobId);
    const mine = async () => (await seeker.client.get('/api/applications/mine')).json().items.find((a: { id: string }) => a.id === id);
    await move(owner.client, id, 'Offer');
    expect((await mine()).status).toBe('Shortlisted');
    await owner.client.post(`/api/applications/${id}/notes`, { body: 'SECRET-NOTE strong candidate' });
    await owner.client.put(`/api/applications/${id}/rating`, { rating: 4 });
    const answer = await seeker.client.get('/api/applications/mine');
    expect(answer.body).not.toMatch(/SECRET-NOTE|"stage"|"rating"|Offer|notes/);
    // The team-only routes answer the applicant "not found".
    for (const url of [`/api/applications/${id}`, `/api/applications/${id}/notes`, `/api/applications/${id}/ratings`, `/api/applications/${id}/moves`]) {
      const res = await seeker.client.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toMatch(/SECRET-NOTE/);
    }
    expect((await seeker.client.put(`/api/applications/${id}/rating`, { rating: 5 })).statusCode).toBe(404);
    expect((await seeker.client.post(`/api/applications/${id}/notes`, { body: 'me' })).statusCode).toBe(404);
    // Their notifications and emails carry no note either.
    const bell = await seeker.client.get('/api/notifications');
    expect(bell.body).not.toMatch(/SECRET-NOTE/);
    expect(JSON.stringify(await outbox())).not.toMatch(/SECRET-NOTE/);
    await seeker.client.post(`/api/applications/${id}/withdraw`);
    expect((await mine()).status).toBe('Withdrawn');
  });

  it('lets only the applicant withdraw, and cancels their upcoming interviews for the job with the calendar cancellation', async () => {
    await t.database.db.execute(sql`delete from applications where job_id = ${jobId}`);
    const id = await apply(seeker.client, jobId);
    const interview = await owner.client.post('/api/interviews', {
      jobId,
      applicantId: seeker.user.id,
      interviewTime: new Date(Date.now() + 86_400_000).toISOString(),
      location: 'Castries',
      notes: '',
    });
    expect(interview.statusCode).toBe(201);
    for (const client of [owner.client, recruiter.client, seeker2.client, outsider.client])
      expect((await client.post(`/api/applications/${id}/withdraw`)).statusCode).toBe(404);
    expect((await new Client(t.app).post(`/api/applications/${id}/withdraw`)).statusCode).toBe(401);
    expect(await row(id)).toMatchObject({ stage: 'Interview' });
    const res = await seeker.client.post(`/api/applications/${id}/withdraw`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, status: 'Withdrawn', cancelledInterviews: 1 });
    const [iv] = await rowsOf<{ status: string }>(t.database.db.execute(sql`select status from interviews where id = ${interview.json().id}`));
    expect(iv!.status).toBe('cancelled');
    const cancellations = (await outbox()).filter(
      (m) => m.to === seeker.email && m.calendar?.method === 'CANCEL' && m.calendar.content.includes(interview.json().id),
    );
    expect(cancellations).toHaveLength(1);
    expect(cancellations[0]!.text).toContain('You withdrew your application.');
  });
});

describe('notes and ratings, private to the team', () => {
  let id: string;
  beforeAll(async () => {
    await t.database.db.execute(sql`delete from applications where job_id = ${jobId}`);
    id = await apply(seeker.client, jobId);
  });

  it('keeps each member’s 1–5 rating and the average; refuses 0, 6, 2.5 and text', async () => {
    expect((await owner.client.put(`/api/applications/${id}/rating`, { rating: 5 })).statusCode).toBe(200);
    expect((await recruiter.client.put(`/api/applications/${id}/rating`, { rating: 2 })).statusCode).toBe(200);
    const res = await viewer.client.put(`/api/applications/${id}/rating`, { rating: 3 });
    expect(res.json()).toEqual({
      average: 3.3,
      items: [
        { userId: owner.user.id, name: 'Olivia Owner', rating: 5 },
        { userId: recruiter.user.id, name: 'Rae Recruiter', rating: 2 },
        { userId: viewer.user.id, name: 'Vic Viewer', rating: 3 },
      ],
    });
    // Rating again replaces one's own.
    expect((await owner.client.put(`/api/applications/${id}/rating`, { rating: 4 })).json().average).toBe(3);
    for (const rating of [0, 6, 2.5, '4', null, -1]) {
      const bad = await owner.client.put(`/api/applications/${id}/rating`, { rating });
      expect(bad.statusCode, String(rating)).toBe(400);
    }
    expect((await outsider.client.put(`/api/applications/${id}/rating`, { rating: 1 })).statusCode).toBe(404);
    expect((await outsider.client.get(`/api/applications/${id}/ratings`)).statusCode).toBe(404);
    const list = (await owner.client.get(`/api/jobs/${jobId}/applications`)).json().items[0];
    expect(list.rating).toEqual({ average: 3, count: 3, mine: 4 });
    const asRecruiter = (await recruiter.client.get(`/api/jobs/${jobId}/applications`)).json().items[0];
    expect(asRecruiter.rating.mine).toBe(2);
  });

  it('stores notes as text, notifies a mentioned teammate on the bell, refuses mentioning outsiders', async () => {
    const body = '<b>Strong</b> <script>alert(1)</script> — ask @Rae about references';
    const res = await owner.client.post(`/api/applications/${id}/notes`, { body, mentions: [recruiter.user.id] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ body, authorName: 'Olivia Owner', mentions: [{ id: recruiter.user.id, name: 'Rae Recruiter' }] });
    const bell = (await recruiter.client.get('/api/notifications')).json().items;
    expect(bell[0]).toMatchObject({ kind: 'team_mention', data: { authorName: 'Olivia Owner', applicationId: id, jobId } });
    // Not the note's text, and no email for a mention.
    expect(JSON.stringify(bell[0])).not.toContain('Strong');
    expect(JSON.stringify(await outbox())).not.toContain('ask @Rae');

    for (const mentions of [[outsider.user.id], [seeker.user.id], [UNKNOWN]]) {
      const bad = await owner.client.post(`/api/applications/${id}/notes`, { body: 'x', mentions });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('MENTION_NOT_ON_TEAM');
    }
    expect((await owner.client.post(`/api/applications/${id}/notes`, { body: '   ' })).statusCode).toBe(400);
    expect((await owner.client.post(`/api/applications/${id}/notes`, { body: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await outsider.client.post(`/api/applications/${id}/notes`, { body: 'hi' })).statusCode).toBe(404);
    expect((await outsider.client.get(`/api/applications/${id}/notes`)).statusCode).toBe(404);
    const notes = (await viewer.client.get(`/api/applications/${id}/notes`)).json().items;
    expect(notes).toHaveLength(1);
    expect(notes[0].body).toBe(body);
    expect((await owner.client.get(`/api/jobs/${jobId}/applications`)).json().items[0].notesCount).toBe(1);
  });
});

describe('viewed by the employer', () => {
  it('is marked when a team member opens the application, not when the applicant or an outsider asks', async () => {
    await t.database.db.execute(sql`delete from applications where job_id = ${jobId}`);
    const id = await apply(seeker.client, jobId);
    expect((await outsider.client.get(`/api/applications/${id}`)).statusCode).toBe(404);
    expect((await row(id)).viewedAt).toBeNull();
    const res = await viewer.client.get(`/api/applications/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, stage: 'Applied', applicantName: 'Sam Seeker' });
    expect((await row(id)).viewedAt).not.toBeNull();
  });
});

describe('the applicant’s timeline and notices', () => {
  it('lists applied, viewed, interview and visible status changes, never a stage; notifies only visible changes', async () => {
    await t.database.db.execute(sql`delete from applications where job_id = ${jobId}`);
    const id = await apply(seeker.client, jobId);
    const [{ since }] = (await rowsOf<{ since: Date }>(t.database.db.execute(sql`select created_at as since from applications where id = ${id}`))) as [
      { since: Date },
    ];
    const bell = () =>
      rowsOf<{ status: string }>(
        t.database.db.execute(sql`select data->>'status' as status from notifications
          where user_id = ${seeker.user.id} and kind = 'application_status' and created_at >= ${since} order by created_at desc`),
      );
    await viewer.client.get(`/api/applications/${id}`);
    await move(recruiter.client, id, 'Screening');
    const interview = await owner.client.post('/api/interviews', {
      jobId,
      applicantId: seeker.user.id,
      interviewTime: new Date(Date.now() + 86_400_000).toISOString(),
      location: 'Kingston',
      notes: '',
    });
    expect(interview.statusCode).toBe(201);
    // Interview → Offer shows as Shortlisted → Shortlisted: no notice, no timeline step.
    await move(recruiter.client, id, 'Offer');
    await move(recruiter.client, id, 'Not selected');
    const mine = (await seeker.client.get('/api/applications/mine')).json().items.find((a: { id: string }) => a.id === id);
    expect(mine.status).toBe('Rejected');
    expect(mine.timeline.map((e: { kind: string; status: string | null }) => [e.kind, e.status])).toEqual([
      ['applied', null],
      ['viewed', null],
      ['status', 'Reviewed'],
      ['interview', null],
      ['status', 'Shortlisted'],
      ['status', 'Rejected'],
    ]);
    expect(JSON.stringify(mine)).not.toMatch(/Screening|Offer|Not selected|Interview"/);
    expect((await bell()).map((n) => n.status)).toEqual(['Rejected', 'Reviewed']);
  });
});

describe('the workspace’s stage tabs', () => {
  it('counts a job’s applications per stage and lists one stage, for the team only', async () => {
    await t.database.db.execute(sql`delete from applications where job_id = ${jobId}`);
    const id1 = await apply(seeker.client, jobId);
    await apply(seeker2.client, jobId);
    await move(owner.client, id1, 'Screening');
    const counts = await viewer.client.get(`/api/jobs/${jobId}/applications/stages`);
    expect(counts.statusCode).toBe(200);
    expect(counts.json()).toEqual({ counts: { Applied: 1, Screening: 1 }, total: 2 });
    const screening = await viewer.client.get(`/api/jobs/${jobId}/applications?stage=Screening`);
    expect(screening.json().items.map((a: { id: string }) => a.id)).toEqual([id1]);
    expect((await viewer.client.get(`/api/jobs/${jobId}/applications?stage=Bogus`)).statusCode).toBe(400);
    for (const client of [outsider.client, seeker.client]) expect((await client.get(`/api/jobs/${jobId}/applications/stages`)).statusCode).toBe(404);
  });
});
