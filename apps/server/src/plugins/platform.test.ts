import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { Client, PASSWORD, uniqueEmail } from '../../test/http';
import { account, user } from '../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('platform', () => {
  it('reports the database as reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('sends security headers and a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'trace-123' } });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // Workers: our own files, or a blob: URL our own script made (the Intl worker); never data: or another site.
    expect(res.headers['content-security-policy']).toContain("worker-src 'self' blob:");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBe('trace-123');
    const generated = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'bad id <script>' } });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, message: 'Not found.' });
  });

  it('publishes the OpenAPI document generated from the zod schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.paths['/api/signup'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['email', 'password', 'role']),
    );
    expect(doc.paths['/api/profiles/{userId}']).toBeDefined();
  });

  it('never returns private columns: no password hash or session token in any auth response', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/me' });
    expect(anonymous.json()).toEqual({ user: null });

    const email = uniqueEmail('private');
    const client = new Client(t.app);
    const responses = { signUp: await client.post('/api/signup', { email, password: PASSWORD, role: 'jobseeker', fullName: 'Private Person' }) };
    const signUpCookie = client.cookie;
    await client.post('/api/auth/sign-out', {});
    const signIn = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    const rest = { signIn, getSession: await client.get('/api/auth/get-session'), me: await client.get('/api/me') };
    const all = { ...responses, ...rest };
    // Each session's token: the cookie's value before its signature.
    const tokens = [signUpCookie, client.cookie].map((c) => decodeURIComponent(c.split('=')[1]!).split('.')[0]!);
    const [stored] = await t.database.db
      .select({ password: account.password })
      .from(account)
      .innerJoin(user, eq(user.id, account.userId))
      .where(eq(user.email, email));
    for (const [name, res] of Object.entries(all)) {
      expect(res.statusCode, name).toBeLessThan(300);
      for (const token of tokens) expect(res.body, name).not.toContain(token);
      expect(res.body, name).not.toContain(stored!.password!);
      expect(res.body, name).not.toMatch(/argon2|"token"|password/i);
    }
    expect(rest.getSession.json().user.email).toBe(email);
    expect(rest.getSession.json().session).not.toHaveProperty('token');
    expect(rest.me.json().user.email).toBe(email);
  });
});
