import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { saveConsultant, setRole } from '../../../test/consultants';
import { Client, multipart, PASSWORD, signUp } from '../../../test/http';

// A muted person keeps the home and screens of the role they had (decision 0026), and a job seeker
// who completes a consultant profile can still apply for jobs (decision 0015).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signUpAdmin() {
  const a = await signUp(t.app, 'jobseeker');
  await setRole(t.database, a.user.id, 'admin');
  return a;
}
const meOf = async (client: Client) => (await client.get('/api/me')).json().user as { role: string; previousRole?: string | null };
const job = { title: 'Accounts Clerk', company: 'Island Traders', country: 'Jamaica', category: 'Administrative', description: 'Keep the books.' };
const apply = (client: Client, jobId: string) =>
  client.request({ method: 'POST', url: `/api/jobs/${jobId}/applications`, ...multipart([{ name: 'coverLetter', data: 'Hello' }]) });

describe('a muted person', () => {
  it('is told the role they had, which stays through other states and clears when reinstated', async () => {
    const admin = await signUpAdmin();
    const employer = await signUp(t.app, 'employer');
    expect(await meOf(employer.client)).toMatchObject({ role: 'employer', previousRole: null });

    expect((await admin.client.patch(`/api/admin/users/${employer.user.id}/role`, { role: 'muted' })).statusCode).toBe(200);
    expect(await meOf(employer.client)).toMatchObject({ role: 'muted', previousRole: 'employer' });
    const posted = await employer.client.post('/api/jobs', job);
    expect(posted.statusCode).toBe(403);
    expect(posted.json()).toMatchObject({ code: 'ACCOUNT_MUTED' });

    // Banned while muted, then muted again: still an employer underneath.
    await admin.client.patch(`/api/admin/users/${employer.user.id}/role`, { role: 'banned' });
    await admin.client.patch(`/api/admin/users/${employer.user.id}/role`, { role: 'muted' });
    const again = await employer.client.post('/api/auth/sign-in/email', { email: employer.email, password: PASSWORD });
    expect(again.statusCode, again.body).toBe(200);
    expect(await meOf(employer.client)).toMatchObject({ role: 'muted', previousRole: 'employer' });

    await admin.client.patch(`/api/admin/users/${employer.user.id}/role`, { role: 'employer' });
    expect(await meOf(employer.client)).toMatchObject({ role: 'employer', previousRole: null });
  });

  it('a person cannot set their own previous role', async () => {
    const seeker = await signUp(t.app, 'jobseeker');
    const res = await seeker.client.patch('/api/profiles/me', { previousRole: 'admin', previous_role: 'admin' });
    expect(res.statusCode).toBeLessThan(500);
    expect((await meOf(seeker.client)).previousRole).toBeNull();
  });
});

describe('a job seeker who completes a consultant profile', () => {
  it('can still apply for jobs and read their applications; muted, they cannot', async () => {
    const employer = await signUp(t.app, 'employer');
    const posted = (await employer.client.post('/api/jobs', job)).json() as { id: string };
    const second = (await employer.client.post('/api/jobs', { ...job, title: 'Cashier' })).json() as { id: string };
    const seeker = await signUp(t.app, 'jobseeker');
    expect((await saveConsultant(seeker.client)).statusCode).toBeLessThan(300);
    expect((await meOf(seeker.client)).role).toBe('consultant');

    const res = await apply(seeker.client, posted.id);
    expect(res.statusCode, res.body).toBe(201);
    const mine = await seeker.client.get('/api/applications/mine');
    expect(mine.json().items.map((a: { jobId: string }) => a.jobId)).toEqual([posted.id]);

    // Employers keep their role when they complete a card, and still cannot apply.
    const other = await signUp(t.app, 'employer');
    await saveConsultant(other.client);
    expect((await apply(other.client, posted.id)).statusCode).toBe(403);

    const admin = await signUpAdmin();
    await admin.client.patch(`/api/admin/users/${seeker.user.id}/role`, { role: 'muted' });
    expect(await meOf(seeker.client)).toMatchObject({ role: 'muted', previousRole: 'consultant' });
    const muted = await apply(seeker.client, second.id);
    expect(muted.statusCode).toBe(403);
    expect(muted.json()).toMatchObject({ code: 'ACCOUNT_MUTED' });
  });
});
