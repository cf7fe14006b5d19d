import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { wrapPool, type Database } from '../db/client';
import { createTestApp, type TestApp } from '../../test/app';
import { Client, PASSWORD, uniqueEmail } from '../../test/http';
import { addressKey, hit } from './rate-limit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ signUpRateLimit: { max: 2, windowMs: 60_000 } });
});
afterAll(() => t.close());

const signUpFrom = (app: TestApp['app'], address: string) =>
  new Client(app, address).post('/api/signup', { email: uniqueEmail('limit'), password: PASSWORD, role: 'jobseeker', fullName: 'Limit Test' });

describe('addressKey', () => {
  it('keeps IPv4 addresses and unwraps IPv4-mapped IPv6', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('groups IPv6 addresses by their /64, however they are written', () => {
    const key = addressKey('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    for (const same of ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0DB8:0001:0002:0:0:0:abcd', '2001:db8:1:2::1%eth0', '2001:db8:1:2::10.0.0.1']) {
      expect(addressKey(same), same).toBe(key);
    }
    expect(addressKey('2001:db8:1:3::1')).not.toBe(key);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('hit', () => {
  const limit = { name: 'unit', max: 2, windowMs: 1000 };

  it('counts per key in a fixed window that really ends', async () => {
    const t0 = Date.parse('2030-01-01T00:00:00Z');
    expect((await hit(t.database.db, limit, 'a', t0)).allowed).toBe(true);
    expect((await hit(t.database.db, limit, 'a', t0 + 100)).allowed).toBe(true);
    const third = await hit(t.database.db, limit, 'a', t0 + 200);
    expect(third).toMatchObject({ allowed: false, hits: 3 });
    expect(third.resetAt.getTime()).toBe(t0 + 1000);
    // Another key has its own count.
    expect((await hit(t.database.db, limit, 'b', t0 + 300)).allowed).toBe(true);
    // Refused hits do not push the window back: at its end the count starts again.
    expect(await hit(t.database.db, limit, 'a', t0 + 1000)).toMatchObject({ allowed: true, hits: 1 });
  });

  it('stores an overlong key (one built from client input) as a hash', async () => {
    const long = 'k'.repeat(5000);
    const now = Date.parse('2030-01-02T00:00:00Z');
    expect((await hit(t.database.db, limit, long, now)).hits).toBe(1);
    expect((await hit(t.database.db, limit, long, now + 1)).hits).toBe(2);
  });
});

describe('per-address limits', () => {
  it('count an IPv6 /64 as one address', async () => {
    expect((await signUpFrom(t.app, '2001:db8:aa:1::1')).statusCode).toBe(200);
    expect((await signUpFrom(t.app, '2001:db8:aa:1::2')).statusCode).toBe(200);
    const third = await signUpFrom(t.app, '2001:db8:aa:1:dead:beef:0:3');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 'RATE_LIMITED', message: 'Too many sign-ups from this network. Please try again later.' });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    // The next /64 is someone else.
    expect((await signUpFrom(t.app, '2001:db8:aa:2::1')).statusCode).toBe(200);
  });

  it('are shared by two app instances on one database', async () => {
    // A second instance with its own connections to the same database, as another server process would have.
    let second: Database = t.database;
    if (t.database.pool)
      second = wrapPool(new pg.Pool({ connectionString: (t.database.pool.options as { connectionString: string }).connectionString, max: 2 }));
    const other = await buildApp({ config: t.config, database: second });
    await other.ready();
    try {
      expect((await signUpFrom(t.app, '198.51.100.20')).statusCode).toBe(200);
      expect((await signUpFrom(other, '198.51.100.20')).statusCode).toBe(200);
      expect((await signUpFrom(t.app, '198.51.100.20')).statusCode).toBe(429);
      expect((await signUpFrom(other, '198.51.100.20')).statusCode).toBe(429);
    } finally {
      await other.close();
      if (second !== t.database) await second.close();
    }
  });
});

describe('rateLimit', () => {
  it('counts by any key: per signed-in person, falling back to the address for anonymous callers', async () => {
    const { byUser, rateLimit } = await import('./rate-limit');
    const limiter = rateLimit({ name: 'messages', max: 1, windowMs: 60_000, message: 'Slow down.', key: byUser });
    const headers: Record<string, unknown> = {};
    const reply = { header: (k: string, v: unknown) => (headers[k] = v) } as never;
    const request = (userId: string | null, ip: string) =>
      ({
        method: 'POST',
        url: '/x',
        routeOptions: { url: '/x' },
        ip,
        server: { db: t.database },
        currentUser: async () => (userId ? { id: userId } : null),
      }) as never;
    await limiter(request('user-a', '192.0.2.70'), reply);
    // The same person from another address is still the same person…
    await expect(limiter(request('user-a', '192.0.2.71'), reply)).rejects.toMatchObject({ statusCode: 429, message: 'Slow down.', code: 'RATE_LIMITED' });
    expect(headers['retry-after']).toBe(60);
    // …and someone else at the first address is not.
    await limiter(request('user-b', '192.0.2.70'), reply);
    await limiter(request(null, '192.0.2.70'), reply);
    await expect(limiter(request(null, '192.0.2.70'), reply)).rejects.toMatchObject({ statusCode: 429 });
  });
});
