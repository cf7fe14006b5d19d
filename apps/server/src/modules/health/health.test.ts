import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { Client, signUp } from '../../../test/http';

const TOKEN = 'metrics-token-0123456789abcdef';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN });
});
afterAll(() => t.close());

const scrape = (authorization?: string) => t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

/** The value of one sample line, e.g. `http_requests_total{method="GET",...}`, or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const inside = line.slice(name.length + 1, line.indexOf('}'));
    const got = Object.fromEntries(inside.split(',').map((pair) => pair.split('=').map((v) => v.replace(/^"|"$/g, ''))));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('/metrics', () => {
  it('is not there without the token, with a wrong one, or when no token is configured', async () => {
    for (const auth of [undefined, 'Bearer wrong-token-0123456789abc', `Basic ${TOKEN}`, TOKEN, `Bearer ${TOKEN}x`]) {
      const res = await scrape(auth);
      expect(res.statusCode, String(auth)).toBe(404);
      expect(res.body).not.toContain('http_requests_total');
    }
    const open = await createTestApp();
    try {
      const res = await open.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer ' } });
      expect(res.statusCode).toBe(404);
    } finally {
      await open.close();
    }
  });

  it('counts requests by route pattern and status, and times them', async () => {
    const client = new Client(t.app);
    await client.get('/api/jobs');
    await client.get('/api/jobs/00000000-0000-0000-0000-000000000000');
    await client.get('/api/no-such-route-at-all');
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(sample(text, 'http_requests_total', { method: 'GET', route: '/api/jobs', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'http_requests_total', { method: 'GET', route: '/api/jobs/:id', status: '404' })).toBe(1);
    // A scanner's made-up paths share one series instead of one each.
    expect(text).not.toContain('no-such-route-at-all');
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/jobs', status: '200' })).toBeGreaterThanOrEqual(1);
  });

  it('reports database statements, pool, streams, emails, memory and event-loop lag', async () => {
    const { email } = await signUp(t.app);
    await new Client(t.app).post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    await t.app.queue.drained();
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(sample(text, 'db_query_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThan(0);
    expect(sample(text, 'db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^realtime_open_streams 0$/m);
    expect(sample(text, 'emails_total', { outcome: 'sent' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'emails_total', { outcome: 'failed' })).toBe(0);
    expect(sample(text, 'queue_jobs', { kind: 'email', state: 'queued' })).toBeGreaterThanOrEqual(0);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });
});

describe('/api/health/ready', () => {
  it('is ready when the database and storage answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: 'up', storage: 'up' });
  });

  it('answers 503 when storage cannot be written', async () => {
    // A file where the uploads folder should be: unwritable even for root, which ignores modes.
    const uploads = path.join(t.config.dataDir, 'uploads');
    await rm(uploads, { recursive: true, force: true });
    await writeFile(uploads, 'not a folder');
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', database: 'up', storage: 'down' });
    } finally {
      await rm(uploads, { force: true });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('answers 503 while draining, while liveness stays up', async () => {
    const own = await createTestApp();
    try {
      own.app.startDraining();
      const ready = await own.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'draining', database: 'up', storage: 'up' });
      expect((await own.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });
});
