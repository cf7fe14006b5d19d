import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { CONTACT, setRole, signUpConsultant, TEST_BACKUP_CODES, TEST_TOTP_SECRET } from '../../../test/consultants';
import { Client, confirmationLinkFor, confirmEmail, multipart, PASSWORD, signInWithCode, signUp, signUpOnly, uniqueEmail } from '../../../test/http';
import { profiles, user } from '../../db/schema';
import { rowsOf } from '../../lib/keyset';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ confirmationResendLimit: { max: 2, windowMs: 60 * 60 * 1000 } });
});
afterAll(() => t.close());

/** An ad as the browser's form sends it (multipart), in the first category. */
const adForm = ({ title, description, categoryId }: { title: string; description: string; categoryId: string }) =>
  multipart([
    { name: 'title', data: title },
    { name: 'description', data: description },
    { name: 'categoryId', data: categoryId },
    { name: 'country', data: 'Jamaica' },
  ]);
async function categoryId(app: TestApp) {
  const [row] = await rowsOf<{ id: string }>(app.database.db.execute(sql`select id from ad_categories order by id limit 1`));
  return row!.id;
}

const job = { title: 'Night Porter', company: 'Sea View', country: 'Barbados', category: 'Hospitality', description: 'Keep the desk at night.' };
const totpOf = async (secret: string) => (await t.app.auth.api.generateTOTP({ body: { secret } })).code;

/** A new account that signed up and signed in with its password, without following the link. */
async function unconfirmed(role: 'jobseeker' | 'employer') {
  const email = uniqueEmail(`new-${role}`);
  const client = await signUpOnly(t.app, role, email);
  const signIn = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
  expect(signIn.statusCode, signIn.body).toBe(200);
  return { client, email };
}

describe('confirmed email before posting', () => {
  it('lets a new account sign in and browse, refuses every posting route with a clear message, then allows them once confirmed', async () => {
    const employer = await signUp(t.app, 'employer');
    const posted = (await employer.client.post('/api/jobs', job)).json();
    const consultant = await signUpConsultant(t.app);
    const vehicles = await categoryId(t);

    const newEmployer = await unconfirmed('employer');
    const newSeeker = await unconfirmed('jobseeker');
    expect((await newSeeker.client.get('/api/me')).json().user).toMatchObject({ emailVerified: false });
    expect((await newSeeker.client.get('/api/jobs')).statusCode).toBe(200);
    expect((await newSeeker.client.get(`/api/jobs/${posted.id}`)).statusCode).toBe(200);

    const attempts = {
      job: () => newEmployer.client.post('/api/jobs', job),
      ad: () =>
        newSeeker.client.request({ method: 'POST', url: '/api/ads', ...adForm({ title: 'Bicycle', description: 'Blue, good tyres.', categoryId: vehicles }) }),
      application: () =>
        newSeeker.client.request({ method: 'POST', url: `/api/jobs/${posted.id}/applications`, ...multipart([{ name: 'coverLetter', data: 'Hello' }]) }),
      message: () => newSeeker.client.post('/api/messages', { recipientId: employer.user.id, message: 'Hello' }),
      contact: () => newSeeker.client.post(`/api/consultants/${consultant.user.id}/requests`, CONTACT),
    };
    for (const [what, attempt] of Object.entries(attempts)) {
      const res = await attempt();
      expect(res.statusCode, what).toBe(403);
      expect(res.json(), what).toMatchObject({
        code: 'EMAIL_NOT_CONFIRMED',
        message: 'Please confirm your email address first. We sent you a link when you signed up.',
      });
    }
    // Nothing was written.
    const [counts] = await rowsOf<{ jobs: number; messages: number }>(
      t.database.db.execute(
        sql`select (select count(*)::int from jobs where user_id in (select id from users where email = ${newEmployer.email})) as jobs,
                   (select count(*)::int from messages where sender_id in (select id from users where email = ${newSeeker.email})) as messages`,
      ),
    );
    expect(counts).toEqual({ jobs: 0, messages: 0 });

    await confirmEmail(t.app, newEmployer.client, newEmployer.email);
    await confirmEmail(t.app, newSeeker.client, newSeeker.email);
    expect((await newSeeker.client.get('/api/me')).json().user).toMatchObject({ emailVerified: true });
    for (const [what, attempt] of Object.entries(attempts)) expect((await attempt()).statusCode, what).toBe(201);
  });

  it('takes a link for 24 hours only', async () => {
    const email = uniqueEmail('late');
    const client = await signUpOnly(t.app, 'jobseeker', email);
    const link = new URL(await confirmationLinkFor(t.app, email));
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 24 * 60 * 60 * 1000 + 60_000 });
    try {
      const res = await client.get(link.pathname + link.search);
      expect(res.statusCode).toBe(302);
      // Still in the language of the email it came in (English here), with better-auth's error.
      expect(res.headers.location).toMatch(/^\/email-confirmed\?lang=en&error=/);
    } finally {
      vi.useRealTimers();
    }
    const [row] = await t.database.db.select().from(user).where(eq(user.email, email));
    expect(row!.emailVerified).toBe(false);
    expect(client.cookie).toBe('');
  });

  it('refuses a forged token', async () => {
    const res = await new Client(t.app).get('/api/auth/verify-email?token=not-a-token&callbackURL=%2Femail-confirmed');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/^\/email-confirmed\?error=/);
  });

  it('sends the link again a limited number of times per hour, to signed-in people only', async () => {
    const { client, email } = await unconfirmed('employer');
    expect((await new Client(t.app).post('/api/account/confirmation-email')).statusCode).toBe(401);
    await confirmationLinkFor(t.app, email); // the sign-up email, taken out of the queue
    for (let i = 0; i < 2; i++) {
      const res = await client.post('/api/account/confirmation-email');
      expect(res.json()).toEqual({ message: 'We sent you a new confirmation link.' });
    }
    const refused = await client.post('/api/account/confirmation-email');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('CONFIRMATION_RESEND_LIMIT');
    // The resent link works.
    await confirmEmail(t.app, client, email);
    expect((await client.post('/api/jobs', job)).statusCode).toBe(201);
  });
});

describe('posting limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ postingLimits: { jobs: 2, ads: 1, newContacts: 2 } });
  });
  afterAll(() => limited.close());

  it('caps jobs, ads and first messages to new people per account and day, with a clear 429', async () => {
    const employer = await signUp(limited.app, 'employer');
    for (let i = 0; i < 2; i++) expect((await employer.client.post('/api/jobs', job)).statusCode).toBe(201);
    const third = await employer.client.post('/api/jobs', job);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({
      code: 'POSTING_LIMIT',
      message: 'You have posted as many jobs as a new account may in one day. Please try again tomorrow.',
    });
    // Another employer has their own count.
    const other = await signUp(limited.app, 'employer');
    expect((await other.client.post('/api/jobs', job)).statusCode).toBe(201);

    const vehicles = await categoryId(limited);
    const ad = () => employer.client.request({ method: 'POST', url: '/api/ads', ...adForm({ title: 'Bicycle', description: 'Blue.', categoryId: vehicles }) });
    expect((await ad()).statusCode).toBe(201);
    expect((await ad()).json()).toMatchObject({ code: 'POSTING_LIMIT' });

    const sender = await signUp(limited.app);
    const people = [await signUp(limited.app), await signUp(limited.app), await signUp(limited.app)];
    const send = (to: string) => sender.client.post('/api/messages', { recipientId: to, message: 'Hi' });
    expect((await send(people[0]!.user.id)).statusCode).toBe(201);
    expect((await send(people[1]!.user.id)).statusCode).toBe(201);
    const third3 = await send(people[2]!.user.id);
    expect(third3.statusCode).toBe(429);
    expect(third3.json().message).toBe('You have written to as many new people as you may in one day. Please try again tomorrow.');
    // People already talked with are not counted, and someone who wrote first can be answered.
    expect((await send(people[0]!.user.id)).statusCode).toBe(201);
    expect((await people[2]!.client.post('/api/messages', { recipientId: sender.user.id, message: 'Hello?' })).statusCode).toBe(201);
    expect((await send(people[2]!.user.id)).statusCode).toBe(201);
  });
});

describe('two-factor for admins', () => {
  it('answers 403 TWO_FACTOR_REQUIRED on every /api/admin route until the admin has set it up', async () => {
    const admin = await signUp(t.app);
    await t.database.db.update(profiles).set({ role: 'admin' }).where(eq(profiles.id, admin.user.id));
    const openapi = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(openapi.paths)
      .filter(([path]) => path.startsWith('/api/admin'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })));
    expect(routes.length).toBeGreaterThan(10);
    for (const { method, path } of routes) {
      const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      const res = await admin.client.request({ method: method as 'GET', url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
      expect([res.statusCode, res.json().code], `${method} ${path}`).toEqual([403, 'TWO_FACTOR_REQUIRED']);
    }
    // Other people keep their usual answers.
    expect((await new Client(t.app).get('/api/admin/stats')).statusCode).toBe(401);
    expect((await (await signUp(t.app)).client.get('/api/admin/stats')).json().code).toBe('WRONG_ROLE');
    // Set up (here with the test secret), the same admin gets in.
    await setRole(t.database, admin.user.id, 'admin');
    expect((await admin.client.get('/api/admin/stats')).statusCode).toBe(200);
  });

  it('sets up through the plugin: the password, then a first code from the app; then sign-in asks for a code', async () => {
    const { client, email } = await signUp(t.app);
    expect((await client.post('/api/auth/two-factor/enable', { password: 'wrong-password' })).statusCode).toBe(400);
    const enabled = await client.post('/api/auth/two-factor/enable', { password: PASSWORD });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { totpURI, backupCodes } = enabled.json() as { totpURI: string; backupCodes: string[] };
    expect(backupCodes).toHaveLength(10);
    const secret = new URL(totpURI).searchParams.get('secret')!;
    // Not on until a first code proves the app has the secret.
    expect((await client.get('/api/me')).json().user.twoFactorEnabled).toBe(false);
    const code = await createOTP(new TextDecoder().decode(base32.decode(secret))).totp();
    const verified = await client.post('/api/auth/two-factor/verify-totp', { code });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await client.get('/api/me')).json().user.twoFactorEnabled).toBe(true);

    const first = await new Client(t.app).post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(first.json()).toMatchObject({ twoFactorRedirect: true });
    expect(first.cookies.find((c) => c.name.endsWith('session_token') && c.value)).toBeUndefined();
    const withBackup = await signInWithCode(new Client(t.app), email, backupCodes[0]!, { backup: true });
    expect(withBackup.second.statusCode).toBe(200);
  });

  it('refuses a wrong code and a reused one; a backup code works once', async () => {
    const { user: u, email } = await signUp(t.app);
    await setRole(t.database, u.id, 'admin');

    const wrong = await signInWithCode(new Client(t.app), email, '000000');
    expect(wrong.first.json()).toMatchObject({ twoFactorRedirect: true });
    expect(wrong.second.statusCode).toBe(401);

    const code = await totpOf(TEST_TOTP_SECRET);
    const good = new Client(t.app);
    expect((await signInWithCode(good, email, code)).second.statusCode).toBe(200);
    expect((await good.get('/api/admin/stats')).statusCode).toBe(200);

    const replay = new Client(t.app);
    const reused = await signInWithCode(replay, email, code);
    expect([reused.second.statusCode, reused.second.json().code]).toEqual([401, 'CODE_ALREADY_USED']);
    expect((await replay.get('/api/me')).json().user).toBeNull();

    const backup = TEST_BACKUP_CODES[1]!;
    expect((await signInWithCode(new Client(t.app), email, backup, { backup: true })).second.statusCode).toBe(200);
    expect((await signInWithCode(new Client(t.app), email, backup, { backup: true })).second.statusCode).toBe(401);
  });
});

describe('the no-script sign-in form with two-factor on', () => {
  const formPost = (url: string, fields: Record<string, string>, cookie = '') =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: '10.9.9.9',
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/x-www-form-urlencoded', ...(cookie && { cookie }) },
      payload: new URLSearchParams(fields).toString(),
    });

  it('asks for the code on a second page, refuses a wrong one, and signs in with the right one', async () => {
    const { user: u, email } = await signUp(t.app);
    await setRole(t.database, u.id, 'admin');
    const first = await formPost('/login', { email, password: PASSWORD });
    expect([first.statusCode, first.headers.location]).toEqual([303, '/login?step=code']);
    expect(first.cookies.find((c) => c.name.endsWith('session_token') && c.value)).toBeUndefined();
    const pending = first.cookies.find((c) => c.name.endsWith('two_factor'))!;
    const cookie = `${pending.name}=${pending.value}`;

    const wrong = await formPost('/login/code', { code: '000000' }, cookie);
    expect(wrong.statusCode).toBe(401);
    const right = await formPost('/login/code', { code: await totpOf(TEST_TOTP_SECRET) }, cookie);
    expect([right.statusCode, right.headers.location]).toEqual([303, '/admin']);
    expect(right.cookies.find((c) => c.name.endsWith('session_token') && c.value)).toBeTruthy();
  });

  it('takes a backup code', async () => {
    const { user: u, email } = await signUp(t.app);
    await setRole(t.database, u.id, 'admin');
    const first = await formPost('/login', { email, password: PASSWORD });
    const pending = first.cookies.find((c) => c.name.endsWith('two_factor'))!;
    const res = await formPost('/login/code', { code: TEST_BACKUP_CODES[2]!, backup: '1' }, `${pending.name}=${pending.value}`);
    expect([res.statusCode, res.headers.location]).toEqual([303, '/admin']);
  });
});

describe('devices', () => {
  it('lists the caller’s sessions and signs out the other ones', async () => {
    const { client, email } = await signUp(t.app);
    const phone = new Client(t.app);
    await phone.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: PASSWORD },
      headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36' },
    });
    const laptop = new Client(t.app);
    await laptop.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: PASSWORD },
      headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0' },
    });
    const list = await client.get('/api/account/sessions');
    expect(list.statusCode).toBe(200);
    const items = list.json().items as Array<{ id: string; browser: string; os: string; current: boolean }>;
    expect(items).toHaveLength(3);
    expect(items.filter((i) => i.current)).toHaveLength(1);
    expect(items).toEqual(expect.arrayContaining([expect.objectContaining({ browser: 'Chrome', os: 'Android', current: false })]));
    expect(items).toEqual(expect.arrayContaining([expect.objectContaining({ browser: 'Firefox', os: 'Windows' })]));
    expect(list.body).not.toMatch(/token/i);

    // Someone else can neither list nor end them.
    const stranger = await signUp(t.app);
    expect((await stranger.client.delete(`/api/account/sessions/${items[0]!.id}`)).statusCode).toBe(404);
    expect((await new Client(t.app).get('/api/account/sessions')).statusCode).toBe(401);
    expect((await new Client(t.app).post('/api/account/sessions/sign-out-others')).statusCode).toBe(401);
    expect((await phone.get('/api/me')).json().user).not.toBeNull();

    const out = await client.post('/api/account/sessions/sign-out-others');
    expect(out.json()).toEqual({ signedOut: 2 });
    expect((await phone.get('/api/me')).json().user).toBeNull();
    expect((await laptop.get('/api/me')).json().user).toBeNull();
    expect((await client.get('/api/me')).json().user).not.toBeNull();
    expect((await client.get('/api/account/sessions')).json().items).toHaveLength(1);
  });
});
