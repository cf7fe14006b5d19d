import { describe, expect, it } from 'vitest';
import { DEFAULT_DRAIN_SECONDS_BEHIND_PROXY, loadConfig } from './config';

const env = { NODE_ENV: 'test', AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789' };

describe('the job queue’s retry schedule (QUEUE_RETRY_*; issue 48, item 9)', () => {
  it('defaults to today’s schedule: 5 retries, 30 s, doubling', () => {
    expect(loadConfig(env).queueRetry).toEqual({ limit: 5, delaySeconds: 30, backoff: true });
  });

  it('takes an operator’s settings', () => {
    expect(loadConfig({ ...env, QUEUE_RETRY_LIMIT: '8', QUEUE_RETRY_DELAY_SECONDS: '120', QUEUE_RETRY_BACKOFF: 'false' }).queueRetry).toEqual({
      limit: 8,
      delaySeconds: 120,
      backoff: false,
    });
    expect(loadConfig({ ...env, QUEUE_RETRY_LIMIT: '0' }).queueRetry.limit).toBe(0);
  });

  it('refuses at start what is not a schedule, naming the setting', () => {
    for (const [name, value] of [
      ['QUEUE_RETRY_LIMIT', '-1'],
      ['QUEUE_RETRY_LIMIT', 'five'],
      ['QUEUE_RETRY_LIMIT', '2.5'],
      ['QUEUE_RETRY_LIMIT', '1000'],
      ['QUEUE_RETRY_DELAY_SECONDS', '0'],
      ['QUEUE_RETRY_DELAY_SECONDS', '30s'],
      ['QUEUE_RETRY_DELAY_SECONDS', '100000'],
      ['QUEUE_RETRY_BACKOFF', 'yes'],
    ])
      expect(() => loadConfig({ ...env, [name]: value }), `${name}=${value}`).toThrow(new RegExp(`Invalid configuration: .*${name}`));
  });
});

describe('draining after SIGTERM (DRAIN_SECONDS; issue 48, item 8)', () => {
  it('drains by default behind a proxy or load balancer (TRUST_PROXY set), and closes at once when reached directly', () => {
    expect(loadConfig(env).drainSeconds).toBe(0);
    expect(loadConfig({ ...env, TRUST_PROXY: '1' }).drainSeconds).toBe(DEFAULT_DRAIN_SECONDS_BEHIND_PROXY);
    expect(loadConfig({ ...env, TRUST_PROXY: '10.0.0.0/8' }).drainSeconds).toBe(DEFAULT_DRAIN_SECONDS_BEHIND_PROXY);
    expect(loadConfig({ ...env, TRUST_PROXY: '0' }).drainSeconds).toBe(0);
    expect(DEFAULT_DRAIN_SECONDS_BEHIND_PROXY).toBeGreaterThan(0);
  });

  it('DRAIN_SECONDS, when set, wins either way', () => {
    expect(loadConfig({ ...env, TRUST_PROXY: '1', DRAIN_SECONDS: '0' }).drainSeconds).toBe(0);
    expect(loadConfig({ ...env, DRAIN_SECONDS: '5' }).drainSeconds).toBe(5);
    expect(() => loadConfig({ ...env, DRAIN_SECONDS: '-1' })).toThrow(/DRAIN_SECONDS/);
  });
});
