import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { Client, FILES, multipart, signUp } from '../../../test/http';
import { rowsOf } from '../../lib/keyset';
import { csvCell } from '../../lib/csv';
import { postJob, validJob } from '../../../test/jobs';
import { signUpAs } from './test-helpers';

let t: TestApp;
let admin: Client;
let adminId: string;
beforeAll(async () => {
  t = await createTestApp();
  const a = await signUpAs(t, 'admin');
  admin = a.client;
  adminId = a.user.id;
});
afterAll(() => t.close());

const publicIds = async () => ((await new Client(t.app).get('/api/jobs?limit=50')).json().items as Array<{ id: string }>).map((j) => j.id);

describe('payments', () => {
  it('with jobs_free off a new job awaits payment: only owner and admins see it until "Mark paid"', async () => {
    expect((await new Client(t.app).get('/api/payment-settings')).json()).toMatchObject({ jobsFree: true, adsFree: true });
    const put = await admin.request({ method: 'PUT', url: '/api/admin/settings', payload: { jobsFree: false, jobPrice: '25.50' } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ jobsFree: false, jobPrice: '25.50' });
    const employer = await signUp(t.app, 'employer');
    const job = await postJob(employer.client, { paid: true });
    expect(job.paid).toBe(false);
    expect(await publicIds()).not.toContain(job.id);
    expect((await new Client(t.app).get(`/api/jobs/${job.id}`)).statusCode).toBe(404);
    const seeker = await signUp(t.app);
    expect((await seeker.client.get(`/api/jobs/${job.id}`)).statusCode).toBe(404);
    const early = await seeker.client.request({ method: 'POST', url: `/api/jobs/${job.id}/applications`, ...multipart([{ name: 'coverLetter', data: 'Hi' }]) });
    expect(early.statusCode).toBe(404);
    expect((await employer.client.get(`/api/jobs/${job.id}`)).json().paid).toBe(false);
    expect((await employer.client.get('/api/jobs/mine')).json().items[0]).toMatchObject({ id: job.id, paid: false });
    expect((await admin.get(`/api/jobs/${job.id}`)).statusCode).toBe(200);

    expect((await admin.post(`/api/admin/jobs/${job.id}/paid`, { method: 'cheque' })).statusCode).toBe(400);
    expect((await admin.post(`/api/admin/jobs/${job.id}/paid`, { method: 'bank_transfer' })).statusCode).toBe(200);
    expect((await admin.post(`/api/admin/jobs/${job.id}/paid`, { method: 'cash' })).statusCode).toBe(409);
    expect(await publicIds()).toContain(job.id);
    const audit = (await admin.get(`/api/admin/audit?action=payment_recorded&q=${job.id}`)).json().items;
    expect(audit).toHaveLength(1);
    expect(audit[0].after).toEqual({ paid: true, method: 'bank_transfer' });

    await admin.request({ method: 'PUT', url: '/api/admin/settings', payload: { jobsFree: true } });
    const free = await postJob(employer.client);
    expect(free.paid).toBe(true);
    expect(await publicIds()).toContain(free.id);
    const settingsAudit = (await admin.get('/api/admin/audit?action=settings_change')).json().items;
    expect(settingsAudit[0]).toMatchObject({ before: { jobsFree: false }, after: { jobsFree: true } });
  });

  it('refuses bad settings and changes nothing', async () => {
    for (const payload of [{}, { jobPrice: '-1' }, { jobPrice: '=1+1' }, { adsFree: 'yes' }]) {
      expect((await admin.request({ method: 'PUT', url: '/api/admin/settings', payload })).statusCode).toBe(400);
    }
    expect((await admin.get('/api/admin/settings')).json().jobPrice).toBe('25.50');
  });
});

describe('suspended and muted people', () => {
  it('a suspended employer’s jobs are hidden until reinstated', async () => {
    const employer = await signUp(t.app, 'employer');
    const job = await postJob(employer.client);
    await admin.patch(`/api/admin/users/${employer.user.id}/role`, { role: 'suspended' });
    expect(await publicIds()).not.toContain(job.id);
    expect((await new Client(t.app).get(`/api/jobs/${job.id}`)).statusCode).toBe(404);
    await admin.patch(`/api/admin/users/${employer.user.id}/role`, { role: 'employer' });
    expect(await publicIds()).toContain(job.id);
  });

  it('a muted employer cannot post a job, a muted job seeker cannot apply', async () => {
    const employer = await signUp(t.app, 'employer');
    const job = await postJob(employer.client);
    await admin.patch(`/api/admin/users/${employer.user.id}/role`, { role: 'muted' });
    const post = await employer.client.post('/api/jobs', validJob());
    expect(post.statusCode).toBe(403);
    expect(post.json().code).toBe('ACCOUNT_MUTED');
    const seeker = await signUp(t.app);
    await admin.patch(`/api/admin/users/${seeker.user.id}/role`, { role: 'muted' });
    const body = multipart([{ name: 'coverLetter', data: 'Hello' }]);
    const apply = await seeker.client.request({ method: 'POST', url: `/api/jobs/${job.id}/applications`, ...body });
    expect(apply.statusCode).toBe(403);
    expect((await seeker.client.get('/api/jobs')).statusCode).toBe(200);
    const msg = await seeker.client.post('/api/messages', { recipientId: employer.user.id, message: 'hello' });
    expect(msg.statusCode).toBe(403);
    expect(msg.json().code).toBe('ACCOUNT_MUTED');
    await admin.patch(`/api/admin/users/${seeker.user.id}/role`, { role: 'jobseeker' });
    expect((await seeker.client.post('/api/messages', { recipientId: employer.user.id, message: 'hello' })).statusCode).toBe(201);
  });
});

describe('deleting a user', () => {
  it('removes the account, their jobs, applications and files; refuses self and other admins', async () => {
    const employer = await signUp(t.app, 'employer', { fullName: 'Gone Soon' });
    const job = await postJob(employer.client);
    const seeker = await signUp(t.app);
    const body = multipart([
      { name: 'coverLetter', data: 'Hi' },
      { name: 'resumeFile', filename: 'cv.pdf', contentType: 'application/pdf', data: FILES.pdf },
    ]);
    const applied = await seeker.client.request({ method: 'POST', url: `/api/jobs/${job.id}/applications`, ...body });
    expect(applied.statusCode).toBe(201);
    const [app] = await rowsOf<{ key: string }>(t.database.db.execute(sql`select resume_key as key from applications where job_id = ${job.id}`));
    expect(await t.app.storage.get(app!.key)).toBeTruthy();

    expect((await admin.delete(`/api/admin/users/${adminId}`)).statusCode).toBe(400);
    const other = await signUpAs(t, 'admin');
    expect((await admin.delete(`/api/admin/users/${other.user.id}`)).statusCode).toBe(403);

    expect((await admin.delete(`/api/admin/users/${employer.user.id}`)).statusCode).toBe(204);
    expect((await admin.delete(`/api/admin/users/${employer.user.id}`)).statusCode).toBe(404);
    const left = await rowsOf<{ n: number }>(
      t.database.db.execute(sql`select (select count(*) from users where id = ${employer.user.id})::int + (select count(*) from jobs where id = ${job.id})::int
        + (select count(*) from applications where job_id = ${job.id})::int + (select count(*) from sessions where user_id = ${employer.user.id})::int as n`),
    );
    expect(left[0]!.n).toBe(0);
    expect(await t.app.storage.get(app!.key).catch(() => null)).toBeFalsy();
    expect((await employer.client.get('/api/me')).json().user).toBeNull();
    const audit = (await admin.get(`/api/admin/audit?action=delete_user&q=${employer.user.id}`)).json().items;
    expect(audit[0].before).toMatchObject({ fullName: 'Gone Soon' });
  });
});

describe('growth and CSV', () => {
  it('CSV cells that a spreadsheet would run are neutralised and quoted (RFC 4180)', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell('2026-01-05')).toBe('2026-01-05');
  });

  it('weekly series hold 8 weeks, empty weeks as 0; the range and CSV follow', async () => {
    await t.database.db.execute(sql`update jobs set created_at = now() - interval '3 weeks' where id = (select id from jobs order by created_at limit 1)`);
    const gr = await admin.get('/api/admin/growth');
    expect(gr.statusCode, gr.body).toBe(200);
    const g = gr.json();
    for (const s of [g.users, g.jobs, g.ads, g.applications]) expect(s).toHaveLength(8);
    expect(g.users[7].count).toBeGreaterThan(0);
    expect(g.users[0].count).toBe(0);
    expect(g.jobs[4].count).toBe(1);
    expect(g.ads.every((p: { count: number }) => p.count === 0)).toBe(true);
    expect(new Date(`${g.users[1].week}T00:00:00Z`).getUTCDay()).toBe(1);

    const stats = (await admin.get('/api/admin/stats')).json();
    expect(stats.users).toBeGreaterThan(5);

    const today = new Date().toISOString().slice(0, 10);
    const range = await admin.get(`/api/admin/growth/users?from=2025-12-01&to=${today}`);
    expect(range.statusCode).toBe(200);
    expect(range.json().at(-1).count).toBeGreaterThan(0);
    expect((await admin.get('/api/admin/growth/users?from=2026-02-01&to=2026-01-01')).statusCode).toBe(400);
    expect((await admin.get('/api/admin/growth/users?from=2026-02-01')).statusCode).toBe(400);

    const csv = await admin.get('/api/admin/growth.csv');
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="CaribConnect-growth-${today}.csv"`);
    const lines = csv.body.split('\r\n');
    expect(lines.filter((l) => l.endsWith('Growth'))).toEqual(['User Growth', 'Job Growth', 'Ad Growth', 'Application Growth']);
    expect(lines[1]).toBe('week,count');
    expect(lines.length).toBe(4 * 10 + 3 + 1);
  });

  it('a date with a time, or any other malformed date, is a 400 with the date message on every growth route', async () => {
    const bad = [
      'from=2026-01-01T00:00:00Z&to=2026-02-01',
      'from=2026-01-01&to=2026-02-01T00:00:00Z',
      'from=2026-01-01%2000:00&to=2026-02-01',
      'from=2026-1-1&to=2026-2-1',
      'from=2026-02-30&to=2026-03-01',
    ];
    for (const q of bad) {
      const res = await admin.get(`/api/admin/growth/users?${q}`);
      expect(res.statusCode, `${q}: ${res.body}`).toBe(400);
      expect(res.json().message, q).toMatch(/Use a date like 2026-01-31\./);
      // The weekly series and the CSV take no range: the same query changes nothing there.
      expect((await admin.get(`/api/admin/growth?${q}`)).statusCode, q).toBe(200);
      expect((await admin.get(`/api/admin/growth.csv?${q}`)).statusCode, q).toBe(200);
    }
  });

  it('lists jobs, applications and feedback for admins, paged', async () => {
    await new Client(t.app).post('/api/feedback', { message: '<script>alert(1)</script>' });
    const fb = (await admin.get('/api/admin/feedback?limit=1')).json();
    expect(fb.items[0].message).toBe('<script>alert(1)</script>');
    expect((await admin.get('/api/admin/jobs?limit=2')).json().items).toHaveLength(2);
    expect((await admin.get('/api/admin/applications')).statusCode).toBe(200);
  });
});

describe('consultant card of a suspended person', () => {
  it('is hidden from the directory and its page until reinstated', async () => {
    const c = await signUp(t.app, 'jobseeker', { fullName: 'Hidden Consultant' });
    const { db } = t.database;
    await db.execute(
      sql`insert into consultants (user_id, full_name, email, country, specialty, contact_info) values (${c.user.id}, 'Hidden Consultant', ${c.email}, 'Jamaica', 'Finance', 'call')`,
    );
    const listed = async () => ((await new Client(t.app).get('/api/consultants?limit=50')).json().items as Array<{ userId: string }>).map((x) => x.userId);
    expect(await listed()).toContain(c.user.id);
    await admin.patch(`/api/admin/users/${c.user.id}/role`, { role: 'banned' });
    expect(await listed()).not.toContain(c.user.id);
    await admin.patch(`/api/admin/users/${c.user.id}/role`, { role: 'jobseeker' });
    const muted = await signUpAs(t, 'muted');
    const contact = await muted.client.post(`/api/consultants/${c.user.id}/requests`, { fullName: 'M', email: muted.email, phone: '1', message: 'Hi' });
    expect(contact.statusCode).toBe(403);
    expect(contact.json().code).toBe('ACCOUNT_MUTED');
    await admin.patch(`/api/admin/users/${c.user.id}/role`, { role: 'banned' });
    expect((await new Client(t.app).get(`/api/consultants/${c.user.id}`)).statusCode).toBe(404);
    await admin.patch(`/api/admin/users/${c.user.id}/role`, { role: 'jobseeker' });
    expect(await listed()).toContain(c.user.id);
  });
});
