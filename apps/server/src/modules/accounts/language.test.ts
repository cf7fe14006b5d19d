// Issue 24 (decision 0043): each person's language is saved on their profile and every email to
// them is written in it.
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { Client, confirmationLinkFor, confirmEmail, multipart, PASSWORD, signUp, signUpOnly, uniqueEmail } from '../../../test/http';
import { postJob } from '../../../test/jobs';
import { jobAlerts, profiles, user as users } from '../../db/schema';
import { emailText } from '../../lib/emails';

const CURACAO_JOB = { company: 'Curaçao Marriott', country: 'Curaçao', description: 'Guests.' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof signUp>>;
const languageOf = async (userId: string) =>
  (await t.database.db.select({ language: profiles.language }).from(profiles).where(eq(profiles.id, userId)))[0]?.language;
const userCount = (email: string) => t.database.db.$count(users, eq(users.email, email));
const mailsTo = async (email: string) => {
  await t.app.queue.drained();
  return t.app.mailer.outbox.filter((m) => m.to === email);
};
const put = (client: Client, language: unknown, headers: Record<string, string> = {}) =>
  client.request({ method: 'PUT', url: '/api/me/language', payload: { language }, headers });
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe('the language saved at sign-up', () => {
  it('takes the form’s language: the confirmation and later the password reset come in Kreyòl', async () => {
    const person = await signUp(t.app, 'jobseeker', { language: 'ht' });
    expect(await languageOf(person.user.id)).toBe('ht');
    expect((await person.client.get('/api/me')).json().user.language).toBe('ht');

    const res = await new Client(t.app).post('/api/auth/request-password-reset', { email: person.email, redirectTo: '/reset-password' });
    expect(res.statusCode).toBe(200);
    const reset = (await mailsTo(person.email)).at(-1)!;
    expect(reset.subject).toBe('Chanje modpas CaribConnect ou');
    expect(reset.text).toContain('Louvri lyen sa a nan yon èdtan pou w chwazi yon nouvo modpas:');
    expect(reset.text).toMatch(/\/reset-password\?token=\S+&lang=ht/);
    expect(reset.text).not.toContain('Reset your');
  });

  it('without one, takes the page’s: the lang cookie, else Accept-Language by weight, else English', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ cookie: 'a=1; lang=pap' }, 'pap'],
      [{ cookie: 'lang=nl', 'accept-language': 'es' }, 'nl'],
      [{ 'accept-language': 'de-DE, fr-CA;q=0.8, es;q=0.9' }, 'es'],
      [{ 'accept-language': 'ht;q=0.5, en;q=0.1' }, 'ht'],
      // A cookie that is none of ours and an unknown Accept-Language: English.
      [{ cookie: 'lang=xx', 'accept-language': 'de, *;q=0.1' }, 'en'],
      [{}, 'en'],
    ];
    for (const [headers, expected] of cases) {
      const email = uniqueEmail('page-lang');
      const client = new Client(t.app);
      const res = await client.request({
        method: 'POST',
        url: '/api/signup',
        payload: { email, password: PASSWORD, role: 'jobseeker', fullName: 'Page Language' },
        headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      await confirmEmail(t.app, client, email);
      const me = (await client.get('/api/me')).json().user;
      expect(me.language, JSON.stringify(headers)).toBe(expected);
    }
  });

  it('refuses an unknown language with 400 and creates nothing, from the API and from the no-script form', async () => {
    for (const language of ['xx', 'EN', 'pap ', '<script>alert(1)</script>', 42, null]) {
      const email = uniqueEmail('bad-lang');
      const res = await new Client(t.app).post('/api/signup', { email, password: PASSWORD, role: 'jobseeker', language });
      expect(res.statusCode, String(language)).toBe(400);
      expect(await userCount(email)).toBe(0);
    }
    const email = uniqueEmail('bad-lang-form');
    const res = await new Client(t.app).request({
      method: 'POST',
      url: '/signup',
      payload: form({ email, password: PASSWORD, role: 'jobseeker', language: 'klingon' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(400);
    expect(await userCount(email)).toBe(0);
  });

  it('the no-script form saves its language, and an empty one means the page’s', async () => {
    for (const [language, cookie, expected] of [
      ['fr', 'lang=es', 'fr'],
      ['', 'lang=es', 'es'],
    ] as const) {
      const email = uniqueEmail('form-lang');
      const client = new Client(t.app);
      const res = await client.request({
        method: 'POST',
        url: '/signup',
        payload: form({ email, password: PASSWORD, role: 'employer', fullName: 'Form', companyName: 'Form Co', language }),
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      });
      expect(res.statusCode, res.body).toBe(303);
      await confirmEmail(t.app, client, email);
      expect((await client.get('/api/me')).json().user.language).toBe(expected);
    }
  });

  it('a registered address is warned in its owner’s language, not the language of whoever tried', async () => {
    const owner = await signUp(t.app, 'employer', { language: 'nl' });
    const res = await new Client(t.app).post('/api/signup', { email: owner.email, password: PASSWORD, role: 'jobseeker', language: 'es' });
    expect(res.statusCode).toBe(200);
    const warning = (await mailsTo(owner.email)).at(-1)!;
    expect(warning.subject).toBe(emailText('nl', 'auth.alreadyRegistered.subject'));
    expect(warning.text).toContain('/forgot-password?lang=nl');
    expect(warning.text).toContain('/login?lang=nl');
    expect(await languageOf(owner.user.id)).toBe('nl');
  });
});

describe('links in emails open their page in the email’s language', () => {
  it('the confirmation link lands on /email-confirmed?lang= of the person, whether it worked or failed', async () => {
    const email = uniqueEmail('link-lang');
    const client = await signUpOnly(t.app, 'jobseeker', email, 'Shurendy Martina', new Client(t.app), 'pap');
    const link = new URL(await confirmationLinkFor(t.app, email));
    expect(link.searchParams.get('callbackURL')).toBe('/email-confirmed?lang=pap');
    const ok = await client.get(link.pathname + link.search);
    expect(ok.statusCode).toBe(302);
    expect(ok.headers.location).toBe('/email-confirmed?lang=pap');
    // A used or forged token still lands in the person's language, with better-auth's error added.
    link.searchParams.set('token', 'not-a-real-token');
    const failed = await new Client(t.app).get(link.pathname + link.search);
    expect(failed.statusCode).toBe(302);
    const landed = new URL(String(failed.headers.location), t.config.publicUrl);
    expect([landed.pathname, landed.searchParams.get('lang')]).toEqual(['/email-confirmed', 'pap']);
    expect(landed.searchParams.get('error')).toBeTruthy();
  });

  it('the password-reset link carries the person’s language, and follows a later change', async () => {
    const person = await signUp(t.app, 'employer', { language: 'fr' });
    const resetLink = async () => {
      await new Client(t.app).post('/api/auth/request-password-reset', { email: person.email, redirectTo: '/reset-password' });
      const mail = (await mailsTo(person.email)).at(-1)!;
      return new URL(/https?:\/\/\S+\/reset-password\S+/.exec(mail.text)![0]);
    };
    const first = await resetLink();
    expect([first.searchParams.get('lang'), first.searchParams.get('token')?.length]).toEqual(['fr', expect.any(Number)]);
    expect((await put(person.client, 'ht')).statusCode).toBe(204);
    expect((await resetLink()).searchParams.get('lang')).toBe('ht');
  });

  /** Every link to our site in a mail's text. */
  const linksIn = (text: string) => [...text.matchAll(/https?:\/\/\S+/g)].map((m) => new URL(m[0]));
  const langsOf = (text: string) => linksIn(text).map((u) => [u.pathname, u.searchParams.get('lang')]);

  it('notification emails and the interview emails link in the reader’s language', async () => {
    const employer = await signUp(t.app, 'employer', { language: 'nl' });
    const seeker = await signUp(t.app, 'jobseeker', { language: 'es' });
    const job = await postJob(employer, { ...CURACAO_JOB, title: 'Kok' });
    const application = await apply(seeker, job.id);
    expect((await employer.client.patch(`/api/applications/${application.id}/status`, { status: 'Reviewed' })).statusCode).toBe(200);
    expect(langsOf((await mailsTo(seeker.email)).at(-1)!.text)).toEqual([['/my-applications', 'es']]);

    const res = await employer.client.post('/api/interviews', {
      jobId: job.id,
      applicantId: seeker.user.id,
      interviewTime: '2031-03-04T14:30:00Z',
      location: 'Office',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(langsOf((await mailsTo(seeker.email)).at(-1)!.text)).toEqual([['/my-interviews', 'es']]);
    const answer = await seeker.client.request({
      method: 'PATCH',
      url: `/api/interviews/${(res.json() as { id: string }).id}/status`,
      payload: { status: 'declined' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(langsOf((await mailsTo(employer.email)).at(-1)!.text)).toEqual([['/employer/interviews', 'nl']]);
  });
});

describe('PUT /api/me/language', () => {
  it('saves the choice (204); /api/me and the next email follow it', async () => {
    const person = await signUp(t.app);
    const res = await put(person.client, 'pap');
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expect((await person.client.get('/api/me')).json().user.language).toBe('pap');
    await new Client(t.app).post('/api/auth/request-password-reset', { email: person.email, redirectTo: '/reset-password' });
    expect((await mailsTo(person.email)).at(-1)!.subject).toBe('Kambia bo kontraseña di CaribConnect');
  });

  it('refuses an unknown code (400), a signed-out caller (401) and another site (403); nothing changes', async () => {
    const person = await signUp(t.app, 'employer', { language: 'fr' });
    for (const bad of ['xx', '', 'FR', 'fr-CA', 7, null, ['es']]) {
      expect((await put(person.client, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await person.client.request({ method: 'PUT', url: '/api/me/language', payload: {} })).statusCode).toBe(400);
    expect((await put(new Client(t.app), 'es')).statusCode).toBe(401);
    expect((await put(person.client, 'es', { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect(await languageOf(person.user.id)).toBe('fr');
  });

  it('changes only the language: a forged role or someone else’s id in the body is ignored', async () => {
    const person = await signUp(t.app);
    const other = await signUp(t.app, 'jobseeker', { language: 'nl' });
    const res = await person.client.request({
      method: 'PUT',
      url: '/api/me/language',
      payload: { language: 'es', role: 'admin', id: other.user.id, userId: other.user.id },
    });
    expect(res.statusCode).toBe(204);
    const [row] = await t.database.db.select().from(profiles).where(eq(profiles.id, person.user.id));
    expect(row).toMatchObject({ language: 'es', role: 'jobseeker' });
    expect(await languageOf(other.user.id)).toBe('nl');
  });

  it('a banned person’s session (if one were left) cannot change it (403); a muted one can', async () => {
    const banned = await signUp(t.app);
    await t.database.db.update(profiles).set({ role: 'banned' }).where(eq(profiles.id, banned.user.id));
    expect((await put(banned.client, 'es')).statusCode).toBe(403);
    expect(await languageOf(banned.user.id)).toBe('en');
    const muted = await signUp(t.app);
    await t.database.db.update(profiles).set({ role: 'muted', previousRole: 'jobseeker' }).where(eq(profiles.id, muted.user.id));
    expect((await put(muted.client, 'es')).statusCode).toBe(204);
    expect(await languageOf(muted.user.id)).toBe('es');
  });

  it('the database refuses a language that is none of the six', async () => {
    const person = await signUp(t.app);
    await expect(
      t.database.db
        .update(profiles)
        .set({ language: 'xx' as 'en' })
        .where(eq(profiles.id, person.user.id)),
    ).rejects.toThrow();
    expect(await languageOf(person.user.id)).toBe('en');
  });
});

async function apply(seeker: Person, jobId: string) {
  const res = await seeker.client.request({ method: 'POST', url: `/api/jobs/${jobId}/applications`, ...multipart([{ name: 'coverLetter', data: 'Bon dia' }]) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}

describe('emails in the reader’s language', () => {
  it('an interview invitation to a Papiamento reader is in Papiamento, its calendar SUMMARY too; the employer hears back in theirs', async () => {
    const employer = await signUp(t.app, 'employer', { fullName: 'Marriott HR', language: 'es' });
    const seeker = await signUp(t.app, 'jobseeker', { fullName: 'Shurendy Martina', language: 'pap' });
    const job = await postJob(employer, { ...CURACAO_JOB, title: 'Resepshonista' });
    await apply(seeker, job.id);
    const res = await employer.client.post('/api/interviews', {
      jobId: job.id,
      applicantId: seeker.user.id,
      interviewTime: '2031-03-04T14:30:00Z',
      timeZone: 'America/Curacao',
      location: 'Piscadera Bay',
      notes: 'Trese bo sédula',
    });
    expect(res.statusCode, res.body).toBe(201);
    const interview = res.json() as { id: string };

    const invitation = (await mailsTo(seeker.email)).at(-1)!;
    expect(invitation.subject).toBe('Invitashon pa un entrevista: Resepshonista');
    expect(invitation.text).toContain('Halo Shurendy Martina,');
    expect(invitation.text).toContain('Marriott HR a plania un entrevista ku bo.');
    expect(invitation.text).toContain('Unda: Piscadera Bay');
    // Dutch rules for the date (ICU has no Papiamento): "dinsdag 4 maart 2031 om 10:30".
    expect(invitation.text).toContain('Ki ora: dinsdag 4 maart 2031 om 10:30 (America/Curacao)');
    expect(invitation.text).not.toMatch(/Interview invitation|Hello|Where:/);
    const event = new ICAL.Component(ICAL.parse(invitation.calendar!.content)).getFirstSubcomponent('vevent')!;
    expect(event.getFirstPropertyValue('summary')).toBe('Entrevista: Resepshonista');
    expect(String(event.getFirstPropertyValue('description'))).toContain('Entrevista pa Resepshonista ku Marriott HR.');
    expect(String(event.getFirstPropertyValue('description'))).toContain('Notanan: Trese bo sédula');

    const confirm = await seeker.client.request({ method: 'PATCH', url: `/api/interviews/${interview.id}/status`, payload: { status: 'confirmed' } });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const answered = (await mailsTo(employer.email)).at(-1)!;
    expect(answered.subject).toBe('Entrevista confirmada: Resepshonista');
    expect(answered.text).toContain('Shurendy Martina confirmó la entrevista.');
    expect(answered.text).toContain('Cuándo: martes, 4 de marzo de 2031, 10:30 (America/Curacao)');
  });

  it('a notification email to a Spanish reader is in Spanish, the status word too', async () => {
    const employer = await signUp(t.app, 'employer');
    const seeker = await signUp(t.app, 'jobseeker', { language: 'es' });
    const job = await postJob(employer, { ...CURACAO_JOB, title: 'Bartender' });
    const application = await apply(seeker, job.id);
    const res = await employer.client.patch(`/api/applications/${application.id}/status`, { status: 'Shortlisted' });
    expect(res.statusCode, res.body).toBe(200);
    const mail = (await mailsTo(seeker.email)).at(-1)!;
    expect(mail.subject).toBe('Tu postulación: Bartender');
    expect(mail.text).toContain('El estado de tu postulación a "Bartender" ahora es: Preseleccionada.');
    expect(mail.text).toContain('/my-applications');
  });

  it('English readers keep the spec’s English wording', async () => {
    const employer = await signUp(t.app, 'employer');
    const seeker = await signUp(t.app, 'jobseeker');
    const job = await postJob(employer, { ...CURACAO_JOB, title: 'Driver' });
    const application = await apply(seeker, job.id);
    await employer.client.patch(`/api/applications/${application.id}/status`, { status: 'Rejected' });
    const mail = (await mailsTo(seeker.email)).at(-1)!;
    expect(mail.subject).toBe('Your application: Driver');
    expect(mail.text).toContain('The status of your application for "Driver" is now: Rejected.');
  });

  it('a guest’s job alert keeps the language of the page they subscribed from', async () => {
    const cases: Array<[Record<string, unknown>, Record<string, string>, string]> = [
      [{}, { cookie: 'lang=nl' }, 'nl'],
      [{ language: 'ht' }, { cookie: 'lang=nl' }, 'ht'],
      [{}, { 'accept-language': 'fr-FR,fr;q=0.9' }, 'fr'],
    ];
    for (const [body, headers, expected] of cases) {
      const email = uniqueEmail('guest-alert');
      const res = await new Client(t.app).request({
        method: 'POST',
        url: '/api/alerts/guest',
        payload: { email, name: 'Kòk', frequency: 'daily', filters: { q: 'cook' }, ...body },
        headers,
      });
      expect(res.statusCode, res.body).toBe(202);
      const [row] = await t.database.db.select({ language: jobAlerts.language }).from(jobAlerts).where(eq(jobAlerts.email, email));
      expect(row?.language).toBe(expected);
      const mail = (await mailsTo(email)).at(-1)!;
      expect(mail.subject).toBe(emailText(expected as 'nl', 'alert.confirm.subject'));
      expect(mail.text).toContain('Kòk');
    }
    const refused = await new Client(t.app).post('/api/alerts/guest', { email: uniqueEmail('guest-alert'), filters: {}, language: 'xx' });
    expect(refused.statusCode).toBe(400);
  });
});
