import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { PASSWORD, uniqueEmail } from '../../../test/http';

// Served over HTTPS, the session cookie is Secure and __Secure- prefixed, and browsers are told to
// stay on HTTPS.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://caribconnect.example' });
});
afterAll(() => t.close());

it('sets a Secure, __Secure- prefixed, httpOnly, SameSite=Lax session cookie over HTTPS', async () => {
  const email = uniqueEmail();
  const headers = { origin: 'https://caribconnect.example' };
  const signUp = await t.app.inject({
    method: 'POST',
    url: '/api/signup',
    headers,
    payload: { email, password: PASSWORD, role: 'employer', companyName: 'Cookie Co' },
  });
  expect(signUp.statusCode).toBe(200);
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers, payload: { email, password: PASSWORD } });
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name.endsWith('session_token'))!;
  expect(cookie.name).toBe('__Secure-caribconnect.session_token');
  expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
  expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
});
