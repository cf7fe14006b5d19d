import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { Client, PASSWORD, signUp } from '../../../test/http';
import { adminAuditLog, profiles } from '../../db/schema';
import { signUpAs } from './test-helpers';

let t: TestApp;
let admin: Client;
let adminId: string;
beforeAll(async () => {
  t = await createTestApp();
  const a = await signUpAs(t, 'admin');
  admin = a.client;
  adminId = a.user.id;
});
afterAll(() => t.close());

const roleOf = async (id: string) => (await t.database.db.select().from(profiles).where(eq(profiles.id, id)))[0]!.role;

describe('admin routes: only admins', () => {
  const reads = [
    '/api/admin/stats',
    '/api/admin/growth',
    '/api/admin/growth/users?from=2026-01-01&to=2026-02-01',
    '/api/admin/growth.csv',
    '/api/admin/users',
    '/api/admin/jobs',
    '/api/admin/applications',
    '/api/admin/feedback',
    '/api/admin/settings',
    '/api/admin/audit',
  ];

  it('refuses anonymous (401) and every other role (403), and nothing changes', async () => {
    const seeker = (await signUp(t.app)).client;
    const employer = (await signUp(t.app, 'employer')).client;
    const muted = (await signUpAs(t, 'muted')).client;
    const { user: target } = await signUp(t.app);
    const callers: Array<[Client, number]> = [
      [new Client(t.app), 401],
      [seeker, 403],
      [employer, 403],
      [muted, 403],
    ];
    for (const [client, status] of callers) {
      for (const url of reads) expect((await client.get(url)).statusCode, `${url}`).toBe(status);
      expect((await client.request({ method: 'PUT', url: '/api/admin/settings', payload: { jobsFree: false } })).statusCode).toBe(status);
      expect((await client.patch(`/api/admin/users/${target.id}/role`, { role: 'banned' })).statusCode).toBe(status);
      expect((await client.delete(`/api/admin/users/${target.id}`)).statusCode).toBe(status);
      expect((await client.post(`/api/admin/jobs/00000000-0000-4000-8000-000000000000/paid`, { method: 'cash' })).statusCode).toBe(status);
    }
    expect(await roleOf(target.id)).toBe('jobseeker');
    expect((await admin.get('/api/admin/settings')).json().jobsFree).toBe(true);
  });

  it('a suspended admin is refused too (and cannot sign in)', async () => {
    const s = await signUpAs(t, 'admin');
    await t.database.db.update(profiles).set({ role: 'suspended' }).where(eq(profiles.id, s.user.id));
    expect((await s.client.get('/api/admin/stats')).statusCode).toBe(403);
    const res = await new Client(t.app).post('/api/auth/sign-in/email', { email: s.email, password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This account is suspended. Please contact support.');
  });
});

describe('admin: set a role', () => {
  it('sets a role and returns the previous one for Undo; both are audited', async () => {
    const { user } = await signUp(t.app);
    const res = await admin.patch(`/api/admin/users/${user.id}/role`, { role: 'employer' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: user.id, role: 'employer', previousRole: 'jobseeker' });
    const undo = await admin.patch(`/api/admin/users/${user.id}/role`, { role: 'jobseeker' });
    expect(undo.json().role).toBe('jobseeker');
    const audit = (await admin.get(`/api/admin/audit?action=role_change&q=${user.id}`)).json().items;
    expect(audit.map((a: { before: unknown; after: unknown }) => [a.before, a.after])).toEqual([
      [{ role: 'employer' }, { role: 'jobseeker' }],
      [{ role: 'jobseeker' }, { role: 'employer' }],
    ]);
  });

  it('a ban ends the person’s session at once and sign-in is refused', async () => {
    const { user, client, email } = await signUp(t.app);
    expect((await client.get('/api/me')).json().user).not.toBeNull();
    await admin.patch(`/api/admin/users/${user.id}/role`, { role: 'banned' });
    expect((await client.get('/api/me')).json().user).toBeNull();
    expect((await client.patch('/api/profiles/me', { bio: 'x' })).statusCode).toBe(401);
    expect((await new Client(t.app).post('/api/auth/sign-in/email', { email, password: PASSWORD })).statusCode).toBe(403);
  });

  it('a suspended person cannot sign in; reinstated, they can', async () => {
    const { user, email } = await signUp(t.app);
    await admin.patch(`/api/admin/users/${user.id}/role`, { role: 'suspended' });
    const refused = await new Client(t.app).post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/suspended/);
    await admin.patch(`/api/admin/users/${user.id}/role`, { role: 'jobseeker' });
    expect((await new Client(t.app).post('/api/auth/sign-in/email', { email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('a muted person can still sign in', async () => {
    const { user, email } = await signUp(t.app);
    await admin.patch(`/api/admin/users/${user.id}/role`, { role: 'muted' });
    const res = await new Client(t.app).post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
  });

  it('refuses the forged admin role, admins as targets and self-changes', async () => {
    const { user: target } = await signUp(t.app);
    expect((await admin.patch(`/api/admin/users/${target.id}/role`, { role: 'admin' })).statusCode).toBe(400);
    expect((await admin.patch(`/api/admin/users/${adminId}/role`, { role: 'jobseeker' })).statusCode).toBe(400);
    const other = await signUpAs(t, 'admin');
    expect((await admin.patch(`/api/admin/users/${other.user.id}/role`, { role: 'banned' })).statusCode).toBe(404);
    expect(await roleOf(target.id)).toBe('jobseeker');
    expect(await roleOf(other.user.id)).toBe('admin');
  });
});

describe('admin: user search', () => {
  it('finds by a part of the name or email, paged, newest first', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    for (let i = 0; i < 3; i++) await signUp(t.app, 'jobseeker', { fullName: `Ann ${tag} ${i}` });
    const byEmail = await signUp(t.app, 'jobseeker', { email: `${tag}-mail@example.com`, fullName: 'Other' });
    const first = (await admin.get(`/api/admin/users?q=${tag.toUpperCase()}&limit=2`)).json();
    expect(first.items).toHaveLength(2);
    expect(first.items[0].id).toBe(byEmail.user.id);
    const second = (await admin.get(`/api/admin/users?q=${tag}&limit=2&cursor=${first.nextCursor}`)).json();
    expect(second.items).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    expect((await admin.get('/api/admin/users?cursor=bad!')).statusCode).toBe(400);
    const forged = Buffer.from(JSON.stringify(['2026-99-99T99:99:99.000000Z', 'x'])).toString('base64url');
    expect((await admin.get(`/api/admin/users?cursor=${forged}`)).statusCode).toBe(400);
    expect((await admin.get('/api/admin/growth/users?from=2026-02-30&to=2026-03-01')).statusCode).toBe(400);
    expect((await admin.get('/api/admin/users?q=%25')).statusCode).toBe(200);
  });
});

describe('audit log', () => {
  it('cannot be changed or deleted, even by SQL', async () => {
    const { user } = await signUp(t.app);
    await admin.patch(`/api/admin/users/${user.id}/role`, { role: 'muted' });
    await expect(t.database.db.update(adminAuditLog).set({ action: 'x' })).rejects.toThrow();
    await expect(t.database.db.delete(adminAuditLog)).rejects.toThrow();
    await expect(t.database.db.execute(sql`truncate admin_audit_log`)).rejects.toThrow();
    expect((await admin.get('/api/admin/audit')).json().items.length).toBeGreaterThan(0);
    expect((await admin.get('/api/admin/audit?action=nope')).statusCode).toBe(400);
  });
});
