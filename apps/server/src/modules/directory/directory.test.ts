import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { Client, signUp } from '../../../test/http';

let t: TestApp;
let me: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await createTestApp();
  me = await signUp(t.app, 'jobseeker', { fullName: 'Rosa Searcher' });
  for (const name of ['Marie-Rose Joseph', 'ROSALIND Brathwaite', 'Kevin Ambrose', 'Dale 100% Real', 'Anya Smith']) {
    await signUp(t.app, 'employer', { fullName: name });
  }
});
afterAll(() => t.close());

const names = (body: { items: Array<{ fullName: string }> }) => body.items.map((u) => u.fullName);

describe('user search and directory', () => {
  it('is for signed-in people only', async () => {
    expect((await new Client(t.app).get('/api/users')).statusCode).toBe(401);
  });

  it('finds other people by case-insensitive substring, alphabetically, never the caller', async () => {
    const res = await me.client.get('/api/users?q=ROS');
    expect(res.statusCode).toBe(200);
    expect(names(res.json())).toEqual(['Kevin Ambrose', 'Marie-Rose Joseph', 'ROSALIND Brathwaite']);
    expect(res.json().items[0]).toEqual({ id: expect.any(String), fullName: 'Kevin Ambrose', avatarUrl: null, role: 'employer' });
    const all = names((await me.client.get('/api/users')).json());
    expect(all).not.toContain('Rosa Searcher');
    expect(all).toHaveLength(5);
  });

  it('matches LIKE wildcards literally and says nothing found as an empty page', async () => {
    expect(names((await me.client.get('/api/users?q=%25')).json())).toEqual(['Dale 100% Real']);
    expect((await me.client.get('/api/users?q=_')).json()).toEqual({ items: [], nextCursor: null });
    expect((await me.client.get('/api/users?q=zzz')).json()).toEqual({ items: [], nextCursor: null });
  });

  it('pages with a cursor, and refuses a forged one', async () => {
    const first = (await me.client.get('/api/users?limit=2')).json();
    expect(names(first)).toEqual(['Anya Smith', 'Dale 100% Real']);
    const second = (await me.client.get(`/api/users?limit=2&cursor=${first.nextCursor}`)).json();
    expect(names(second)).toEqual(['Kevin Ambrose', 'Marie-Rose Joseph']);
    const third = (await me.client.get(`/api/users?limit=2&cursor=${second.nextCursor}`)).json();
    expect(names(third)).toEqual(['ROSALIND Brathwaite']);
    expect(third.nextCursor).toBeNull();
    const bad = await me.client.get('/api/users?cursor=not-json');
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'INVALID_CURSOR']);
  });
});
