import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { CONTACT, setRole, signUpConsultant } from '../../../test/consultants';
import { Client, signUp } from '../../../test/http';
import { rowsOf } from '../../lib/keyset';
import { CONTACT_LIMIT } from './routes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const requestsTo = async (consultantId: string) =>
  rowsOf<{ consultant_id: string; sender_id: string; message: string }>(
    t.database.db.execute(sql`select * from client_requests where consultant_id = ${consultantId}`),
  );
const countAll = async () => Number((await rowsOf<{ n: number }>(t.database.db.execute(sql`select count(*)::int as n from client_requests`)))[0]!.n);

async function admin() {
  const account = await signUp(t.app, 'jobseeker');
  await setRole(t.database, account.user.id, 'admin');
  return account;
}

describe('contact a consultant', () => {
  it('files the request under the consultant contacted, records the sender and emails the consultant', async () => {
    const consultant = await signUpConsultant(t.app);
    const sender = await signUp(t.app, 'employer');
    const res = await sender.client.post(`/api/consultants/${consultant.user.id}/requests`, CONTACT);
    expect(res.statusCode).toBe(201);
    const rows = await requestsTo(consultant.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ consultant_id: consultant.user.id, sender_id: sender.user.id, message: CONTACT.message });
    // Nothing is filed under the sender's own id (the original's bug).
    expect(await requestsTo(sender.user.id)).toHaveLength(0);
    await t.app.queue.drained();
    const mail = t.app.mailer.outbox.at(-1)!;
    expect(mail.to).toBe(consultant.email);
    expect(mail.text).toContain(CONTACT.message);
    expect(mail.text).toContain('/consultant/client-requests');
  });

  it('asks anonymous visitors to log in first, and stores nothing', async () => {
    const consultant = await signUpConsultant(t.app);
    const res = await new Client(t.app).post(`/api/consultants/${consultant.user.id}/requests`, CONTACT);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'CONTACT_SIGNED_OUT', message: 'Please log in to contact a consultant.' });
    expect(await requestsTo(consultant.user.id)).toHaveLength(0);
  });

  it('refuses muted and suspended senders', async () => {
    const consultant = await signUpConsultant(t.app);
    for (const [role, code] of [
      ['muted', 'ACCOUNT_MUTED'],
      ['suspended', 'ACCOUNT_SUSPENDED'],
    ]) {
      const sender = await signUp(t.app, 'jobseeker');
      await setRole(t.database, sender.user.id, role!);
      const res = await sender.client.post(`/api/consultants/${consultant.user.id}/requests`, CONTACT);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(code);
    }
    expect(await requestsTo(consultant.user.id)).toHaveLength(0);
  });

  it('needs all four fields and a real email; stores <script> as text', async () => {
    const consultant = await signUpConsultant(t.app);
    const sender = await signUp(t.app, 'jobseeker');
    const url = `/api/consultants/${consultant.user.id}/requests`;
    for (const body of [
      { ...CONTACT, fullName: ' ' },
      { ...CONTACT, email: 'not-an-email' },
      { ...CONTACT, phone: '' },
      { ...CONTACT, message: '' },
      { fullName: 'x' },
    ]) {
      expect((await sender.client.post(url, body)).statusCode).toBe(400);
    }
    expect(await requestsTo(consultant.user.id)).toHaveLength(0);
    const script = '<script>alert(1)</script>';
    expect((await sender.client.post(url, { ...CONTACT, message: script })).statusCode).toBe(201);
    expect((await consultant.client.get('/api/consultants/me/requests')).json().items[0].message).toBe(script);
  });

  it('refuses requests to yourself and to someone who is not a consultant', async () => {
    const consultant = await signUpConsultant(t.app);
    const self = await consultant.client.post(`/api/consultants/${consultant.user.id}/requests`, CONTACT);
    expect([self.statusCode, self.json().code]).toEqual([400, 'CANNOT_CONTACT_SELF']);
    const seeker = await signUp(t.app, 'jobseeker');
    const none = await consultant.client.post(`/api/consultants/${seeker.user.id}/requests`, CONTACT);
    expect([none.statusCode, none.json().code]).toEqual([404, 'CONSULTANT_NOT_FOUND']);
    expect(await requestsTo(consultant.user.id)).toHaveLength(0);
  });

  it('limits requests per sender, whatever address they come from', async () => {
    const consultant = await signUpConsultant(t.app);
    const sender = await signUp(t.app, 'jobseeker');
    const url = `/api/consultants/${consultant.user.id}/requests`;
    for (let i = 0; i < CONTACT_LIMIT.max; i++) {
      // A new address each time: counting by address alone would never stop this sender.
      const res = await sender.client.request({ method: 'POST', url, payload: CONTACT, remoteAddress: `192.0.2.${i + 1}` });
      expect(res.statusCode).toBe(201);
    }
    const refused = await sender.client.request({ method: 'POST', url, payload: CONTACT, remoteAddress: '192.0.2.200' });
    expect([refused.statusCode, refused.json().code]).toEqual([429, 'RATE_LIMITED']);
    expect(await requestsTo(consultant.user.id)).toHaveLength(CONTACT_LIMIT.max);
    // Someone else from the same address is not held back.
    const other = await signUp(t.app, 'jobseeker');
    expect((await other.client.request({ method: 'POST', url, payload: CONTACT, remoteAddress: '192.0.2.200' })).statusCode).toBe(201);
  });
});

describe('client requests lists', () => {
  it('a consultant reads only their own, newest first, paged', async () => {
    const a = await signUpConsultant(t.app);
    const b = await signUpConsultant(t.app);
    const sender = await signUp(t.app, 'jobseeker');
    for (const n of [1, 2, 3]) await sender.client.post(`/api/consultants/${a.user.id}/requests`, { ...CONTACT, message: `to A ${n}` });
    await sender.client.post(`/api/consultants/${b.user.id}/requests`, { ...CONTACT, message: 'to B' });

    const first = (await a.client.get('/api/consultants/me/requests?limit=2')).json();
    expect(first.items.map((r: { message: string }) => r.message)).toEqual(['to A 3', 'to A 2']);
    const second = (await a.client.get(`/api/consultants/me/requests?limit=2&cursor=${first.nextCursor}`)).json();
    expect(second.items.map((r: { message: string }) => r.message)).toEqual(['to A 1']);
    expect(second.nextCursor).toBeNull();
    expect((await b.client.get('/api/consultants/me/requests')).json().items.map((r: { message: string }) => r.message)).toEqual(['to B']);
    // The sender is no consultant: their list is empty, not A's or B's.
    expect((await sender.client.get('/api/consultants/me/requests')).json().items).toEqual([]);
  });

  it('says "You must be signed in to view client requests." when signed out', async () => {
    for (const url of ['/api/consultants/me/requests', '/api/client-requests']) {
      const res = await new Client(t.app).get(url);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'CLIENT_REQUESTS_SIGNED_OUT', message: 'You must be signed in to view client requests.' });
    }
  });

  it('the all-requests list is for admins only', async () => {
    const consultant = await signUpConsultant(t.app, { fullName: 'Listed Consultant' });
    const sender = await signUp(t.app, 'jobseeker');
    await sender.client.post(`/api/consultants/${consultant.user.id}/requests`, { ...CONTACT, message: 'for the admin list' });
    for (const caller of [sender.client, consultant.client, (await signUp(t.app, 'employer')).client]) {
      const res = await caller.get('/api/client-requests');
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('CLIENT_REQUESTS_ADMIN_ONLY');
    }
    const list = await (await admin()).client.get('/api/client-requests');
    expect(list.statusCode).toBe(200);
    expect(list.json().items[0]).toMatchObject({
      message: 'for the admin list',
      consultantName: 'Listed Consultant',
      email: CONTACT.email,
      phone: CONTACT.phone,
    });
    expect(list.json().items).toHaveLength(Math.min(20, await countAll()));
  });

  it('the dashboard counts requests not yet seen; marking them seen stops at what was shown', async () => {
    const consultant = await signUpConsultant(t.app);
    const sender = await signUp(t.app, 'jobseeker');
    const send = (message: string) => sender.client.post(`/api/consultants/${consultant.user.id}/requests`, { ...CONTACT, message });
    const newCount = async () => (await consultant.client.get('/api/consultants/me')).json().newRequestCount;
    await send('one');
    await send('two');
    expect(await newCount()).toBe(2);
    const shown = (await consultant.client.get('/api/consultants/me/requests')).json().items;
    await send('three, after the list was loaded');
    expect((await consultant.client.post('/api/consultants/me/requests/seen', { until: shown[0].createdAt })).statusCode).toBe(204);
    expect(await newCount()).toBe(1);
    // Going backwards changes nothing.
    await consultant.client.post('/api/consultants/me/requests/seen', { until: '2000-01-01T00:00:00.000Z' });
    expect(await newCount()).toBe(1);
    expect((await consultant.client.post('/api/consultants/me/requests/seen', { until: 'yesterday' })).statusCode).toBe(400);
  });
});
