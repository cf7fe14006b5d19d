import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, loggerOptions, type App } from '../app';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
let app: App;
const lines: string[] = [];
beforeAll(async () => {
  // The real app on the test database, logging to memory at the production format.
  t = await createTestApp();
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  app = await buildApp({ config: t.config, database: t.database, logger: loggerOptions({ ...t.config, logLevel: 'info' }, stream) });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

it('logs every request as JSON with its request id, and never a reset token, cookie or password', async () => {
  await app.inject({
    method: 'GET',
    url: '/reset-password?token=SECRET-TOKEN-123&x=1',
    headers: { cookie: 'caribconnect.session_token=SECRET-COOKIE', 'x-request-id': 'req-42' },
  });
  await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: 'http://localhost:3000' },
    payload: { email: 'a@example.com', password: 'SECRET-PASSWORD' },
  });
  const all = lines.join('');
  expect(all).not.toMatch(/SECRET-TOKEN|SECRET-COOKIE|SECRET-PASSWORD/);
  const entry = lines.map((l) => JSON.parse(l)).find((l) => l.reqId === 'req-42' && l.req);
  expect(entry.req.url).toBe('/reset-password?token=[redacted]&x=1');
});
