import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRole as setRoleOf } from '../../../test/consultants';
import { createTestApp, type TestApp } from '../../../test/app';
import { Client, signUp } from '../../../test/http';
import { feedback } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const count = async () => (await t.database.db.select().from(feedback)).length;

describe('feedback', () => {
  it('accepts feedback from anyone, name optional', async () => {
    const res = await new Client(t.app).post('/api/feedback', { message: '  Please add jobs in Curaçao  ' });
    expect(res.statusCode).toBe(201);
    const named = await new Client(t.app).post('/api/feedback', { name: 'Ti Jan', message: 'Mèsi anpil!' });
    expect(named.statusCode).toBe(201);
    const rows = await t.database.db.select().from(feedback);
    expect(rows.map((r) => [r.name, r.message])).toEqual(
      expect.arrayContaining([
        [null, 'Please add jobs in Curaçao'],
        ['Ti Jan', 'Mèsi anpil!'],
      ]),
    );
  });

  it('refuses an empty or whitespace-only message with the spec message and stores nothing', async () => {
    const before = await count();
    for (const message of ['', '   \n ']) {
      const res = await new Client(t.app).post('/api/feedback', { name: 'x', message });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Message cannot be empty.');
    }
    const missing = await new Client(t.app).post('/api/feedback', { name: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('keeps the signed-in author’s email with their feedback', async () => {
    const { client, email } = await signUp(t.app);
    await client.post('/api/feedback', { message: 'From a member' });
    const rows = await t.database.db.select().from(feedback);
    expect(rows.find((r) => r.message === 'From a member')!.email).toBe(email);
  });

  it('lists feedback newest first to admins only', async () => {
    expect((await new Client(t.app).get('/api/feedback')).statusCode).toBe(401);
    const { client: seeker } = await signUp(t.app);
    expect((await seeker.get('/api/feedback')).statusCode).toBe(403);
    const { client: admin, user } = await signUp(t.app);
    await setRoleOf(t.database, user.id, 'admin');
    await new Client(t.app).post('/api/feedback', { message: 'the newest one' });
    const list = await admin.get('/api/feedback');
    expect(list.statusCode).toBe(200);
    expect(list.json()[0].message).toBe('the newest one');
  });

  it('rejects a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'message=hi',
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('feedback list paging', () => {
  it('returns at most `limit` items, newest first', async () => {
    const { client: admin, user } = await signUp(t.app);
    await setRoleOf(t.database, user.id, 'admin');
    for (const n of [1, 2, 3]) await new Client(t.app).post('/api/feedback', { message: `paging ${n}` });
    const res = await admin.get('/api/feedback?limit=2');
    expect(res.json().map((f: { message: string }) => f.message)).toEqual(['paging 3', 'paging 2']);
  });
});
