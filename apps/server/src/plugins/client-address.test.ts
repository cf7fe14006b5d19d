import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loadConfig, type Config } from '../config';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/app';
import { PASSWORD, uniqueEmail } from '../../test/http';
import { session } from '../db/schema';

const env = { NODE_ENV: 'test', AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789' };

describe('TRUST_PROXY', () => {
  it('is off by default and takes a hop count or proxy addresses', () => {
    expect(loadConfig(env).trustProxy).toBe(false);
    expect(loadConfig({ ...env, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ ...env, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...env, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...env, TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses `true` at start-up with the reason and what to set instead', () => {
    expect(() => loadConfig({ ...env, TRUST_PROXY: 'true' })).toThrow(/forge.*TRUST_PROXY=1/);
  });

  it('refuses what is neither a hop count nor an address', () => {
    expect(() => loadConfig({ ...env, TRUST_PROXY: 'proxy.example' })).toThrow(/TRUST_PROXY: not a hop count, an address or a CIDR: proxy\.example/);
    expect(() => loadConfig({ ...env, TRUST_PROXY: '10.0.0.0/33' })).toThrow(/10\.0\.0\.0\/33/);
  });
});

describe('behind a proxy, a forged left-most X-Forwarded-For entry changes nothing', () => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((a) => a.close())));

  const PROXY = '10.9.8.7';
  const CLIENT = '198.51.100.7';

  async function signUps(trustProxy: Config['trustProxy'], remoteAddress: string, xff: (i: number) => string) {
    const t = await createTestApp({ trustProxy, signUpRateLimit: { max: 2, windowMs: 60_000 } });
    apps.push(t);
    const statuses: number[] = [];
    const ips: Array<string | null> = [];
    for (let i = 0; i < 3; i++) {
      const email = uniqueEmail('proxy');
      const headers = { origin: TEST_ORIGIN, 'x-forwarded-for': xff(i) };
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/signup',
        remoteAddress,
        headers,
        payload: { email, password: PASSWORD, role: 'jobseeker', fullName: 'Proxy Test' },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 200) {
        // Sign-up signs no one in (decision 0041): the session, and the address it records, come from signing in.
        const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', remoteAddress, headers, payload: { email, password: PASSWORD } });
        const [row] = await t.database.db.select({ ip: session.ipAddress }).from(session).where(eq(session.userId, signIn.json().user.id));
        ips.push(row!.ip);
      }
    }
    return { statuses, ips };
  }

  it.each([
    ['a hop count', 1 as const],
    ['the proxy address', [PROXY]],
    ['the proxy network', ['10.0.0.0/8']],
  ])('with %s, the address is the one our proxy saw', async (_name, trustProxy) => {
    const { statuses, ips } = await signUps(trustProxy, PROXY, (i) => `203.0.113.${i + 1}, ${CLIENT}`);
    expect(ips).toEqual([CLIENT, CLIENT]);
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('with two hops, the address is the one the outer proxy saw', async () => {
    const { statuses, ips } = await signUps(2, PROXY, (i) => `203.0.113.${i + 1}, ${CLIENT}, 10.1.1.1`);
    expect(ips).toEqual([CLIENT, CLIENT]);
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('a client that is not our proxy cannot name its own address', async () => {
    const { statuses, ips } = await signUps([PROXY], '192.0.2.50', (i) => `203.0.113.${i + 1}`);
    expect(ips).toEqual(['192.0.2.50', '192.0.2.50']);
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('without TRUST_PROXY the header is ignored', async () => {
    const { statuses, ips } = await signUps(false, '192.0.2.60', (i) => `203.0.113.${i + 1}`);
    expect(ips).toEqual(['192.0.2.60', '192.0.2.60']);
    expect(statuses).toEqual([200, 200, 429]);
  });
});
