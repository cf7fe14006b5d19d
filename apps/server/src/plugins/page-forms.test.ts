import { eq, sql } from 'drizzle-orm';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, feedback, profiles, user as users } from '../db/schema';
import { sourceRendererDist } from '../../test/source-renderer';
import { createTestApp, type TestApp } from '../../test/app';
import { Client, confirmEmail, FILES, multipart, PASSWORD, signUp, uniqueEmail } from '../../test/http';

// The page forms (POST /login, /signup, /forgot-password, /feedback, /jobs/:id/apply) as a browser
// without scripts sends them. A refusal re-renders the page, so the web app's real renderer is
// loaded from source, as in web-render.test.ts.

let t: TestApp;
let dist: string;
let jobId: string;

beforeAll(async () => {
  dist = await sourceRendererDist('forms');
  t = await createTestApp({ webDist: dist, signInRateLimit: { max: 3, windowSeconds: 60 }, signUpRateLimit: { max: 3, windowMs: 60_000 } });
  const employer = await signUp(t.app, 'employer');
  const res = await employer.client.post('/api/jobs', {
    title: 'Night Cook',
    company: 'Blue Hotel',
    country: 'Jamaica',
    category: 'Hospitality',
    description: 'Cook.',
  });
  expect(res.statusCode, res.body).toBe(201);
  jobId = res.json().id;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
/** A urlencoded POST as a browser's form sends it (our Origin unless told otherwise). */
function post(client: Client, url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return client.request({ method: 'POST', url, payload: form(fields), headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });
}
/** The page's drawn content, without the data and catalogs sent along for the scripts. */
const mainOf = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));
const sessionCookie = (res: { cookies: Array<{ name: string; value: string }> }) => res.cookies.find((c) => c.name.endsWith('session_token') && c.value);
const userCount = async (email: string) => t.database.db.$count(users, eq(users.email, email));

describe('POST /login (the Log In form without scripts)', () => {
  it('signs in, sets the session cookie and sends the person to their home with 303', async () => {
    const { email } = await signUp(t.app, 'employer');
    const client = new Client(t.app);
    const res = await post(client, '/login', { email, password: PASSWORD });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/employer/home');
    expect(sessionCookie(res)).toBeTruthy();
    expect((await client.get('/api/me')).json().user.email).toBe(email);

    const seeker = await signUp(t.app, 'jobseeker');
    const again = await post(new Client(t.app), '/login', { email: seeker.email, password: PASSWORD });
    expect(again.headers.location).toBe('/job-seeker/home');
  });

  it('goes back to a returnTo path of ours, never to another site', async () => {
    const { email } = await signUp(t.app, 'jobseeker');
    const back = await post(new Client(t.app), `/login?returnTo=${encodeURIComponent(`/jobs/${jobId}/apply`)}`, { email, password: PASSWORD });
    expect(back.headers.location).toBe(`/jobs/${jobId}/apply`);
    for (const returnTo of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const res = await post(new Client(t.app), `/login?returnTo=${encodeURIComponent(returnTo)}`, { email, password: PASSWORD });
      expect(res.headers.location, returnTo).toBe('/job-seeker/home');
    }
  });

  it('re-renders the page with the message and the email, never the password, on a wrong password', async () => {
    const { email } = await signUp(t.app, 'jobseeker');
    const res = await post(new Client(t.app), '/login', { email, password: 'wrong-password-typed' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(sessionCookie(res)).toBeUndefined();
    expect(res.body).toContain('Invalid email or password');
    expect(res.body).toMatch(new RegExp(`<input[^>]*value="${email}"`));
    expect(res.body).not.toContain('wrong-password-typed');
    expect(res.body).toMatch(/<form[^>]*method="post"/);
  });

  it('says it in the reader’s language', async () => {
    const { email } = await signUp(t.app, 'jobseeker');
    const res = await post(new Client(t.app), '/login', { email, password: 'not-it-at-all' }, { cookie: 'lang=es' });
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain('Correo electrónico o contraseña no válidos');
    expect(res.body).toContain('<html lang="es"');
  });

  it('re-renders with the schema’s message for a malformed email, keeping it', async () => {
    const res = await post(new Client(t.app), '/login', { email: 'not-an-email', password: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Please enter a valid email address.');
    expect(res.body).toContain('value="not-an-email"');
  });

  it('refuses a cross-site form post (403) and signs nobody in', async () => {
    const { email } = await signUp(t.app, 'jobseeker');
    for (const origin of ['https://evil.example', 'null', undefined]) {
      const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
      if (origin) headers.origin = origin;
      const res = await t.app.inject({ method: 'POST', url: '/login', payload: form({ email, password: PASSWORD }), headers, remoteAddress: '10.250.0.1' });
      expect(res.statusCode, origin).toBe(403);
      expect(sessionCookie(res), origin).toBeUndefined();
    }
  });

  it('serves its page with a referrer policy under which the browser sends our Origin with the form', async () => {
    // Under no-referrer a browser posts a same-origin form with `Origin: null`, which the CSRF check refuses.
    const page = await t.app.inject({ method: 'GET', url: '/login' });
    expect(page.headers['referrer-policy']).toBe('same-origin');
    expect(page.body).toMatch(/<form[^>]*action="\/login"[^>]*method="post"|<form[^>]*method="post"[^>]*action="\/login"/);
  });

  it('holds the sign-in limit per address, shared with the API', async () => {
    const { email } = await signUp(t.app, 'jobseeker');
    const client = new Client(t.app);
    // One through the API, two through the form: the limit is 3 in this app.
    expect((await client.post('/api/auth/sign-in/email', { email, password: 'wrong-one-1' })).statusCode).toBe(401);
    expect((await post(client, '/login', { email, password: 'wrong-one-2' })).statusCode).toBe(401);
    expect((await post(client, '/login', { email, password: 'wrong-one-3' })).statusCode).toBe(401);
    const refused = await post(client, '/login', { email, password: PASSWORD });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeTruthy();
    expect(sessionCookie(refused)).toBeUndefined();
    expect(refused.body).toContain('Too many attempts. Please wait a moment and try again.');
    expect(refused.body).toContain(`value="${email}"`);
  });
});

describe('POST /signup (the Sign Up form without scripts)', () => {
  it('creates the account with its role and comes back to the page saying to check the email (303); the link signs it in', async () => {
    const email = uniqueEmail('form-employer');
    const client = new Client(t.app);
    const res = await post(client, '/signup', { fullName: 'Ana Pérez', email, password: PASSWORD, role: 'employer', companyName: 'Pérez Hotels' });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/signup?sent=1');
    expect(sessionCookie(res)).toBeUndefined();
    await confirmEmail(t.app, client, email);
    const me = (await client.get('/api/me')).json().user;
    expect(me).toMatchObject({ email, role: 'employer', fullName: 'Ana Pérez', emailVerified: true });
  });

  it('refuses a forged admin role with the spec’s message and creates nothing', async () => {
    const email = uniqueEmail('form-admin');
    const res = await post(new Client(t.app), '/signup', { email, password: PASSWORD, role: 'admin', fullName: 'Mallory' });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('Admin accounts must be created manually.');
    expect(res.body).toContain(`value="${email}"`);
    expect(res.body).not.toContain(PASSWORD);
    expect(sessionCookie(res)).toBeUndefined();
    expect(await userCount(email)).toBe(0);
    const [admins] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(profiles)
      .where(eq(profiles.role, 'admin'));
    expect(admins!.n).toBe(0);
  });

  it('answers a registered email as a new one (decision 0041)', async () => {
    const { email } = await signUp(t.app, 'jobseeker');
    const res = await post(new Client(t.app), '/signup', { email, password: PASSWORD, role: 'jobseeker', fullName: 'Second Try' });
    expect([res.statusCode, res.headers.location]).toEqual([303, '/signup?sent=1']);
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('holds the sign-up limit per address, shared with the API', async () => {
    const client = new Client(t.app);
    expect((await client.post('/api/signup', { email: uniqueEmail('l1'), password: PASSWORD, role: 'jobseeker' })).statusCode).toBe(200);
    client.cookie = '';
    expect((await post(client, '/signup', { email: uniqueEmail('l2'), password: PASSWORD, role: 'jobseeker' })).statusCode).toBe(303);
    client.cookie = '';
    expect((await post(client, '/signup', { email: uniqueEmail('l3'), password: PASSWORD, role: 'jobseeker' })).statusCode).toBe(303);
    client.cookie = '';
    const email = uniqueEmail('l4');
    const refused = await post(client, '/signup', { email, password: PASSWORD, role: 'jobseeker' });
    expect(refused.statusCode).toBe(429);
    expect(await userCount(email)).toBe(0);
  });

  it('refuses a cross-site post and creates no account', async () => {
    const email = uniqueEmail('signup-csrf');
    const res = await post(new Client(t.app), '/signup', { email, password: PASSWORD, role: 'jobseeker' }, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(await userCount(email)).toBe(0);
  });

  it('is not a way into the API: /api/signup still takes JSON only', async () => {
    const email = uniqueEmail('api-form');
    const res = await post(new Client(t.app), '/api/signup', { email, password: PASSWORD, role: 'jobseeker' });
    expect(res.statusCode).toBe(415);
    expect(await userCount(email)).toBe(0);
    expect((await post(new Client(t.app), '/api/feedback', { message: 'hello' })).statusCode).toBe(415);
  });
});

describe('POST /forgot-password', () => {
  it('sends the link and comes back to the page saying so (303)', async () => {
    const { email } = await signUp(t.app, 'jobseeker');
    const res = await post(new Client(t.app), '/forgot-password', { email });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/forgot-password?sent=1');
    const page = await t.app.inject({ method: 'GET', url: '/forgot-password?sent=1' });
    expect(page.body).toContain('If this email exists in our system, check your email for the reset link.');
  });

  it('re-renders with the message and the email for a malformed address', async () => {
    const res = await post(new Client(t.app), '/forgot-password', { email: 'nope@' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Please enter a valid email address.');
    expect(res.body).toContain('value="nope@"');
  });

  it('refuses a cross-site post and sends nothing', async () => {
    const { email } = await signUp(t.app, 'jobseeker');
    const res = await post(new Client(t.app), '/forgot-password', { email }, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    await t.app.queue.drained();
    expect(t.app.mailer.outbox.some((mail) => mail.to === email && mail.text.includes('/reset-password'))).toBe(false);
  });

  it('holds the reset-request limit per address, shared with the API', async () => {
    const { email } = await signUp(t.app, 'jobseeker');
    const client = new Client(t.app);
    // One through the API, two through the form: the limit is 3 a minute.
    expect((await client.post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' })).statusCode).toBe(200);
    expect((await post(client, '/forgot-password', { email })).statusCode).toBe(303);
    expect((await post(client, '/forgot-password', { email })).statusCode).toBe(303);
    const refused = await post(client, '/forgot-password', { email });
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain('Too many attempts from this network. Please try again later.');
    expect(refused.body).toContain(`value="${email}"`);
  });
});

describe('POST /feedback', () => {
  it('writes the row (anonymous or signed in) and comes back to the page saying so (303)', async () => {
    const res = await post(new Client(t.app), '/feedback', { name: 'Kay', message: 'Works on my phone without scripts.' });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/feedback?sent=1');
    const rows = await t.database.db.select().from(feedback).where(eq(feedback.message, 'Works on my phone without scripts.'));
    expect(rows).toMatchObject([{ name: 'Kay', userId: null, email: null }]);

    const member = await signUp(t.app, 'jobseeker');
    expect((await post(member.client, '/feedback', { name: '', message: 'From a member.' })).statusCode).toBe(303);
    const [mine] = await t.database.db.select().from(feedback).where(eq(feedback.message, 'From a member.'));
    expect(mine).toMatchObject({ name: null, userId: member.user.id, email: member.email });

    const page = await t.app.inject({ method: 'GET', url: '/feedback?sent=1' });
    expect(page.body).toContain('Feedback submitted successfully!');
  });

  it('re-renders an empty message with the spec’s message, keeping the name, and writes nothing', async () => {
    const before = await t.database.db.$count(feedback);
    const res = await post(new Client(t.app), '/feedback', { name: 'Kay Blank', message: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Message cannot be empty.');
    expect(res.body).toContain('value="Kay Blank"');
    expect(await t.database.db.$count(feedback)).toBe(before);
  });

  it('refuses a cross-site post', async () => {
    const res = await post(new Client(t.app), '/feedback', { message: 'spam' }, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
  });

  it('holds the feedback limit per address (20 an hour), shared with the API, keeping what was typed', async () => {
    const client = new Client(t.app);
    expect((await client.post('/api/feedback', { message: 'Through the API.' })).statusCode).toBe(201);
    for (let i = 1; i < 20; i++) expect((await post(client, '/feedback', { message: `Form note ${i}` })).statusCode).toBe(303);
    const before = await t.database.db.$count(feedback);
    const refused = await post(client, '/feedback', { name: 'Kay Limit', message: 'One too many.' });
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain('Too much feedback from this network. Please try again later.');
    expect(refused.body).toContain('value="Kay Limit"');
    expect(await t.database.db.$count(feedback)).toBe(before);
  });
});

describe('POST /jobs/:id/apply (multipart, without scripts)', () => {
  const pdf = (name: string, data: Buffer = FILES.pdf, filename = `${name}.pdf`) => ({ name, filename, contentType: 'application/pdf', data });
  const applyForm = (client: Client, id: string, parts: Parameters<typeof multipart>[0]) =>
    client.request({ method: 'POST', url: `/jobs/${id}/apply`, ...multipart(parts) });
  const count = () => t.database.db.$count(applications, eq(applications.jobId, jobId));

  it('creates the application with the cover letter and both files, then 303 to My Applications', async () => {
    const seeker = await signUp(t.app, 'jobseeker');
    const res = await applyForm(seeker.client, jobId, [{ name: 'coverLetter', data: 'I cook at night.' }, pdf('coverLetterFile'), pdf('resumeFile')]);
    expect(res.statusCode, res.body).toBe(303);
    // My Applications says "Application submitted!" (as the script's toast does) from this parameter.
    expect(res.headers.location).toBe('/my-applications?submitted=1');
    const [row] = await t.database.db.select().from(applications).where(eq(applications.userId, seeker.user.id));
    expect(row).toMatchObject({ jobId, coverLetter: 'I cook at night.' });
    expect(row!.resumeKey).toMatch(/^resumes\/.+\.pdf$/);
    expect(row!.coverLetterKey).toMatch(/^cover-letters\/.+\.pdf$/);
    expect(await t.app.storage.get(row!.resumeKey!)).toBeTruthy();

    // Sent twice (a reload of the answer): the second is refused as the API refuses it, nothing doubles.
    const again = await applyForm(seeker.client, jobId, [{ name: 'coverLetter', data: 'Again.' }]);
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('You have already applied for this job.');
    expect(await t.database.db.$count(applications, eq(applications.userId, seeker.user.id))).toBe(1);
  });

  it('lands on My Applications drawn by the server: "Application submitted!" and the application, before any script (issue 48, item 12)', async () => {
    const seeker = await signUp(t.app, 'jobseeker');
    const res = await applyForm(seeker.client, jobId, [{ name: 'coverLetter', data: 'Nights suit me.' }]);
    expect(res.statusCode, res.body).toBe(303);
    const page = await seeker.client.get(res.headers.location as string);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-cache');
    const main = mainOf(page.body);
    expect(main).toContain('Application submitted!');
    expect(main).toMatch(/<h1[^>]*>My Applications<\/h1>/);
    expect(main).toContain('Night Cook');
    // The list is the caller's own: another seeker's page holds neither the alert nor this job.
    const other = await signUp(t.app, 'jobseeker');
    const theirs = mainOf((await other.client.get('/my-applications')).body);
    expect(theirs).toMatch(/<h1[^>]*>My Applications<\/h1>/);
    expect(theirs).not.toContain('Application submitted!');
    expect(theirs).not.toContain('Night Cook');
    // Signed out: the page's sign-in sentence, drawn by the server too.
    const anonymous = mainOf((await new Client(t.app).get('/my-applications')).body);
    expect(anonymous).toContain('Please log in to see your applications.');
    expect(anonymous).not.toContain('Night Cook');
  });

  it('takes the empty file parts a browser sends when no file was chosen', async () => {
    const seeker = await signUp(t.app, 'jobseeker');
    const empty = (name: string) => ({ name, filename: '', contentType: 'application/octet-stream', data: Buffer.alloc(0) });
    const res = await applyForm(seeker.client, jobId, [{ name: 'coverLetter', data: 'Text only.' }, empty('coverLetterFile'), empty('resumeFile')]);
    expect(res.statusCode, res.body).toBe(303);
  });

  it('re-renders a disguised file with the spec’s message and the typed cover letter, storing nothing', async () => {
    const seeker = await signUp(t.app, 'jobseeker');
    const before = await count();
    const res = await applyForm(seeker.client, jobId, [{ name: 'coverLetter', data: 'Keep me please.' }, pdf('resumeFile', FILES.html, 'resume.pdf')]);
    expect(res.statusCode).toBe(415);
    expect(res.body).toContain('Failed to upload resume.');
    expect(res.body).toContain('Keep me please.');
    expect(await count()).toBe(before);
  });

  it('refuses employers, muted accounts and anonymous visitors, creating nothing', async () => {
    const before = await count();
    const employer = await signUp(t.app, 'employer');
    const wrongRole = await applyForm(employer.client, jobId, [{ name: 'coverLetter', data: 'x' }]);
    expect(wrongRole.statusCode).toBe(403);
    expect(wrongRole.headers['content-type']).toMatch(/text\/html/);

    const muted = await signUp(t.app, 'jobseeker');
    await t.database.db.update(profiles).set({ role: 'muted' }).where(eq(profiles.id, muted.user.id));
    expect((await applyForm(muted.client, jobId, [{ name: 'coverLetter', data: 'x' }])).statusCode).toBe(403);

    const anonymous = await applyForm(new Client(t.app), jobId, [{ name: 'coverLetter', data: 'x' }]);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).toContain('You must be logged in to apply.');
    expect(await count()).toBe(before);
  });

  it('a closed job: its Apply page and the refused POST say it takes no applications, with no form, signed in or out', async () => {
    const employer = await signUp(t.app, 'employer');
    const res = await employer.client.post('/api/jobs', {
      title: 'Closed Cook',
      company: 'Blue Hotel',
      country: 'Jamaica',
      category: 'Hospitality',
      description: 'Cook.',
    });
    const closed = res.json().id as string;
    expect((await employer.client.post(`/api/jobs/${closed}/close`, {})).statusCode).toBeLessThan(300);
    const seeker = await signUp(t.app, 'jobseeker');
    const noForm = (html: string) => {
      expect(html).toContain('This job is no longer accepting applications.');
      expect(html).toContain('See similar open jobs');
      expect(html).toContain('/jobs?category=Hospitality&amp;country=Jamaica');
      // No form (the page's catalog, which the HTML carries, still has the form's words).
      expect(html).not.toContain('multipart/form-data');
      expect(html).not.toContain('name="coverLetter"');
      expect(html).not.toContain('type="file"');
    };
    for (const client of [seeker.client, new Client(t.app)]) {
      const page = await client.get(`/jobs/${closed}/apply`);
      expect(page.statusCode).toBe(200);
      noForm(page.body);
    }
    const refused = await applyForm(seeker.client, closed, [{ name: 'coverLetter', data: 'Too late?' }]);
    expect(refused.statusCode).toBe(409);
    noForm(refused.body);
    expect(await t.database.db.$count(applications, eq(applications.jobId, closed))).toBe(0);
  });

  it('refuses a cross-site post', async () => {
    const seeker = await signUp(t.app, 'jobseeker');
    const body = multipart([{ name: 'coverLetter', data: 'x' }]);
    const res = await seeker.client.request({
      method: 'POST',
      url: `/jobs/${jobId}/apply`,
      payload: body.payload,
      headers: { ...body.headers, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('every choice of a page filter is a native control before scripts (issue 48, item 4)', () => {
  it('/jobs, /consultants and /hire-consultant draw their Country as a named <select>, with the URL’s choice chosen', async () => {
    const client = new Client(t.app);
    for (const url of ['/jobs?country=Jamaica', '/consultants?country=Barbados', '/hire-consultant']) {
      const html = (await client.get(url)).body;
      const select = /<select[^>]*name="country"[^>]*>([\s\S]*?)<\/select>/.exec(html);
      expect(select, url).toBeTruthy();
      expect(select![0], url).not.toMatch(/\sdisabled/);
      expect(html, url).not.toMatch(/<input type="hidden" name="country"/);
    }
    const jobs = (await client.get('/jobs?country=Jamaica')).body;
    expect(/<option[^>]*value="Jamaica"[^>]*selected/.test(jobs) || /<option[^>]*selected[^>]*value="Jamaica"/.test(jobs)).toBe(true);
  });
});
