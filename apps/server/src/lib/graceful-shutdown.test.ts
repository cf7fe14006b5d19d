import http from 'node:http';
import net from 'node:net';
import { expect, it, vi } from 'vitest';
import { createTestApp } from '../../test/app';
import { closeGracefully, trackConnections } from './graceful-shutdown';

/** A raw GET that resolves when the response headers arrive, with the socket to watch. */
function openStream(port: number) {
  return new Promise<{ res: http.IncomingMessage; ended: Promise<string> }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/test/stream' }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (body += d));
        const ended = new Promise<string>((done) => res.on('close', () => done(body)));
        resolve({ res, ended });
      })
      .on('error', reject);
  });
}

it('ends long-lived streams, idle keep-alive and request-less connections, then closes the database', { timeout: 60_000 }, async () => {
  let databaseClosed = false;
  const t = await createTestApp({}, (app) => {
    // What a Server-Sent Events route does: keep the response open until app.shuttingDown aborts.
    app.get('/test/stream', (request, reply) => {
      reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
      reply.raw.write('data: hello\n\n');
      app.shuttingDown.addEventListener('abort', () => reply.raw.end('event: bye\ndata: \n\n'), { once: true });
      return reply.hijack();
    });
  });
  const connections = trackConnections(t.app.server);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as net.AddressInfo;

  const stream = await openStream(port);
  const agent = new http.Agent({ keepAlive: true });
  const status = await new Promise<number>((resolve) =>
    http.get({ host: '127.0.0.1', port, path: '/api/health', agent }, (res) => res.resume().on('end', () => resolve(res.statusCode!))),
  );
  expect(status).toBe(200);
  const raw = net.connect(port, '127.0.0.1');
  await new Promise((r) => raw.once('connect', r));
  const rawClosed = new Promise((r) => raw.once('close', r));
  expect(connections.open).toBe(3);

  const started = Date.now();
  const code = await closeGracefully({
    app: t.app,
    database: { close: async () => void (databaseClosed = await t.database.close().then(() => true)) },
    connections,
    graceMs: 10_000,
  });
  expect(code).toBe(0);
  expect(Date.now() - started).toBeLessThan(3_000);
  expect(await stream.ended).toContain('event: bye');
  await rawClosed;
  await vi.waitFor(() => expect(connections.open).toBe(0));
  expect(databaseClosed).toBe(true);
  agent.destroy();
});

it('closes the database even when a request outlives the grace period, and says so in the code', { timeout: 60_000 }, async () => {
  let databaseClosed = false;
  const t = await createTestApp({}, (app) => {
    app.get('/test/stuck', async () => new Promise(() => {}));
  });
  const connections = trackConnections(t.app.server);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as net.AddressInfo;
  const stuck = new Promise((resolve) => http.get({ host: '127.0.0.1', port, path: '/test/stuck' }).on('error', resolve));
  await new Promise((r) => setTimeout(r, 200));

  const code = await closeGracefully({
    app: { close: () => t.app.close(), log: { warn: () => {}, error: () => {} } },
    database: { close: async () => void (databaseClosed = await t.database.close().then(() => true)) },
    connections,
    graceMs: 300,
  });
  expect(code).toBe(1);
  expect(databaseClosed).toBe(true);
  await stuck; // its connection was cut
});
