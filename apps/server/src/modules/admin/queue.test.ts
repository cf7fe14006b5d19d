import { setRole } from '../../../test/consultants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { signUp } from '../../../test/http';
import { startSmtpSink, waitFor } from '../../../test/smtp';

// The default expiry (60 s): a slow machine must not turn one refused send into an expired, retried one.
const FAST = { retryDelay: 1, pollingIntervalSeconds: 0.5 };
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let t: TestApp;
beforeAll(async () => {
  // The provider refuses these mailboxes for good (550), as it would an address that does not exist.
  sink = await startSmtpSink({ reject: (address) => address.endsWith('@bounce.example') });
  t = await createTestApp({ smtpUrl: sink.url, queueTimings: FAST });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const email = (to: string) => t.database.db.transaction((tx) => t.app.queue.send(tx, 'email', { to, subject: `Hello ${to}`, text: 'A secret link' }));

describe('failed jobs', () => {
  it('fail at once, without the retries, when the mail provider refuses the address for good', async () => {
    await email('nobody@bounce.example');
    await email('someone@example.com');
    await t.app.queue.drained();
    const failed = await t.app.queue.failed();
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ kind: 'email', attempts: 1, summary: 'nobody@bounce.example: Hello nobody@bounce.example' });
    expect(failed[0]!.error).toMatch(/550/);
    expect(sink.accepted.map((m) => m.to)).toEqual([['someone@example.com']]);
  });

  it('are retried one by one, by id, among many', async () => {
    for (const n of [1, 2, 3]) await email(`n${n}@bounce.example`);
    await t.app.queue.drained();
    const before = await t.app.queue.failed();
    const target = before.find((j) => j.summary.startsWith('n2@'))!;
    expect(await t.app.queue.failed(1, { id: target.id })).toEqual([target]);

    const admin = await signUp(t.app, 'employer');
    await setRole(t.database, admin.user.id, 'admin');
    const res = await admin.client.post(`/api/admin/queue/${target.id}/retry`);
    expect(res.statusCode, res.body).toBe(200);
    // Still refused: it runs once more and is back in the list, with one more attempt; the others never moved.
    await waitFor('the retried job to fail again', async () => (await t.app.queue.failed(1, { id: target.id }))[0]?.attempts === 2, 15_000);
    const after = await t.app.queue.failed();
    expect(after.filter((j) => j.id !== target.id).map((j) => [j.id, j.attempts])).toEqual(
      before.filter((j) => j.id !== target.id).map((j) => [j.id, j.attempts]),
    );
    // A job that is not failed (already retried and running, or done) cannot be retried.
    const done = await admin.client.post('/api/admin/queue/00000000-0000-4000-8000-000000000001/retry');
    expect(done.statusCode).toBe(404);
  });
});
