import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { Client, PASSWORD, signUp } from '../../../test/http';
import { profiles } from '../../db/schema';

let t: TestApp;
let admin: Client;
let adminId: string;
beforeAll(async () => {
  t = await createTestApp();
  const a = await signUp(t.app);
  await t.database.db.update(profiles).set({ role: 'admin' }).where(eq(profiles.id, a.user.id));
  admin = a.client;
  adminId = a.user.id;
});
afterAll(() => t.close());

const roleOf = async (id: string) => (await t.database.db.select().from(profiles).where(eq(profiles.id, id)))[0]!.role;

describe('admin: set a role', () => {
  it('sets a role and returns the previous one for Undo', async () => {
    const { user } = await signUp(t.app);
    const res = await admin.patch(`/api/admin/users/${user.id}/role`, { role: 'employer' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: user.id, role: 'employer', previousRole: 'jobseeker' });
    const undo = await admin.patch(`/api/admin/users/${user.id}/role`, { role: 'jobseeker' });
    expect(undo.json().role).toBe('jobseeker');
  });

  it('a ban ends the person’s session at once', async () => {
    const { user, client } = await signUp(t.app);
    expect((await client.get('/api/me')).json().user).not.toBeNull();
    await admin.patch(`/api/admin/users/${user.id}/role`, { role: 'banned' });
    expect((await client.get('/api/me')).json().user).toBeNull();
    expect((await client.patch('/api/profiles/me', { bio: 'x' })).statusCode).toBe(401);
  });

  it('a muted person can still sign in', async () => {
    const { user, email } = await signUp(t.app);
    await admin.patch(`/api/admin/users/${user.id}/role`, { role: 'muted' });
    const res = await new Client(t.app).post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
  });

  it('refuses non-admins, the forged admin role, admins as targets and self-changes', async () => {
    const { user: target } = await signUp(t.app);
    const { client: seeker } = await signUp(t.app);
    expect((await seeker.patch(`/api/admin/users/${target.id}/role`, { role: 'banned' })).statusCode).toBe(403);
    expect((await new Client(t.app).patch(`/api/admin/users/${target.id}/role`, { role: 'banned' })).statusCode).toBe(401);
    expect((await admin.patch(`/api/admin/users/${target.id}/role`, { role: 'admin' })).statusCode).toBe(400);
    expect((await admin.patch(`/api/admin/users/${adminId}/role`, { role: 'jobseeker' })).statusCode).toBe(400);
    const other = await signUp(t.app);
    await t.database.db.update(profiles).set({ role: 'admin' }).where(eq(profiles.id, other.user.id));
    expect((await admin.patch(`/api/admin/users/${other.user.id}/role`, { role: 'banned' })).statusCode).toBe(404);
    expect(await roleOf(target.id)).toBe('jobseeker');
    expect(await roleOf(other.user.id)).toBe('admin');
  });
});
