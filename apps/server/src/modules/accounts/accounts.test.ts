import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { Client, confirmEmail, PASSWORD, signUp, uniqueEmail } from '../../../test/http';
import { profiles, user } from '../../db/schema';
import { useTestPasswordCost } from '../../lib/passwords';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ signInRateLimit: { max: 3, windowSeconds: 60 } });
});
afterAll(() => t.close());

const countUsers = async (email: string) => (await t.database.db.select().from(user).where(eq(user.email, email))).length;
const profileOf = async (email: string) => (await t.database.db.select().from(profiles).where(eq(profiles.email, email)))[0];
const SENT = { message: 'Check your email to confirm your account' };

describe('sign-up', () => {
  it.each(['jobseeker', 'employer'] as const)('creates a %s account with its profile; the confirmation link signs it in', async (role) => {
    const client = new Client(t.app);
    const email = uniqueEmail(role);
    const company = role === 'employer' ? { companyName: 'Joseph Hotels' } : {};
    const res = await client.post('/api/signup', { email, password: PASSWORD, role, fullName: 'Marie Joseph', ...company });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(SENT);
    expect(res.cookies).toEqual([]);
    expect(await profileOf(email)).toMatchObject({ role, email, fullName: 'Marie Joseph', phone: '', country: '', bio: '' });
    const confirmed = await confirmEmail(t.app, client, email);
    const cookie = confirmed.cookies.find((c) => c.name === 'caribconnect.session_token')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    const me = await client.get('/api/me');
    expect(me.json().user).toMatchObject({ email, role, emailVerified: true, twoFactorEnabled: false });
  });

  it('stores the optional full name trimmed, and an empty one when it is left out', async () => {
    const email = uniqueEmail('named');
    const res = await new Client(t.app).post('/api/signup', { email, password: PASSWORD, role: 'jobseeker', fullName: '  Ana Pérez  ' });
    expect(res.statusCode).toBe(200);
    expect((await profileOf(email))!.fullName).toBe('Ana Pérez');
    const [account] = await t.database.db.select().from(user).where(eq(user.email, email));
    expect(account!.name).toBe('Ana Pérez');

    const unnamed = uniqueEmail('unnamed');
    const anonymous = await new Client(t.app).post('/api/signup', { email: unnamed, password: PASSWORD, role: 'jobseeker' });
    expect(anonymous.statusCode).toBe(200);
    expect((await profileOf(unnamed))!.fullName).toBe('');
  });

  it('refuses a full name that is too long or holds control characters, and creates nothing', async () => {
    const cases: [string, string][] = [
      ['x'.repeat(121), 'Full name must be at most 120 characters.'],
      ['Ana\nPérez', 'Full name cannot contain control characters.'],
      ['Ana\tPérez', 'Full name cannot contain control characters.'],
      ['Ana\u001b[31mPérez', 'Full name cannot contain control characters.'],
      ['Ana\u2028Pérez', 'Full name cannot contain control characters.'],
    ];
    for (const [fullName, message] of cases) {
      const email = uniqueEmail('badname');
      const res = await new Client(t.app).post('/api/signup', { email, password: PASSWORD, role: 'jobseeker', fullName });
      expect(res.statusCode, JSON.stringify(fullName)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
      expect(await countUsers(email)).toBe(0);
    }
    // 120 characters once trimmed is still fine.
    const ok = await new Client(t.app).post('/api/signup', {
      email: uniqueEmail('longname'),
      password: PASSWORD,
      role: 'jobseeker',
      fullName: ` ${'x'.repeat(120)} `,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('accepts the legacy job_seeker spelling and stores jobseeker', async () => {
    const email = uniqueEmail();
    const res = await new Client(t.app).post('/api/signup', { email, password: PASSWORD, role: 'job_seeker' });
    expect(res.statusCode).toBe(200);
    expect((await profileOf(email))!.role).toBe('jobseeker');
  });

  it('refuses a forged admin role with the spec alert and creates nothing', async () => {
    const email = uniqueEmail('forger');
    const res = await new Client(t.app).post('/api/signup', { email, password: PASSWORD, role: 'admin' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Admin accounts must be created manually.');
    expect(await countUsers(email)).toBe(0);
  });

  it('refuses any other role with the unknown-role message', async () => {
    // No role at all is refused with its own sentence (issue 48: never defaulted; companies.test.ts).
    for (const role of ['consultant', 'banned', 'superuser']) {
      const email = uniqueEmail('odd');
      const res = await new Client(t.app).post('/api/signup', { email, password: PASSWORD, role });
      expect(res.statusCode, role).toBe(400);
      expect(res.json().message).toBe('Unknown role. Please contact support.');
      expect(await countUsers(email)).toBe(0);
    }
  });

  it('ignores extra fields such as role or id smuggled into the body', async () => {
    const email = uniqueEmail();
    const res = await new Client(t.app).post('/api/signup', {
      email,
      password: PASSWORD,
      role: 'jobseeker',
      id: 'chosen-id',
      emailVerified: true,
      data: { role: 'admin' },
    });
    expect(res.statusCode).toBe(200);
    const row = await profileOf(email);
    expect(row!.id).not.toBe('chosen-id');
    expect(row!.role).toBe('jobseeker');
    const [account] = await t.database.db.select().from(user).where(eq(user.email, email));
    expect(account!.emailVerified).toBe(false);
  });

  it('blocks better-auth’s own sign-up endpoint, which would skip the role check', async () => {
    const email = uniqueEmail();
    const res = await new Client(t.app).post('/api/auth/sign-up/email', { email, password: PASSWORD, name: 'x', role: 'admin' });
    expect(res.statusCode).toBe(404);
    expect(await countUsers(email)).toBe(0);
  });

  it('answers a registered address as a new one, and warns its owner by email (decision 0041)', async () => {
    const { email, user: owner } = await signUp(t.app);
    const fresh = await new Client(t.app).post('/api/signup', { email: uniqueEmail('fresh'), password: PASSWORD, role: 'employer', companyName: 'Fresh Co' });
    const taken = await new Client(t.app).post('/api/signup', {
      email: email.toUpperCase(),
      password: 'another-password',
      role: 'employer',
      companyName: 'Taken Co',
    });
    expect([taken.statusCode, taken.json()]).toEqual([fresh.statusCode, fresh.json()]);
    expect(taken.json()).toEqual(SENT);
    expect(taken.cookies).toEqual([]);
    await t.app.queue.drained();
    const warning = t.app.mailer.outbox.filter((m) => m.to === email);
    expect(warning).toHaveLength(1);
    expect(warning[0]!.subject).toBe('Someone tried to sign up with your email');
    expect(warning[0]!.text).toContain(`${t.config.publicUrl}/forgot-password`);
    // Nothing changed on the account: same role, same password.
    expect((await profileOf(email))!).toMatchObject({ id: owner.id, role: 'jobseeker' });
    const signIn = await new Client(t.app).post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(signIn.statusCode).toBe(200);
  });

  it('answers the no-script form the same way for a new and a registered address', async () => {
    const { email } = await signUp(t.app);
    const form = (address: string) =>
      new Client(t.app).request({
        method: 'POST',
        url: '/signup',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ email: address, password: PASSWORD, role: 'employer', fullName: 'Kai', companyName: 'Kai Co' }).toString(),
      });
    const taken = await form(email);
    const fresh = await form(uniqueEmail('form'));
    expect([taken.statusCode, taken.headers.location]).toEqual([303, '/signup?sent=1']);
    expect([fresh.statusCode, fresh.headers.location]).toEqual([303, '/signup?sent=1']);
    expect(taken.cookies).toEqual([]);
  });

  it('refuses a malformed email, an empty password and a short one', async () => {
    const c = new Client(t.app);
    const bad = await c.post('/api/signup', { email: 'not-an-email', password: PASSWORD, role: 'jobseeker' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter a valid email address.');
    const empty = await c.post('/api/signup', { email: uniqueEmail(), password: '', role: 'jobseeker' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Password is required.');
    const short = await c.post('/api/signup', { email: uniqueEmail(), password: 'short', role: 'jobseeker' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 8 characters.');
  });

  it('accepts a 64-character password', async () => {
    const res = await new Client(t.app).post('/api/signup', { email: uniqueEmail(), password: 'p'.repeat(64), role: 'jobseeker' });
    expect(res.statusCode).toBe(200);
  });

  it('stores the password as an argon2id hash at OWASP’s cost, never in clear', async () => {
    // The other API tests hash at the lowest cost (test/app.ts); this one at the real one.
    useTestPasswordCost(false);
    try {
      const { user: u } = await signUp(t.app);
      const rows = await t.database.db.query.account.findMany({ where: (a, { eq }) => eq(a.userId, u.id) });
      expect(rows[0]!.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    } finally {
      useTestPasswordCost(true);
    }
    // Nothing but a test can lower it.
    const env = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      expect(() => useTestPasswordCost(true)).toThrow('for tests only');
    } finally {
      process.env.NODE_ENV = env;
    }
  });

  it('refuses a request from another site (CSRF)', async () => {
    const email = uniqueEmail();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      headers: { origin: 'https://evil.example' },
      payload: { email, password: PASSWORD, role: 'jobseeker' },
    });
    expect(res.statusCode).toBe(403);
    const noOrigin = await t.app.inject({ method: 'POST', url: '/api/signup', payload: { email, password: PASSWORD, role: 'jobseeker' } });
    expect(noOrigin.statusCode).toBe(403);
    expect(await countUsers(email)).toBe(0);
  });
});

describe('sign-in and sign-out', () => {
  it('signs in with a new session token each time and never exposes the token to scripts', async () => {
    const { email, client: first } = await signUp(t.app, 'employer');
    const c = new Client(t.app);
    const res = await c.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toBeUndefined();
    expect(c.cookie).not.toBe('');
    expect(c.cookie).not.toBe(first.cookie);
    expect((await c.get('/api/me')).json().user.role).toBe('employer');
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const { email } = await signUp(t.app);
    const wrong = await new Client(t.app).request({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password: 'wrong-password' } });
    const unknown = await new Client(t.app).request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: uniqueEmail('nobody'), password: 'wrong-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
    expect(wrong.json().message).toBe('Invalid email or password');
  });

  it('logs out on the server: the old cookie stops working', async () => {
    const { client } = await signUp(t.app);
    const cookie = client.cookie;
    const out = await client.post('/api/auth/sign-out', {});
    expect(out.statusCode).toBe(200);
    const replay = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(replay.json().user).toBeNull();
  });

  it('rate-limits sign-in attempts', async () => {
    const { email } = await signUp(t.app);
    const statuses: number[] = [];
    const attacker = new Client(t.app, '203.0.113.9');
    for (let i = 0; i < 5; i++) {
      const res = await attacker.post('/api/auth/sign-in/email', { email, password: 'wrong-password' });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 2)).toEqual([401, 401]);
    expect(statuses.at(-1)).toBe(429);
    // Someone else, from another address, is not locked out.
    const other = await new Client(t.app, '198.51.100.4').post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(other.statusCode).toBe(200);
  });
});
