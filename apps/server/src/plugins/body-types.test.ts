import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/app';
import { signUp } from '../../test/http';

/**
 * Bodies are JSON or multipart (decision 0005). Fastify also parses text/plain by default, which a
 * cross-site HTML form or `fetch` can send without a CORS preflight: such a body must not reach
 * any handler, whatever the route.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a text/plain body is refused with 415 before any handler runs', () => {
  it('marking a conversation read changes nothing', async () => {
    const ana = await signUp(t.app);
    const ben = await signUp(t.app);
    expect((await ana.client.post('/api/messages', { recipientId: ben.user.id, message: 'Hello Ben' })).statusCode).toBe(201);
    const res = await ben.client.request({
      method: 'POST',
      url: `/api/messages/with/${ana.user.id}/read`,
      headers: { 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(res.statusCode).toBe(415);
    expect((await ben.client.get('/api/messages/unread-count')).json()).toEqual({ count: 1 });
  });

  it('on every route that takes a request body, walking the app’s own route table', async () => {
    const { client } = await signUp(t.app);
    const fill = (url: string) => url.replace(/:(\w+)|\*/g, (_m, name?: string) => (name ? '00000000-0000-4000-a000-000000000000' : 'sign-out'));
    const routes = t.app.routeTable.filter((r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method));
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['POST /api/messages/with/:userId/read', 'POST /api/interviews/:id/cancel']),
    );
    const wrong: string[] = [];
    for (const { method, url, access } of routes) {
      // Access is decided before the body is read (decision 0068): routes for other kinds of
      // account refuse this job seeker first, which is as much "before any handler runs".
      const expected = access.some((a) => a === 'admin' || a === 'employer' || a === 'operator') ? 403 : 415;
      // An empty text/plain body too: the parser, not the body, is what must be missing.
      for (const payload of ['x', ...(method === 'DELETE' ? [] : [''])]) {
        const res = await t.app.inject({
          method: method as 'POST',
          url: fill(url),
          headers: { origin: TEST_ORIGIN, cookie: client.cookie, 'content-type': 'text/plain;charset=UTF-8' },
          payload,
        });
        if (res.statusCode !== expected) wrong.push(`${method} ${url} (${JSON.stringify(payload)}): ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('JSON and body-less requests still work', async () => {
    const ana = await signUp(t.app);
    const ben = await signUp(t.app);
    expect((await ana.client.post('/api/messages', { recipientId: ben.user.id, message: 'Hello again' })).statusCode).toBe(201);
    expect((await ben.client.post(`/api/messages/with/${ana.user.id}/read`)).statusCode).toBe(200);
    expect((await ben.client.get('/api/messages/unread-count')).json()).toEqual({ count: 0 });
  });
});
