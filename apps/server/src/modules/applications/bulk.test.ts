import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { applyTo as apply, signUpTeam, type Person } from '../../../test/team';
import { Client, signUp } from '../../../test/http';
import { postJob } from '../../../test/jobs';
import { rowsOf } from '../../lib/keyset';
import { MOVE_CHUNK } from './pipeline';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const stages = async (ids: string[]) =>
  (await rowsOf<{ id: string; stage: string }>(t.database.db.execute(sql`select id, stage from applications where id = any(${sql.param(ids)}::uuid[])`)))
    .sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id))
    .map((r) => r.stage);
const mailsTo = async (email: string) => {
  // The batch's job waits out the undo window (10 s) before it runs.
  await t.app.queue.drained(30_000);
  return t.app.mailer.outbox.filter((m) => m.to === email);
};

let companyId: string;
let owner: Person;
let recruiter: Person;
let viewer: Person;
let outsider: Person;
let ana: Person;
let ben: Person;
let jobId: string;
let otherJobId: string;
let a1: string;
let a2: string;
let foreign: string;
beforeAll(async () => {
  ({ owner, recruiter, viewer, outsider, companyId } = await signUpTeam(t));
  [ana, ben] = await Promise.all([
    signUp(t.app, 'jobseeker', { fullName: 'Ana María Pérez', language: 'es' }),
    signUp(t.app, 'jobseeker', { fullName: 'Ben Brown' }),
  ]);
  await t.database.db.execute(sql`update companies set name = 'Sandals Resorts' where id = ${companyId}`);
  jobId = (await postJob(owner, 'Front Desk Agent')).id;
  otherJobId = (await postJob(outsider, 'Chef')).id;
  a1 = await apply(ana.client, jobId);
  a2 = await apply(ben.client, jobId);
  foreign = await apply(ben.client, otherJobId);
});

const bulk = (client: Client, body: Record<string, unknown>, job = jobId) => client.post(`/api/jobs/${job}/applications/bulk-move`, body);

describe('bulk moves', () => {
  it('refuses the whole list when it mixes another company’s application, or the caller cannot act; nothing moves', async () => {
    const refusals: Array<[Client, Record<string, unknown>, string, number]> = [
      [owner.client, { ids: [a1, foreign], to: 'Screening' }, jobId, 404],
      [owner.client, { ids: [a1, a2], to: 'Screening' }, otherJobId, 404],
      [viewer.client, { ids: [a1], to: 'Screening' }, jobId, 404],
      [outsider.client, { ids: [a1], to: 'Screening' }, jobId, 404],
      [ana.client, { ids: [a1], to: 'Screening' }, jobId, 404],
      [new Client(t.app), { ids: [a1], to: 'Screening' }, jobId, 401],
      [owner.client, { ids: [a1], to: 'Withdrawn' }, jobId, 400],
      [owner.client, { ids: [a1], fromStage: 'Applied', to: 'Screening' }, jobId, 400],
      [owner.client, { to: 'Screening' }, jobId, 400],
      [owner.client, { ids: [a1, 'not-a-uuid'], to: 'Screening' }, jobId, 404],
      [owner.client, { ids: Array.from({ length: 10_001 }, () => a1), to: 'Screening' }, jobId, 400],
    ];
    for (const [client, body, job, code] of refusals) expect((await bulk(client, body, job)).statusCode, JSON.stringify(body).slice(0, 80)).toBe(code);
    expect(await stages([a1, a2, foreign])).toEqual(['Applied', 'Applied', 'Applied']);
  });

  it('moves all of a stage, then Not selected with the default reply; an undo within 10 s cancels the move and the emails', async () => {
    const all = await bulk(recruiter.client, { fromStage: 'Applied', to: 'Screening' });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().moved).toBe(2);
    expect(await stages([a1, a2, foreign])).toEqual(['Screening', 'Screening', 'Applied']);

    const started = Date.now();
    const res = await bulk(recruiter.client, { ids: [a1, a2], to: 'Not selected', template: 'default' });
    expect(res.statusCode, res.body).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await stages([a1, a2])).toEqual(['Not selected', 'Not selected']);
    const undo = await recruiter.client.post(`/api/pipeline/batches/${res.json().batch}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json()).toEqual({ restored: 2 });
    expect(await stages([a1, a2])).toEqual(['Screening', 'Screening']);
    // To the applicant an undone move never happened: their timeline goes from Pending to Reviewed only.
    const [mine] = (await ana.client.get('/api/applications/mine')).json().items;
    expect(mine.status).toBe('Reviewed');
    expect(mine.timeline.filter((e: { kind: string }) => e.kind === 'status').map((e: { status: string }) => e.status)).toEqual(['Reviewed']);
    // Another company's member cannot undo; a second undo is refused.
    expect((await outsider.client.post(`/api/pipeline/batches/${res.json().batch}/undo`)).statusCode).toBe(404);
    expect((await recruiter.client.post(`/api/pipeline/batches/${res.json().batch}/undo`)).statusCode).toBe(409);
    expect((await mailsTo(ana.email)).filter((m) => /Tu solicitud/.test(m.subject))).toHaveLength(0);
    expect((await mailsTo(ben.email)).filter((m) => /Your application for/.test(m.subject))).toHaveLength(0);
  });

  it('sends the reply in each applicant’s language, once, with the fields filled in, and refuses a late undo', async () => {
    const res = await bulk(owner.client, { ids: [a1, a2], to: 'Not selected', template: 'default' });
    expect(res.statusCode, res.body).toBe(200);
    const ana1 = (await mailsTo(ana.email)).filter((m) => m.subject.startsWith('Tu solicitud'));
    expect(ana1).toHaveLength(1);
    expect(ana1[0]!.subject).toBe('Tu solicitud para Front Desk Agent en Sandals Resorts');
    expect(ana1[0]!.text).toContain('Hola, Ana:');
    const ben1 = (await mailsTo(ben.email)).filter((m) => m.subject.startsWith('Your application for'));
    expect(ben1).toHaveLength(1);
    expect(ben1[0]!.text).toContain('Dear Ben,');
    expect(ben1[0]!.text).not.toMatch(/\{\{/);
    // After the window: too late.
    expect((await owner.client.post(`/api/pipeline/batches/${res.json().batch}/undo`)).statusCode).toBe(409);
    // The bell tells them, once; their email was the reply (no second status email).
    const [bell] = await rowsOf<{ n: number }>(
      t.database.db.execute(
        sql`select count(*)::int as n from notifications where user_id = ${ana.user.id} and kind = 'application_status' and data->>'batch' = ${res.json().batch}`,
      ),
    );
    expect(bell!.n).toBe(1);
    expect((await mailsTo(ana.email)).filter((m) => /Rejected|Rechazad/.test(m.subject + m.text))).toHaveLength(0);

    // Back to Screening and Not selected again: no second reply, ever.
    expect((await bulk(owner.client, { ids: [a1, a2], to: 'Screening' })).statusCode).toBe(200);
    expect((await bulk(owner.client, { ids: [a1, a2], to: 'Not selected', template: 'default' })).statusCode).toBe(200);
    expect((await mailsTo(ana.email)).filter((m) => m.subject.startsWith('Tu solicitud'))).toHaveLength(1);
    expect((await mailsTo(ben.email)).filter((m) => m.subject.startsWith('Your application for'))).toHaveLength(1);
  });

  it('moves a list longer than one chunk all or nothing, with one reply each, and undoes all of it', async () => {
    const db = t.database.db;
    const job = (await postJob(owner, 'Seasonal Staff')).id;
    const n = MOVE_CHUNK * 2 + 7;
    // Applicants made in SQL: hundreds signing up through the API would be the slowest part of the file.
    await db.execute(sql`insert into users (id, name, email, email_verified, created_at, updated_at)
      select 'chunked-' || n, 'Chunked ' || n, 'chunked-' || n || '@example.com', false, now(), now() from generate_series(1, ${n}) n`);
    await db.execute(sql`insert into applications (job_id, user_id) select ${job}, 'chunked-' || n from generate_series(1, ${n}) n`);
    const ids = (await rowsOf<{ id: string }>(db.execute(sql`select id from applications where job_id = ${job} order by id`))).map((r) => r.id);
    const count = async (stage: string) =>
      (await rowsOf<{ n: number }>(db.execute(sql`select count(*)::int as n from applications where job_id = ${job} and stage = ${stage}`)))[0]!.n;

    // The last id in lock order (the last chunk) is withdrawn: the whole list is refused, the first chunks included.
    await db.execute(sql`update applications set stage = 'Withdrawn' where id = ${ids.at(-1)!}`);
    const refused = await bulk(owner.client, { ids, to: 'Not selected', template: 'default' }, job);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(await count('Applied')).toBe(n - 1);
    await db.execute(sql`update applications set stage = 'Applied' where id = ${ids.at(-1)!}`);

    const res = await bulk(owner.client, { ids: [...ids].reverse(), to: 'Not selected', template: 'default' }, job);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().moved).toBe(n);
    expect(await count('Not selected')).toBe(n);
    const batch = res.json().batch as string;
    const [replies] = await rowsOf<{ n: number; moves: number }>(
      db.execute(sql`select (select count(*)::int from application_replies where batch = ${batch} and state = 'pending') as n,
        (select count(*)::int from application_stage_moves where batch = ${batch}) as moves`),
    );
    expect(replies).toEqual({ n, moves: n });
    const undo = await owner.client.post(`/api/pipeline/batches/${batch}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json()).toEqual({ restored: n });
    expect(await count('Applied')).toBe(n);
    const [after] = await rowsOf<{ pending: number; back: number }>(
      db.execute(sql`select (select count(*)::int from application_replies where batch = ${batch} and state = 'pending') as pending,
        (select count(*)::int from application_stage_moves where batch = ${batch} and to_stage = 'Applied') as back`),
    );
    expect(after).toEqual({ pending: 0, back: n });
  });

  it('keeps a company’s own template as text, markup included, and sends it as such', async () => {
    const body = '<b>Hi {{first_name}}</b> <script>x()</script> — {{job_title}} at {{company}}';
    const saved = await recruiter.client.put('/api/companies/mine/reply-templates', { name: 'Polite', language: 'en', subject: 'About {{job_title}}', body });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().body).toBe(body);
    expect((await viewer.client.put('/api/companies/mine/reply-templates', { name: 'X', language: 'en', subject: 's', body: 'b' })).statusCode).toBe(403);
    expect((await viewer.client.get('/api/companies/mine/reply-templates')).json().items.map((i: { name: string }) => i.name)).toEqual(['Polite']);
    expect((await outsider.client.get('/api/companies/mine/reply-templates')).json().items).toEqual([]);
    // Another company cannot use it.
    const theirs = await bulk(outsider.client, { ids: [foreign], to: 'Not selected', template: 'Polite' }, otherJobId);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('TEMPLATE_NOT_FOUND');

    const carl = await signUp(t.app, 'jobseeker', { fullName: 'Carl Cole', language: 'fr' });
    const a3 = await apply(carl.client, jobId);
    expect((await bulk(owner.client, { ids: [a3], to: 'Not selected', template: 'Polite' })).statusCode).toBe(200);
    const mails = (await mailsTo(carl.email)).filter((m) => m.subject.startsWith('About'));
    // No French text of "Polite": the English one goes.
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toBe('<b>Hi Carl</b> <script>x()</script> — Front Desk Agent at Sandals Resorts');
  });
});
