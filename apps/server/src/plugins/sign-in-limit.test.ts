import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { Client, PASSWORD, signUp } from '../../test/http';

let t: TestApp;
let email: string;
beforeAll(async () => {
  t = await createTestApp({ signInRateLimit: { max: 10, windowSeconds: 60 } });
  ({ email } = await signUp(t.app));
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

/** Moves only the clock the limiter reads; timers stay real so the database keeps working. */
function clockAt(iso: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
  return (ms: number) => vi.setSystemTime(new Date(Date.now() + ms));
}

const signIn = (client: Client, password = 'wrong-password') => client.post('/api/auth/sign-in/email', { email, password });

describe('sign-in limit (SIGNIN_RATE_LIMIT per SIGNIN_RATE_WINDOW_S per address)', () => {
  it('lets a steady trickle under the documented rate through, for as long as it lasts', async () => {
    const advance = clockAt('2031-03-01T08:00:00Z');
    // A café's shared address: 6 sign-ins a minute for 5 minutes, under 10 per 60 s.
    const cafe = new Client(t.app, '198.51.100.30');
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push((await signIn(cafe, i % 5 === 4 ? PASSWORD : undefined)).statusCode);
      advance(10_000);
    }
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(6);
  });

  it('refuses the 11th attempt within a window, then allows again once the window has passed', async () => {
    const advance = clockAt('2031-03-02T08:00:00Z');
    const attacker = new Client(t.app, '203.0.113.30');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await signIn(attacker)).statusCode);
      advance(1000);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    const refused = await signIn(attacker, PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: 'Too many attempts from this network. Please try again later.' });
    // Still refused just before the window ends, though the attempts keep coming.
    advance(60_000 - 11_000 - 1);
    expect((await signIn(attacker, PASSWORD)).statusCode).toBe(429);
    advance(1);
    expect((await signIn(attacker, PASSWORD)).statusCode).toBe(200);
    // Someone at another address was never affected.
    expect((await signIn(new Client(t.app, '198.51.100.31'), PASSWORD)).statusCode).toBe(200);
  });
});
