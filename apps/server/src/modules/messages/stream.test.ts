import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../app';
import { wrapPool } from '../../db/client';
import { profiles } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/app';
import { Client, signUp } from '../../../test/http';
import { listen, SseClient } from '../../../test/sse';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t.app);
});
afterAll(() => t.close());

const person = (name: string) => signUp(t.app, 'jobseeker', { fullName: name });
const send = (from: Client, recipientId: string, message: string) => from.post('/api/messages', { recipientId, message });
type Msg = { message: { message: string; senderId: string } };

describe('the event stream', () => {
  it('is an uncompressed, unbuffered event stream for the signed-in person only', async () => {
    const ana = await person('Ana Stream');
    const anon = await SseClient.open(base, '');
    expect(anon.status).toBe(401);
    anon.close();
    const s = await SseClient.open(base, ana.client.cookie, { 'accept-encoding': 'gzip, br' });
    try {
      expect(s.status).toBe(200);
      expect(s.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(s.headers['content-encoding']).toBeUndefined();
      expect(s.headers['x-accel-buffering']).toBe('no');
      expect(s.headers['x-content-type-options']).toBe('nosniff');
      const [ready] = await s.waitFor('ready');
      expect(ready!.id).toBe('0');
    } finally {
      s.close();
    }
  });

  it('delivers a message to the recipient and to the sender’s other tabs, and nothing to anyone else', async () => {
    const ana = await person('Ana Live');
    const ben = await person('Ben Live');
    const cy = await person('Cy Nosy');
    const [benTab, anaTab, cyTab] = await Promise.all([ben, ana, cy].map((p) => SseClient.open(base, p.client.cookie)));
    try {
      await Promise.all([benTab, anaTab, cyTab].map((s) => s.waitFor('ready')));
      expect((await send(ana.client, ben.user.id, 'Hi Ben <b>bold</b>')).statusCode).toBe(201);
      const [got] = await benTab.waitFor('message');
      expect((got!.data as Msg).message).toMatchObject({ message: 'Hi Ben <b>bold</b>', senderId: ana.user.id });
      expect(got!.id).toBe('1');
      await anaTab.waitFor('message');

      // Ben reads: both see it; Cy still got nothing of theirs (a message to Cy proves Cy's stream works).
      await ben.client.post(`/api/messages/with/${ana.user.id}/read`);
      const [read] = await anaTab.waitFor('read');
      expect(read!.data).toEqual({ readerId: ben.user.id, senderId: ana.user.id });
      await benTab.waitFor('read');
      await send(ben.client, cy.user.id, 'Hello Cy');
      await cyTab.waitFor('message');
      expect(cyTab.events.map((e) => e.event)).toEqual(['ready', 'message']);
      expect((cyTab.events[1]!.data as Msg).message.message).toBe('Hello Cy');

      await ben.client.delete(`/api/messages/with/${ana.user.id}`);
      const [deleted] = await benTab.waitFor('conversation-deleted');
      expect(deleted!.data).toEqual({ otherId: ana.user.id });
      expect(anaTab.events.some((e) => e.event === 'conversation-deleted')).toBe(false);
    } finally {
      for (const s of [benTab, anaTab, cyTab]) s.close();
    }
  });

  it('a client that reconnects with Last-Event-ID (or ?since=) gets what it missed, in order, once', async () => {
    const ana = await person('Ana Resume');
    const ben = await person('Ben Resume');
    const first = await SseClient.open(base, ben.client.cookie);
    await first.waitFor('ready');
    await send(ana.client, ben.user.id, 'before the drop');
    await first.waitFor('message');
    const lastId = first.lastId!;
    first.close();

    for (const text of ['missed 1', 'missed 2', 'missed 3']) await send(ana.client, ben.user.id, text);
    const again = await SseClient.open(base, ben.client.cookie, { 'last-event-id': lastId });
    const bySince = await SseClient.open(base, ben.client.cookie, {}, `/api/messages/stream?since=${lastId}`);
    try {
      for (const s of [again, bySince]) {
        const got = await s.waitFor('message', 3);
        expect(got.map((e) => (e.data as Msg).message.message)).toEqual(['missed 1', 'missed 2', 'missed 3']);
        expect(got.map((e) => Number(e.id))).toEqual([2, 3, 4]);
      }
      await send(ana.client, ben.user.id, 'live again');
      const all = await again.waitFor('message', 4);
      expect(all.map((e) => (e.data as Msg).message.message)).toEqual(['missed 1', 'missed 2', 'missed 3', 'live again']);
      await new Promise((r) => setTimeout(r, 100));
      expect(again.events.filter((e) => e.event === 'message')).toHaveLength(4);
    } finally {
      again.close();
      bySince.close();
    }
    // An id this person never had (another database, a forged header) means: start over.
    const future = await SseClient.open(base, ben.client.cookie, { 'last-event-id': '999999' });
    const [reset] = await future.waitFor('reset');
    expect(reset!.id).toBe('5');
    future.close();
  });

  it('a suspended person cannot open a stream (an open one ends at the next minute’s check)', async () => {
    const sam = await person('Sam Soon Suspended');
    const s = await SseClient.open(base, sam.client.cookie);
    await s.waitFor('ready');
    await t.database.db.update(profiles).set({ role: 'suspended' }).where(eq(profiles.id, sam.user.id));
    // The periodic check runs every minute; a reconnect is refused at once.
    const again = await SseClient.open(base, sam.client.cookie);
    expect(again.status).toBe(403);
    again.close();
    s.close();
  });
});

describe('shutdown', () => {
  it('app.close() returns promptly with a stream open, and the stream ends', async () => {
    const other = await createTestApp();
    const url = await listen(other.app);
    const { client } = await signUp(other.app, 'jobseeker', { fullName: 'Cleo Close' });
    const s = await SseClient.open(url, client.cookie);
    await s.waitFor('ready');
    expect(other.app.realtime.openStreams).toBe(1);
    const started = Date.now();
    await other.app.close();
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await s.waitForEnd(2000)).toBe(true);
    await other.close();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two server instances on one PostgreSQL database', () => {
  it('a message sent through one instance arrives on a stream held by the other', async () => {
    const pool = t.database.pool!;
    const secondDb = wrapPool(new pg.Pool({ ...pool.options, max: 3 }));
    const second = await buildApp({ config: t.config, database: secondDb });
    try {
      const secondBase = await listen(second);
      const ana = await person('Ana Instance One');
      const ben = await person('Ben Instance Two');
      // Same AUTH_SECRET and database: Ben's session works on either instance.
      const onTwo = await SseClient.open(secondBase, ben.client.cookie);
      await onTwo.waitFor('ready');
      expect(second.realtime.openStreams).toBe(1);
      expect((await send(ana.client, ben.user.id, 'across instances')).statusCode).toBe(201);
      const [got] = await onTwo.waitFor('message');
      expect((got!.data as Msg).message.message).toBe('across instances');
      onTwo.close();
    } finally {
      await second.close();
      await secondDb.close();
    }
  });
});
