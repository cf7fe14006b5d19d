import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { Client, signUp } from '../../../test/http';
import { messages, profiles } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof signUp>>;
const person = (name: string) => signUp(t.app, 'jobseeker', { fullName: name });
const send = (from: Client, recipientId: string, message: string, extra: Record<string, unknown> = {}) =>
  from.post('/api/messages', { recipientId, message, ...extra });
const setRole = (id: string, role: string) => t.database.db.update(profiles).set({ role }).where(eq(profiles.id, id));
const count = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(messages))[0]!.n;

describe('sending', () => {
  let ana: Person, ben: Person;
  beforeAll(async () => {
    ana = await person('Ana Alleyne');
    ben = await person('Ben Baptiste');
  });

  it('stores the trimmed text from the session’s user, as plain text', async () => {
    const res = await send(ana.client, ben.user.id, '  Hello <script>alert(1)</script>\nsecond line  ');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ senderId: ana.user.id, recipientId: ben.user.id, message: 'Hello <script>alert(1)</script>\nsecond line', read: false });
  });

  it('refuses a forged sender and stores nothing', async () => {
    const before = await count();
    const res = await send(ana.client, ben.user.id, 'pretending', { senderId: ben.user.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(await count()).toBe(before);
  });

  it('refuses empty, whitespace-only and oversized text, yourself and unknown people, each with its code', async () => {
    const before = await count();
    const cases: Array<[string, string, number, string]> = [
      [ben.user.id, '', 400, 'MESSAGE_EMPTY'],
      [ben.user.id, '   \n\t ', 400, 'MESSAGE_EMPTY'],
      [ben.user.id, 'x'.repeat(4001), 400, 'MESSAGE_TOO_LONG'],
      [ana.user.id, 'hi me', 400, 'MESSAGE_TO_SELF'],
      ['no-such-user', 'hello?', 404, 'RECIPIENT_NOT_FOUND'],
    ];
    for (const [to, text, status, code] of cases) {
      const res = await send(ana.client, to, text);
      expect([res.statusCode, res.json().code]).toEqual([status, code]);
    }
    expect(await count()).toBe(before);
    expect((await send(ana.client, ben.user.id, ` ${'y'.repeat(4000)} `)).statusCode).toBe(201);
  });

  it('refuses anonymous callers everywhere', async () => {
    const anon = new Client(t.app);
    expect((await send(anon, ben.user.id, 'hi')).statusCode).toBe(401);
    for (const url of ['/api/messages/conversations', '/api/messages/unread-count', `/api/messages/with/${ben.user.id}`, '/api/messages/stream']) {
      expect((await anon.get(url)).statusCode).toBe(401);
    }
    expect((await anon.post(`/api/messages/with/${ben.user.id}/read`)).statusCode).toBe(401);
    expect((await anon.delete(`/api/messages/with/${ben.user.id}`)).statusCode).toBe(401);
  });

  it('muted people read but cannot send; suspended people can do neither', async () => {
    const muted = await person('Mia Muted');
    await send(ben.client, muted.user.id, 'Are you there?');
    await setRole(muted.user.id, 'muted');
    const res = await send(muted.client, ben.user.id, 'I am');
    expect([res.statusCode, res.json().code]).toEqual([403, 'ACCOUNT_MUTED']);
    expect((await muted.client.get(`/api/messages/with/${ben.user.id}`)).json().items).toHaveLength(1);

    const suspended = await person('Sam Suspended');
    await setRole(suspended.user.id, 'suspended');
    expect((await send(suspended.client, ben.user.id, 'hi')).statusCode).toBe(403);
    expect((await suspended.client.get('/api/messages/conversations')).statusCode).toBe(403);
  });
});

describe('reading, marking read and deleting', () => {
  let ana: Person, ben: Person, cy: Person;
  beforeAll(async () => {
    ana = await person('Ana Reader');
    ben = await person('Ben Reader');
    cy = await person('Cy Outsider');
    for (const text of ['one', 'two', 'three']) expect((await send(ana.client, ben.user.id, text)).statusCode).toBe(201);
    await send(ben.client, ana.user.id, 'reply');
    await send(cy.client, ben.user.id, 'from cy');
  });

  it('lists conversations newest first with the last message and unread counts, a page at a time', async () => {
    const first = (await ben.client.get('/api/messages/conversations?limit=1')).json();
    expect(first.items).toHaveLength(1);
    expect(first.items[0]).toMatchObject({ other: { id: cy.user.id, fullName: 'Cy Outsider' }, lastMessage: { message: 'from cy' }, unreadCount: 1 });
    const second = (await ben.client.get(`/api/messages/conversations?limit=1&cursor=${first.nextCursor}`)).json();
    expect(second.items[0]).toMatchObject({ other: { id: ana.user.id }, lastMessage: { message: 'reply', senderId: ben.user.id }, unreadCount: 3 });
    expect(second.nextCursor).toBeNull();
    expect((await ben.client.get('/api/messages/unread-count')).json()).toEqual({ count: 4 });
    expect((await ana.client.get('/api/messages/unread-count')).json()).toEqual({ count: 1 });
  });

  it('pages a conversation back in time', async () => {
    const page1 = (await ben.client.get(`/api/messages/with/${ana.user.id}?limit=2`)).json();
    expect(page1.items.map((m: { message: string }) => m.message)).toEqual(['reply', 'three']);
    const page2 = (await ben.client.get(`/api/messages/with/${ana.user.id}?limit=2&cursor=${page1.nextCursor}`)).json();
    expect(page2.items.map((m: { message: string }) => m.message)).toEqual(['two', 'one']);
    expect(page2.nextCursor).toBeNull();
    expect((await ben.client.get('/api/messages/conversations?cursor=nonsense')).statusCode).toBe(400);
  });

  it('a third person reads nothing of it and cannot mark it read', async () => {
    expect((await cy.client.get(`/api/messages/with/${ana.user.id}`)).json().items).toEqual([]);
    expect((await cy.client.post(`/api/messages/with/${ana.user.id}/read`)).json()).toEqual({ updated: 0 });
    // The sender cannot mark their own messages read for the recipient either.
    expect((await ana.client.post(`/api/messages/with/${ben.user.id}/read`)).json()).toEqual({ updated: 1 });
    const unread = await t.database.db
      .select()
      .from(messages)
      .where(sql`${messages.recipientId} = ${ben.user.id} and not ${messages.read}`);
    expect(unread).toHaveLength(4);
  });

  it('only the recipient marks read; the sender sees the read state', async () => {
    expect((await ben.client.post(`/api/messages/with/${ana.user.id}/read`)).json()).toEqual({ updated: 3 });
    expect((await ben.client.get('/api/messages/unread-count')).json()).toEqual({ count: 1 });
    const seen = (await ana.client.get(`/api/messages/with/${ben.user.id}`)).json().items;
    expect(seen.filter((m: { senderId: string; read: boolean }) => m.senderId === ana.user.id).every((m: { read: boolean }) => m.read)).toBe(true);
  });

  it('deleting hides the conversation for the deleter only, until a new message', async () => {
    expect((await cy.client.delete(`/api/messages/with/${ana.user.id}`)).statusCode).toBe(404);
    expect((await ben.client.delete(`/api/messages/with/${cy.user.id}`)).statusCode).toBe(204);
    expect((await ben.client.delete(`/api/messages/with/${cy.user.id}`)).statusCode).toBe(404);
    const bens = (await ben.client.get('/api/messages/conversations')).json().items;
    expect(bens.map((c: { other: { id: string } }) => c.other.id)).toEqual([ana.user.id]);
    expect((await ben.client.get(`/api/messages/with/${cy.user.id}`)).json().items).toEqual([]);
    expect((await ben.client.get('/api/messages/unread-count')).json()).toEqual({ count: 0 });
    // Cy keeps their copy.
    expect((await cy.client.get(`/api/messages/with/${ben.user.id}`)).json().items).toHaveLength(1);
    await send(cy.client, ben.user.id, 'still there?');
    const again = (await ben.client.get(`/api/messages/with/${cy.user.id}`)).json().items;
    expect(again.map((m: { message: string }) => m.message)).toEqual(['still there?']);
    expect((await ben.client.get('/api/messages/conversations')).json().items[0]).toMatchObject({ other: { id: cy.user.id }, unreadCount: 1 });
  });
});

describe('rate limit', () => {
  it('stops a flood from one person, whatever their address', async () => {
    const limited = await createTestApp({ messageRateLimit: { max: 3, windowMs: 60_000 } });
    try {
      const a = await signUp(limited.app, 'jobseeker', { fullName: 'Flo Flood' });
      const b = await signUp(limited.app, 'jobseeker', { fullName: 'Bo Target' });
      for (let i = 0; i < 3; i++) expect((await send(a.client, b.user.id, `m${i}`)).statusCode).toBe(201);
      const res = await send(a.client, b.user.id, 'one too many');
      expect([res.statusCode, res.json().code]).toEqual([429, 'MESSAGE_RATE_LIMITED']);
      // Another person on the same address is not affected.
      expect((await send(b.client, a.user.id, 'fine')).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
