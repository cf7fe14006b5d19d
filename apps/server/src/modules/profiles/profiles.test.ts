import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { Client, FILES, multipart, signUp } from '../../../test/http';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ maxUploadBytes: 64 * 1024 });
});
afterAll(() => t.close());

describe('profiles', () => {
  it('shows a profile to anyone, contact details only to signed-in viewers', async () => {
    const { user, client } = await signUp(t.app, 'employer', { fullName: 'Ann Baptiste' });
    await client.patch('/api/profiles/me', { phone: '+1 876 555 0101', country: 'Jamaica' });
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/profiles/${user.id}` });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toMatchObject({ fullName: 'Ann Baptiste', country: 'Jamaica', email: '', phone: '' });
    const { client: viewer } = await signUp(t.app);
    const member = await viewer.get(`/api/profiles/${user.id}`);
    expect(member.json()).toMatchObject({ email: user.email, phone: '+1 876 555 0101' });
  });

  it('answers an unknown id with Profile not found.', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/profiles/nobody-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Profile not found.');
  });

  it('lets the owner edit their own profile; text is stored as written', async () => {
    const { client } = await signUp(t.app);
    const bio = '<script>alert("x")</script> Chef from Port of Spain';
    const res = await client.patch('/api/profiles/me', { fullName: 'Keisha Ramdin', bio, country: 'Trinidad and Tobago' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ fullName: 'Keisha Ramdin', bio, country: 'Trinidad and Tobago' });
  });

  it('never lets anyone change a role, id or email through the profile', async () => {
    const { client, user } = await signUp(t.app);
    for (const body of [{ role: 'admin' }, { id: 'other' }, { email: 'x@example.com' }, { bio: 'ok', role: 'employer' }]) {
      const res = await client.patch('/api/profiles/me', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const after = await client.get(`/api/profiles/${user.id}`);
    expect(after.json()).toMatchObject({ role: 'jobseeker', email: user.email, bio: '' });
  });

  it('refuses anonymous edits and over-long fields', async () => {
    const anon = await new Client(t.app).patch('/api/profiles/me', { bio: 'hi' });
    expect(anon.statusCode).toBe(401);
    const { client } = await signUp(t.app);
    const long = await client.patch('/api/profiles/me', { bio: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    for (const fullName of ['x'.repeat(121), 'Keisha\nRamdin', 'Keisha\u0007']) {
      const res = await client.patch('/api/profiles/me', { fullName });
      expect(res.statusCode, JSON.stringify(fullName)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const trimmed = await client.patch('/api/profiles/me', { fullName: '  Keisha Ramdin ' });
    expect(trimmed.json().fullName).toBe('Keisha Ramdin');
  });
});

describe('avatar upload', () => {
  const upload = (client: Client, file: { filename: string; contentType: string; data: Buffer }) => {
    const body = multipart([{ name: 'avatar', ...file }]);
    return client.request({ method: 'POST', url: '/api/profiles/me/avatar', ...body });
  };

  it('stores an image under avatars/{userId}.{ext} and serves it with its type', async () => {
    const { client, user } = await signUp(t.app);
    const res = await upload(client, { filename: 'me.png', contentType: 'image/png', data: FILES.png });
    expect(res.statusCode).toBe(200);
    const url: string = res.json().avatarUrl;
    expect(url).toMatch(new RegExp(`^/api/files/avatars/${user.id}\\.png\\?v=\\d+$`));
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(FILES.png)).toBe(true);
    expect((await client.get(`/api/profiles/${user.id}`)).json().avatarUrl).toBe(url);
  });

  it('refuses an HTML file named .png, whatever type the browser claims', async () => {
    const { client, user } = await signUp(t.app);
    const res = await upload(client, { filename: 'cute.png', contentType: 'image/png', data: FILES.html });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/^Avatar upload failed\./);
    expect((await client.get(`/api/profiles/${user.id}`)).json().avatarUrl).toBeNull();
    const served = await t.app.inject({ method: 'GET', url: `/api/files/avatars/${user.id}.png` });
    expect(served.statusCode).toBe(404);
  });

  it('refuses an oversized file', async () => {
    const { client } = await signUp(t.app);
    const big = Buffer.concat([FILES.png, Buffer.alloc(70 * 1024)]);
    const res = await upload(client, { filename: 'big.png', contentType: 'image/png', data: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ message: 'File is too large (max 64 KB).', code: 'FILE_TOO_LARGE', field: 'avatar' });
  });

  it('refuses anonymous uploads and cross-site uploads', async () => {
    const anon = await upload(new Client(t.app), { filename: 'me.png', contentType: 'image/png', data: FILES.png });
    expect(anon.statusCode).toBe(401);
    const { client } = await signUp(t.app);
    const body = multipart([{ name: 'avatar', filename: 'me.png', contentType: 'image/png', data: FILES.png }]);
    const csrf = await t.app.inject({
      method: 'POST',
      url: '/api/profiles/me/avatar',
      ...body,
      headers: { ...body.headers, cookie: client.cookie, origin: 'https://evil.example' },
    });
    expect(csrf.statusCode).toBe(403);
  });

  it('does not serve files outside the public areas or with crafted names', async () => {
    for (const url of ['/api/files/resumes/x.pdf', '/api/files/avatars/..%2F..%2Fauth-secret', '/api/files/avatars/a%2Fb.png']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
