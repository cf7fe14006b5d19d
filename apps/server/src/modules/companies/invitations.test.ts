import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { setRole } from '../../../test/consultants';
import { Client, confirmEmail, PASSWORD, signUp, uniqueEmail } from '../../../test/http';
import { postJob } from '../../../test/jobs';
import { rowsOf } from '../../lib/keyset';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof signUp>>;

/** Invites `email` and returns the link's token, read from the email the queue sent. */
async function invite(owner: Person, email: string, role = 'recruiter') {
  const res = await owner.client.post('/api/companies/mine/invitations', { email, role });
  expect(res.statusCode, res.body).toBe(201);
  await t.app.queue.drained();
  const mail = t.app.mailer.outbox.filter((m) => m.to === email).at(-1)!;
  const token = /\/invitations\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  return { token, mail, id: res.json().id as string };
}

const companyOf = async (userId: string) =>
  (
    await rowsOf<{ slug: string; role: string; companyId: string }>(
      t.database.db.execute(
        sql`select c.slug, m.role, c.id as "companyId" from company_members m join companies c on c.id = m.company_id where m.user_id = ${userId}`,
      ),
    )
  )[0];

describe('invitations', () => {
  let owner: Person;
  beforeAll(async () => {
    owner = await signUp(t.app, 'employer', { fullName: 'Olive Owner' });
    await owner.client.patch('/api/companies/mine', { name: 'Montego Bay Hotels' });
  });

  it('lets an invitee without an account sign up from the link and join instead of creating a company', async () => {
    const email = uniqueEmail('invitee');
    const { token, mail } = await invite(owner, email);
    expect(mail.subject).toBe('Join Montego Bay Hotels on CaribConnect');
    expect(mail.text).toContain('Olive Owner invites you to join Montego Bay Hotels on CaribConnect as a recruiter.');
    const view = await new Client(t.app).get(`/api/invitations/${token}`);
    expect(view.json()).toMatchObject({ companyName: 'Montego Bay Hotels', email, role: 'recruiter' });
    const client = new Client(t.app);
    const res = await client.post('/api/signup', { email, password: PASSWORD, role: 'employer', invitation: token });
    expect(res.statusCode, res.body).toBe(200);
    await confirmEmail(t.app, client, email);
    const me = (await client.get('/api/me')).json().user;
    expect(await companyOf(me.id)).toMatchObject({ slug: 'montego-bay-hotels', role: 'recruiter' });
    // Used twice: refused.
    const again = await new Client(t.app).get(`/api/invitations/${token}`);
    expect([again.statusCode, again.json().code]).toEqual([410, 'INVITATION_USED']);
    const [n] = await rowsOf<{ n: number }>(t.database.db.execute(sql`select count(*)::int as n from companies where name = 'Montego Bay Hotels'`));
    expect(n!.n).toBe(1);
  });

  it('moves a one-person company in with its jobs, for the invited address only', async () => {
    const solo = await signUp(t.app, 'employer');
    const job = await postJob(solo, 'Lifeguard');
    const { token } = await invite(owner, solo.email, 'viewer');
    const stranger = await signUp(t.app, 'employer');
    const other = await stranger.client.post(`/api/invitations/${token}/accept`);
    expect([other.statusCode, other.json().code]).toEqual([403, 'INVITATION_OTHER_EMAIL']);
    const accepted = await solo.client.post(`/api/invitations/${token}/accept`);
    expect(accepted.json()).toEqual({ companySlug: 'montego-bay-hotels', role: 'viewer' });
    const ownerCompany = await companyOf(owner.user.id);
    const [moved] = await rowsOf<{ companyId: string }>(t.database.db.execute(sql`select company_id as "companyId" from jobs where id = ${job.id}`));
    expect(moved!.companyId).toBe(ownerCompany!.companyId);
    expect((await owner.client.get('/api/jobs/mine')).json().items.map((j: { id: string }) => j.id)).toContain(job.id);
    // A second use, by anyone, is refused.
    expect((await solo.client.post(`/api/invitations/${token}/accept`)).statusCode).toBe(410);
  });

  it('refuses tampered and expired links, an admin’s address, a member, and anyone but an owner', async () => {
    const { token } = await invite(owner, uniqueEmail('late'));
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await new Client(t.app).get(`/api/invitations/${tampered}`)).statusCode).toBe(404);
    expect((await new Client(t.app).get('/api/invitations/short')).statusCode).toBe(404);
    await t.database.db.execute(sql`update company_invitations set expires_at = now() - interval '1 second' where email like 'late-%'`);
    const expired = await new Client(t.app).get(`/api/invitations/${token}`);
    expect([expired.statusCode, expired.json().code]).toEqual([410, 'INVITATION_EXPIRED']);

    const admin = await signUp(t.app, 'jobseeker');
    await setRole(t.database, admin.user.id, 'admin');
    const refused = await owner.client.post('/api/companies/mine/invitations', { email: admin.email, role: 'owner' });
    expect([refused.statusCode, refused.json().code]).toEqual([400, 'INVITE_ADMIN']);

    const member = await signUp(t.app, 'employer');
    const { token: memberToken } = await invite(owner, member.email, 'recruiter');
    await member.client.post(`/api/invitations/${memberToken}/accept`);
    const twice = await owner.client.post('/api/companies/mine/invitations', { email: member.email, role: 'viewer' });
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'ALREADY_MEMBER']);
    // A recruiter cannot invite, nor see or withdraw invitations; a forged companyId is ignored.
    const byRecruiter = await member.client.post('/api/companies/mine/invitations', { email: uniqueEmail('x'), role: 'owner' });
    expect(byRecruiter.statusCode).toBe(403);
    expect((await member.client.get('/api/companies/mine/invitations')).json()).toEqual([]);
    const other = await signUp(t.app, 'employer');
    const forged = await other.client.post('/api/companies/mine/invitations', {
      email: uniqueEmail('forged'),
      role: 'owner',
      companyId: (await companyOf(owner.user.id))!.companyId,
    });
    expect(forged.statusCode).toBe(201);
    const [filed] = await rowsOf<{ companyId: string }>(
      t.database.db.execute(sql`select company_id as "companyId" from company_invitations where id = ${forged.json().id}`),
    );
    expect(filed!.companyId).toBe((await companyOf(other.user.id))!.companyId);
    expect((await new Client(t.app).post('/api/companies/mine/invitations', { email: uniqueEmail('anon'), role: 'viewer' })).statusCode).toBe(401);
    expect((await owner.client.post('/api/companies/mine/invitations', { email: 'not-an-email', role: 'viewer' })).statusCode).toBe(400);
    expect((await owner.client.post('/api/companies/mine/invitations', { email: uniqueEmail('r'), role: 'god' })).statusCode).toBe(400);
  });

  it('refuses a sign-up from a link with another address, and a withdrawn link', async () => {
    const { token, id } = await invite(owner, uniqueEmail('meant'));
    const wrong = await new Client(t.app).post('/api/signup', { email: uniqueEmail('other'), password: PASSWORD, role: 'employer', invitation: token });
    expect([wrong.statusCode, wrong.json().code]).toEqual([403, 'INVITATION_OTHER_EMAIL']);
    expect((await owner.client.delete(`/api/companies/mine/invitations/${id}`)).statusCode).toBe(204);
    expect((await new Client(t.app).get(`/api/invitations/${token}`)).statusCode).toBe(404);
  });
});

describe('the invitation email’s language', () => {
  it('is the invitee’s when their account has one, else the inviter’s', async () => {
    const owner = await signUp(t.app, 'employer', { fullName: 'Lena Owner' });
    await owner.client.patch('/api/companies/mine', { name: 'Rodney Bay Villas' });
    const known = await signUp(t.app, 'employer');
    await t.database.db.execute(sql`update profiles set language = 'fr' where id = ${known.user.id}`);
    expect((await invite(owner, known.email)).mail.subject).toBe('Rejoignez Rodney Bay Villas sur CaribConnect');
    await t.database.db.execute(sql`update profiles set language = 'es' where id = ${owner.user.id}`);
    expect((await invite(owner, uniqueEmail('unknown'))).mail.subject).toBe('Únete a Rodney Bay Villas en CaribConnect');
  });
});
