import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { brotliCompressSync, gunzipSync, gzipSync, brotliDecompressSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'caribconnect-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/app-1.js"></script>');
  await writeFile(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
  t = await createTestApp({ webDist: dist }, (app) => {
    // When a response finishes, before the end-of-stream listeners on it are removed.
    app.addHook('onRequest', async (request, reply) => {
      reply.raw.once('finish', () => closeListeners.set(request.url, reply.raw.listenerCount('close')));
    });
  });
});
const closeListeners = new Map<string, number>();
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers every screen path with index.html, never cached', async () => {
    for (const url of ['/', '/jobs', '/profile/abc', '/employer/applicants/x?y=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers HEAD to a screen path as the GET, with no body', async () => {
    for (const url of ['/', '/jobs', '/jobs/abc']) {
      const get = await t.app.inject({ method: 'GET', url });
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.body, url).toBe('');
      for (const name of ['content-type', 'cache-control', 'content-length']) expect(head.headers[name], `${url} ${name}`).toBe(get.headers[name]);
    }
    const asset = await t.app.inject({ method: 'HEAD', url: '/assets/app-1.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/assets/gone-1.js', '/api/nope']) {
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(404);
      expect(head.headers['content-type'], url).toMatch(/json/);
    }
  });

  it('caches hashed assets for a year and serves files added after start (a rebuild)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-1.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    await writeFile(path.join(dist, 'assets', 'app-2.js'), 'console.log(2)');
    expect((await t.app.inject({ method: 'GET', url: '/assets/app-2.js' })).statusCode).toBe(200);
  });

  it('sends hashed scripts without the headers only a page uses, and keeps them on pages and SVG', async () => {
    const script = await t.app.inject({ method: 'GET', url: '/assets/app-1.js' });
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const name of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'x-request-id', 'etag', 'last-modified']) {
      expect(script.headers[name], name).toBeUndefined();
    }
    await writeFile(path.join(dist, 'assets', 'logo-1.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const svg = await t.app.inject({ method: 'GET', url: '/assets/logo-1.svg' });
    expect(svg.headers['content-security-policy']).toContain("script-src 'self'");
    const page = await t.app.inject({ method: 'GET', url: '/jobs' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('answers a missing asset with 404, not with the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });

  it('compresses what it sends to browsers that accept it', async () => {
    await writeFile(path.join(dist, 'assets', 'big-1.js'), 'const a = 1;\n'.repeat(1000));
    const res = await t.app.inject({ method: 'GET', url: '/assets/big-1.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toMatch(/br|gzip/);
  });

  it('compresses in brotli, not zstd, for a current Chromium (which accepts both)', async () => {
    await writeFile(path.join(dist, 'assets', 'big-2.js'), 'const b = 2;\n'.repeat(1000));
    const res = await t.app.inject({ method: 'GET', url: '/assets/big-2.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe('const b = 2;\n'.repeat(1000));
    // An API answer compressed on the fly (the OpenAPI document: large enough to be compressed).
    const api = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'zstd, br' } });
    expect(api.statusCode).toBe(200);
    expect(api.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(api.rawPayload).toString()).openapi).toMatch(/^3\./);
  });

  it("sends the build's brotli or gzip file to a browser that accepts it, cached as its asset", async () => {
    const source = 'export const greeting = "hello";\n'.repeat(100);
    await writeFile(path.join(dist, 'assets', 'pre-1.js'), source);
    // Marked so the test can tell the build's file from one compressed on the fly.
    await writeFile(path.join(dist, 'assets', 'pre-1.js.br'), brotliCompressSync(source + '//br'));
    await writeFile(path.join(dist, 'assets', 'pre-1.js.gz'), gzipSync(source + '//gz'));

    const br = await t.app.inject({ method: 'GET', url: '/assets/pre-1.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(source + '//br');

    const gz = await t.app.inject({ method: 'GET', url: '/assets/pre-1.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(source + '//gz');

    const plain = await t.app.inject({ method: 'GET', url: '/assets/pre-1.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(source);
  });

  // Node warns past 10 listeners of one event (MaxListenersExceededWarning, seen in the e2e server's
  // log), and the server adds one of its own per request (lib/graceful-shutdown.ts). Each promise that
  // resolved with the reply added two more, held until the response ended.
  it('keeps the close listeners of a page or file response well under the warning limit', async () => {
    for (const url of ['/', '/jobs', '/profile/abc?x=1', '/assets/app-1.js']) {
      closeListeners.delete(url);
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(res.statusCode, url).toBe(200);
      // inject's own response holds one; a real ServerResponse holds the server's instead.
      expect(closeListeners.get(url), url).toBeLessThanOrEqual(7);
    }
  });
});
