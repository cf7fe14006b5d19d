import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { like, sql } from 'drizzle-orm';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../test/app';
import { Client, PASSWORD, signUp, uniqueEmail } from '../../../test/http';
import { verification } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const lastLink = async () => {
  await t.app.queue.drained();
  const mail = t.app.mailer.outbox.at(-1)!;
  return new URL(mail.text.match(/https?:\/\/\S+/)![0]);
};

describe('forgotten password', () => {
  it('emails a one-time link that sets a new password and ends old sessions', async () => {
    const { email, client: oldSession } = await signUp(t.app, 'employer');
    const res = await new Client(t.app).post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    expect(res.statusCode).toBe(200);
    await t.app.queue.drained();
    const mail = t.app.mailer.outbox.at(-1)!;
    expect(mail.to).toBe(email);
    const link = await lastLink();
    expect(link.pathname).toBe('/reset-password');
    const token = link.searchParams.get('token')!;

    const reset = await new Client(t.app).post('/api/auth/reset-password', { token, newPassword: 'a-brand-new-password' });
    expect(reset.statusCode).toBe(200);

    expect((await oldSession.get('/api/me')).json().user).toBeNull();
    const oldPassword = await new Client(t.app).post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await new Client(t.app).post('/api/auth/sign-in/email', { email, password: 'a-brand-new-password' });
    expect(newPassword.statusCode).toBe(200);

    const reuse = await new Client(t.app).post('/api/auth/reset-password', { token, newPassword: 'yet-another-password' });
    expect(reuse.statusCode).toBe(400);
  });

  it('answers an unknown email exactly like a known one and sends nothing', async () => {
    const before = t.app.mailer.outbox.length;
    const res = await new Client(t.app).post('/api/auth/request-password-reset', { email: uniqueEmail('ghost'), redirectTo: '/reset-password' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/If this email exists/);
    await t.app.queue.drained();
    expect(t.app.mailer.outbox.length).toBe(before);
  });

  it('refuses a forged token and a too-short new password', async () => {
    const forged = await new Client(t.app).post('/api/auth/reset-password', { token: 'not-a-real-token', newPassword: 'whatever-password' });
    expect(forged.statusCode).toBe(400);
    const { email } = await signUp(t.app);
    await new Client(t.app).post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    const token = (await lastLink()).searchParams.get('token')!;
    const short = await new Client(t.app).post('/api/auth/reset-password', { token, newPassword: 'short' });
    expect(short.statusCode).toBe(400);
  });
});

describe('locked accounts', () => {
  it.each(['banned', 'suspended'])('a %s person cannot sign in, and an open session stops working', async (role) => {
    const { email, user, client } = await signUp(t.app);
    await t.database.db.execute(`update profiles set role = '${role}' where id = '${user.id}'` as never);
    const me = await client.patch('/api/profiles/me', { bio: 'still here?' });
    expect(me.statusCode).toBe(403);
    const res = await new Client(t.app).post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This account is suspended. Please contact support.');
  });
});

describe('the reset token and its email job share one transaction (decision 0035)', () => {
  const resetTokens = (userId: string) =>
    t.database.db.$count(verification, sql`${verification.value} = ${userId} and ${like(verification.identifier, 'reset-password:%')}`);

  /** Makes the email job's insert fail inside whatever transaction it is written in, then restores it. */
  async function withFailingEmailJob(run: () => Promise<void>) {
    const send = t.app.queue.send;
    t.app.queue.send = async (tx) => {
      await tx.execute(sql`select 1 / 0`);
    };
    try {
      await run();
    } finally {
      t.app.queue.send = send;
    }
  }

  for (const [path, ask] of [
    ['the API', (email: string) => new Client(t.app).post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' })],
    [
      'the HTML form',
      (email: string) =>
        new Client(t.app).request({
          method: 'POST',
          url: '/forgot-password',
          headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
          payload: `email=${encodeURIComponent(email)}`,
        }),
    ],
  ] as const) {
    it(`keeps no token when the job cannot be written, and both when it can (${path})`, async () => {
      const { email, user } = await signUp(t.app);
      await withFailingEmailJob(async () => {
        await ask(email);
      });
      expect(await resetTokens(user.id)).toBe(0);

      const before = t.app.mailer.outbox.length;
      await ask(email);
      expect(await resetTokens(user.id)).toBe(1);
      await t.app.queue.drained();
      expect(t.app.mailer.outbox.slice(before).filter((m) => m.to === email)).toHaveLength(1);
    });
  }
});
