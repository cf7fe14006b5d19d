import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { CONSULTANT_FIELDS, saveConsultant, setRole, signUpConsultant } from '../../../test/consultants';
import { Client, FILES, signUp } from '../../../test/http';
import { phoneJpeg } from '../../lib/images/test-images';
import { rowsOf } from '../../lib/keyset';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const recordOf = async (userId: string) =>
  (await rowsOf<Record<string, unknown>>(t.database.db.execute(sql`select * from consultants where user_id = ${userId}`)))[0];
const roleOf = async (userId: string) => (await rowsOf<{ role: string }>(t.database.db.execute(sql`select role from profiles where id = ${userId}`)))[0]!.role;

describe('consultant setup', () => {
  it('a job seeker completes the profile, becomes a consultant and reads it back with the account email', async () => {
    const { client, user, email } = await signUp(t.app, 'jobseeker');
    const res = await saveConsultant(client, { ...CONSULTANT_FIELDS, email: 'forged@example.com' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      userId: user.id,
      fullName: 'Keisha Brown',
      email,
      specialty: 'Finance',
      country: 'Jamaica',
      rating: 0,
      reviewCount: 0,
      newRequestCount: 0,
      photoUrl: null,
    });
    expect(await roleOf(user.id)).toBe('consultant');
    expect((await client.get('/api/me')).json().user.role).toBe('consultant');
    const mine = await client.get('/api/consultants/me');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().contactInfo).toBe(CONSULTANT_FIELDS.contactInfo);
  });

  it('saving again updates the same record (200), and the role stays consultant', async () => {
    const { client, user } = await signUpConsultant(t.app);
    const res = await saveConsultant(client, { ...CONSULTANT_FIELDS, specialty: 'Legal', bio: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json().specialty).toBe('Legal');
    const rows = await rowsOf(t.database.db.execute(sql`select 1 from consultants where user_id = ${user.id}`));
    expect(rows).toHaveLength(1);
    expect(await roleOf(user.id)).toBe('consultant');
  });

  it('keeps an employer an employer and an admin an admin; a role field sent along changes nothing', async () => {
    const employer = await signUp(t.app, 'employer');
    expect((await saveConsultant(employer.client, { ...CONSULTANT_FIELDS, role: 'admin' })).statusCode).toBe(201);
    expect(await roleOf(employer.user.id)).toBe('employer');
    const admin = await signUp(t.app, 'jobseeker');
    await setRole(t.database, admin.user.id, 'admin');
    expect((await saveConsultant(admin.client)).statusCode).toBe(201);
    expect(await roleOf(admin.user.id)).toBe('admin');
    const seeker = await signUp(t.app, 'jobseeker');
    await saveConsultant(seeker.client, { ...CONSULTANT_FIELDS, role: 'admin' });
    expect(await roleOf(seeker.user.id)).toBe('consultant');
  });

  it('ignores a forged user_id, rating and review_count: only the caller’s own record changes', async () => {
    const victim = await signUpConsultant(t.app, { fullName: 'Victim Person' });
    const before = await recordOf(victim.user.id);
    const attacker = await signUp(t.app, 'jobseeker');
    const res = await saveConsultant(attacker.client, {
      ...CONSULTANT_FIELDS,
      fullName: 'Attacker',
      userId: victim.user.id,
      user_id: victim.user.id,
      rating: '5',
      review_count: '999',
      reviewCount: '999',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ userId: attacker.user.id, rating: 0, reviewCount: 0 });
    expect(await recordOf(victim.user.id)).toEqual(before);
    const mine = await recordOf(attacker.user.id);
    expect([mine!.rating, mine!.review_count]).toEqual(['0.00', 0]);
  });

  it('refuses missing or invalid fields with 400 and stores nothing', async () => {
    const { client, user } = await signUp(t.app, 'jobseeker');
    for (const fields of [
      { ...CONSULTANT_FIELDS, fullName: '  ' },
      { ...CONSULTANT_FIELDS, contactInfo: '' },
      { ...CONSULTANT_FIELDS, country: 'France' },
      { ...CONSULTANT_FIELDS, specialty: 'Astrology' },
      { ...CONSULTANT_FIELDS, bio: 'x'.repeat(1001) },
    ]) {
      const res = await saveConsultant(client, fields);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect(await recordOf(user.id)).toBeUndefined();
    expect(await roleOf(user.id)).toBe('jobseeker');
  });

  it('stores <script> in text as text', async () => {
    const { client, user } = await signUp(t.app, 'jobseeker');
    const bio = '<script>alert(1)</script> & more';
    await saveConsultant(client, { ...CONSULTANT_FIELDS, bio });
    expect((await t.app.inject({ method: 'GET', url: `/api/consultants/${user.id}` })).json().bio).toBe(bio);
  });

  it('needs a signed-in writer: anonymous 401, muted and suspended 403, nothing stored', async () => {
    expect((await saveConsultant(new Client(t.app))).statusCode).toBe(401);
    for (const role of ['muted', 'suspended']) {
      const { client, user } = await signUp(t.app, 'jobseeker');
      await setRole(t.database, user.id, role);
      expect((await saveConsultant(client)).statusCode).toBe(403);
      expect(await recordOf(user.id)).toBeUndefined();
      expect(await roleOf(user.id)).toBe(role);
    }
  });

  it('answers "none yet" as a success with nothing in it (200, null); 404 stays for ids that do not exist', async () => {
    const { client } = await signUp(t.app, 'jobseeker');
    const res = await client.get('/api/consultants/me');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
    expect((await new Client(t.app).get('/api/consultants/me')).statusCode).toBe(401);
    expect((await new Client(t.app).get('/api/consultants/nobody-here')).json().code).toBe('CONSULTANT_NOT_FOUND');
  });
});

describe('consultant photo', () => {
  it('re-encodes to an upright WebP at most 320 px square without metadata, under a content-hashed public name; a new photo removes the old file', async () => {
    const { client, user } = await signUp(t.app, 'jobseeker');
    const jpeg = await phoneJpeg(400, 200);
    const res = await saveConsultant(client, CONSULTANT_FIELDS, { filename: 'me.jpg', contentType: 'image/jpeg', data: jpeg });
    expect(res.statusCode).toBe(201);
    const url = res.json().photoUrl as string;
    expect(url).toMatch(new RegExp(`^/api/files/consultants/${user.id}-[a-z0-9]{16}\\.webp$`));
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.headers['content-type']).toBe('image/webp');
    const meta = await sharp(file.rawPayload).metadata();
    // Turned upright (the EXIF said so), 200x400 is cropped to 320 high and never enlarged.
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 200, 320, undefined]);
    expect(file.rawPayload.includes(Buffer.from('Secret Camera 9'))).toBe(false);

    // Saving without a photo keeps it; a new one replaces it and the old file goes.
    expect((await saveConsultant(client, { ...CONSULTANT_FIELDS, bio: 'new' })).json().photoUrl).toBe(url);
    const png = await sharp({ create: { width: 50, height: 50, channels: 3, background: 'blue' } })
      .png()
      .toBuffer();
    const next = (await saveConsultant(client, CONSULTANT_FIELDS, { filename: 'b.png', contentType: 'image/png', data: png })).json().photoUrl;
    expect(next).not.toBe(url);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    // The old photo's small variant went with it, and is not made again from nothing.
    expect((await t.app.inject({ method: 'GET', url: url.replace(/\.webp$/, '-small.webp') })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: next })).statusCode).toBe(200);
  });

  it('comes in a 160 px variant for small avatars, made on first request for photos stored before it existed', async () => {
    const { client, user } = await signUp(t.app, 'jobseeker');
    const photo = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#0a7d5a' } })
      .jpeg()
      .toBuffer();
    const res = await saveConsultant(client, CONSULTANT_FIELDS, { filename: 'me.jpg', contentType: 'image/jpeg', data: photo });
    const { photoUrl, photoSmallUrl } = res.json() as { photoUrl: string; photoSmallUrl: string };
    expect(photoSmallUrl).toBe(photoUrl.replace(/\.webp$/, '-small.webp'));
    const dims = async (url: string) => {
      const file = await t.app.inject({ method: 'GET', url });
      expect(file.statusCode, url).toBe(200);
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(file.rawPayload).metadata();
      return [meta.format, meta.width, meta.height];
    };
    expect(await dims(photoSmallUrl)).toEqual(['webp', 160, 160]);
    expect((await client.get(`/api/consultants/${user.id}`)).json().photoSmallUrl).toBe(photoSmallUrl);

    // A photo stored before small variants existed: made from the photo when first asked for, then kept.
    const smallKey = photoSmallUrl.replace('/api/files/', '');
    await t.app.storage.delete(smallKey);
    expect(await t.app.storage.get(smallKey)).toBeNull();
    expect(await dims(photoSmallUrl)).toEqual(['webp', 160, 160]);
    expect(await t.app.storage.get(smallKey)).not.toBeNull();
    // Nothing is made for a name that is not a small variant of a stored photo.
    for (const url of [
      `/api/files/consultants/${user.id}-0000000000000000-small.webp`,
      `/api/files/consultants/${user.id}-small.webp`,
      photoUrl.replace(/\.webp$/, '-large.webp'),
    ])
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
  });

  it('refuses a disguised file (HTML named .png) with 415 and changes nothing', async () => {
    const { client, user } = await signUpConsultant(t.app);
    const before = await recordOf(user.id);
    const res = await saveConsultant(
      client,
      { ...CONSULTANT_FIELDS, fullName: 'Changed' },
      { filename: 'photo.png', contentType: 'image/png', data: FILES.html },
    );
    expect(res.statusCode).toBe(415);
    expect(await recordOf(user.id)).toEqual(before);
    const pdf = await saveConsultant(client, CONSULTANT_FIELDS, { filename: 'photo.jpg', contentType: 'image/jpeg', data: FILES.pdf });
    expect(pdf.statusCode).toBe(415);
  });

  it('refuses a photo past the size cap with 413', async () => {
    const small = await createTestApp({ maxUploadBytes: 1024 });
    try {
      const { client } = await signUp(small.app, 'jobseeker');
      const res = await saveConsultant(client, CONSULTANT_FIELDS, {
        filename: 'big.png',
        contentType: 'image/png',
        data: Buffer.concat([FILES.png, Buffer.alloc(4096)]),
      });
      expect(res.statusCode).toBe(413);
    } finally {
      await small.close();
    }
  });
});

describe('profile specialty line', () => {
  it('the profile API carries a consultant’s specialty, null for others', async () => {
    const consultant = await signUpConsultant(t.app, { specialty: 'Engineering' });
    const seeker = await signUp(t.app, 'jobseeker');
    expect((await seeker.client.get(`/api/profiles/${consultant.user.id}`)).json().specialty).toBe('Engineering');
    expect((await seeker.client.get(`/api/profiles/${seeker.user.id}`)).json().specialty).toBeNull();
  });
});

describe('directory', () => {
  const tag = `zq${Date.now().toString(36)}`;
  let ids: Record<string, string> = {};
  beforeAll(async () => {
    // Oldest first, so the newest is the last one made.
    for (const [key, fields] of Object.entries({
      finance: { fullName: `Ana ${tag} Finance`, specialty: 'Finance', country: 'Barbados' },
      legal: { fullName: `Ben ${tag} Legal`, specialty: 'Legal', country: 'Jamaica' },
      hr: { fullName: `Cleo ${tag} Person`, specialty: 'HR', country: 'Jamaica' },
    })) {
      ids = { ...ids, [key]: (await signUpConsultant(t.app, fields)).user.id };
    }
  });
  const names = (res: { json(): { items: Array<{ fullName: string }> } }) => res.json().items.map((c) => c.fullName.split(' ')[0]);

  it('lists newest first and filters by search (name or specialty), specialty and country', async () => {
    const get = (qs: string) => t.app.inject({ method: 'GET', url: `/api/consultants?${qs}` });
    expect(names(await get(`q=${tag}`))).toEqual(['Cleo', 'Ben', 'Ana']);
    expect(names(await get(`q=${tag.toUpperCase()}%20LEG`))).toEqual(['Ben']);
    // The search box matches the specialty too, in any case.
    expect(names(await get(`q=${tag}&specialty=HR`))).toEqual(['Cleo']);
    expect(names(await get(`q=${tag}&country=Jamaica`))).toEqual(['Cleo', 'Ben']);
    expect(names(await get(`q=${tag}&country=All%20Countries&specialty=All%20Specialties`))).toEqual(['Cleo', 'Ben', 'Ana']);
    expect(names(await get(`q=${tag}&country=Cuba`))).toEqual([]);
    // LIKE wildcards in the search are plain characters.
    expect(names(await get(`q=%25${tag}`))).toEqual([]);
  });

  it('pages with a cursor and refuses a forged one', async () => {
    const first = await t.app.inject({ method: 'GET', url: `/api/consultants?q=${tag}&limit=2` });
    expect(names(first)).toEqual(['Cleo', 'Ben']);
    const next = await t.app.inject({ method: 'GET', url: `/api/consultants?q=${tag}&limit=2&cursor=${first.json().nextCursor}` });
    expect(names(next)).toEqual(['Ana']);
    expect(next.json().nextCursor).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/consultants?cursor=bogus' })).statusCode).toBe(400);
  });

  it('shows email and phone to members only; the contact line to everyone', async () => {
    const anon = (await t.app.inject({ method: 'GET', url: `/api/consultants?q=${tag}` })).json().items[0];
    expect([anon.email, anon.phone, anon.contactInfo]).toEqual(['', '', CONSULTANT_FIELDS.contactInfo]);
    const { client } = await signUp(t.app, 'jobseeker');
    const member = (await client.get(`/api/consultants?q=${tag}`)).json().items[0];
    expect(member.email).toMatch(/@example\.com$/);
    expect(member.phone).toBe(CONSULTANT_FIELDS.phone);
  });
});
