import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../lib/keyset';
import { createTestApp, type TestApp } from '../../../test/app';
import { saveConsultant, setRole } from '../../../test/consultants';
import { Client, multipart, signUp } from '../../../test/http';

let t: TestApp;
const adCategory = async () => (await rowsOf<{ id: string }>(t.database.db.execute(sql`select id from ad_categories order by name limit 1`)))[0]!.id;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const JOB = { title: 'Night guard', company: 'Safe Co', country: 'Barbados', category: 'Security', description: 'Nights.' };
const send = (client: Client, recipientId: string, message = 'Hello') => client.post('/api/messages', { recipientId, message });
const ids = (res: { json(): unknown }) => ((res.json() as { items: Array<{ id?: string; userId?: string }> }).items ?? []).map((i) => i.id ?? i.userId);

describe('blocking', () => {
  it('the blocked person is refused on send with the neutral message; the blocker can still write; unblock lifts it', async () => {
    const blocker = await signUp(t.app);
    const pest = await signUp(t.app);
    expect((await send(pest.client, blocker.user.id)).statusCode).toBe(201);
    const res = await blocker.client.post('/api/blocks', { userId: pest.user.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ userId: pest.user.id, blocked: true });
    const refused = await send(pest.client, blocker.user.id, 'Why?');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'MESSAGE_REFUSED', message: "You can't send messages to this person." });
    expect((await blocker.client.get(`/api/messages/with/${pest.user.id}`)).json().items).toHaveLength(1);
    // The conversation leaves the blocker's inbox (and its unread count), not the other's.
    const inbox = (c: Client) => c.get('/api/messages/conversations').then((r) => (r.json().items as Array<{ other: { id: string } }>).map((i) => i.other.id));
    expect(await inbox(blocker.client)).not.toContain(pest.user.id);
    expect((await blocker.client.get('/api/messages/unread-count')).json().count).toBe(0);
    expect(await inbox(pest.client)).toContain(blocker.user.id);

    expect((await blocker.client.get(`/api/blocks/${pest.user.id}`)).json().blocked).toBe(true);
    expect(ids(await blocker.client.get('/api/blocks'))).toEqual([pest.user.id]);
    expect((await blocker.client.delete(`/api/blocks/${pest.user.id}`)).json()).toEqual({ userId: pest.user.id, blocked: false });
    expect((await send(pest.client, blocker.user.id, 'Sorry')).statusCode).toBe(201);
    expect(await inbox(blocker.client)).toContain(pest.user.id);
    expect(ids(await blocker.client.get('/api/blocks'))).toEqual([]);
  });

  it("the blocker stops seeing the blocked person's jobs, ads and consultant card; others still see them", async () => {
    const blocker = await signUp(t.app);
    const other = await signUp(t.app, 'employer', { fullName: 'Blocked Employer' });
    const job = (await other.client.post('/api/jobs', JOB)).json().id as string;
    const ad = (
      await other.client.request({
        method: 'POST',
        url: '/api/ads',
        ...multipart([
          { name: 'title', data: 'Blocked ad' },
          { name: 'description', data: 'x' },
          { name: 'categoryId', data: await adCategory() },
          { name: 'country', data: 'Jamaica' },
        ]),
      })
    ).json().id as string;
    const consultant = await signUp(t.app, 'jobseeker', { fullName: 'Blocked Consultant' });
    expect((await saveConsultant(consultant.client)).statusCode).toBe(201);

    await blocker.client.post('/api/blocks', { userId: other.user.id });
    await blocker.client.post('/api/blocks', { userId: consultant.user.id });
    expect(ids(await blocker.client.get('/api/jobs?limit=50'))).not.toContain(job);
    expect((await blocker.client.get(`/api/jobs/${job}`)).statusCode).toBe(404);
    expect(ids(await blocker.client.get('/api/ads?limit=50'))).not.toContain(ad);
    expect((await blocker.client.get(`/api/ads/${ad}`)).statusCode).toBe(404);
    expect(ids(await blocker.client.get('/api/consultants?limit=50'))).not.toContain(consultant.user.id);
    expect((await blocker.client.get(`/api/consultants/${consultant.user.id}`)).statusCode).toBe(404);
    // The profile stays reachable: it is where Unblock is.
    expect((await blocker.client.get(`/api/profiles/${other.user.id}`)).statusCode).toBe(200);

    const anyone = new Client(t.app);
    expect(ids(await anyone.get('/api/jobs?limit=50'))).toContain(job);
    expect((await anyone.get(`/api/ads/${ad}`)).statusCode).toBe(200);
    expect((await anyone.get(`/api/consultants/${consultant.user.id}`)).statusCode).toBe(200);

    await blocker.client.delete(`/api/blocks/${other.user.id}`);
    expect(ids(await blocker.client.get('/api/jobs?limit=50'))).toContain(job);
  });

  it('needs a signed-in, unlocked caller; refuses self and unknown people; acts only on the caller’s own blocks', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const c = await signUp(t.app);
    const anonymous = new Client(t.app);
    expect((await anonymous.post('/api/blocks', { userId: a.user.id })).statusCode).toBe(401);
    expect((await anonymous.get('/api/blocks')).statusCode).toBe(401);
    expect((await anonymous.delete(`/api/blocks/${a.user.id}`)).statusCode).toBe(401);
    const banned = await signUp(t.app);
    await setRole(t.database, banned.user.id, 'banned');
    expect((await banned.client.post('/api/blocks', { userId: a.user.id })).statusCode).toBe(403);
    expect((await a.client.post('/api/blocks', { userId: a.user.id })).json().code).toBe('BLOCK_SELF');
    expect((await a.client.post('/api/blocks', { userId: 'nobody-at-all' })).statusCode).toBe(404);
    expect((await a.client.post('/api/blocks', {})).statusCode).toBe(400);
    // A muted person may still protect themselves.
    const muted = await signUp(t.app);
    await setRole(t.database, muted.user.id, 'muted');
    expect((await muted.client.post('/api/blocks', { userId: a.user.id })).statusCode).toBe(200);

    await a.client.post('/api/blocks', { userId: b.user.id });
    // c cannot lift a's block, nor read a's list.
    await c.client.delete(`/api/blocks/${b.user.id}`);
    expect((await send(b.client, a.user.id)).statusCode).toBe(403);
    expect(ids(await c.client.get('/api/blocks'))).toEqual([]);
    expect((await a.client.get('/api/blocks?cursor=%%%')).statusCode).toBe(400);
  });
});
