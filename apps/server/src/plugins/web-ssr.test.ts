import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp } from '../../test/http';

// A stand-in for the web app's server build (apps/web/src/entry-server.tsx, covered end to end by
// e2e/ssr.spec.ts): what the plugin does with a renderer's answer, without building the app.
const RENDERER = `
export async function render(req) {
  if (req.url === '/boom') throw new Error('boom');
  if (req.url === '/old') return { redirect: '/new', status: 302 };
  const me = await (await req.fetch('/api/me')).json();
  return {
    status: req.url === '/missing' ? 404 : 200,
    lang: 'es',
    head: '<title>Salary $& $1 · CaribConnect</title>',
    html: '<p>' + (me.user ? me.user.email : 'anonymous') + ' from ' + req.origin + '</p>',
    data: '{"a":1}',
    modules: ['src/screen.tsx'],
  };
}`;

const TEMPLATE = `<!doctype html>
<html lang="en" data-mantine-color-scheme="light">
  <head>
    <!--page-head-->
    <title>CaribConnect</title>
    <!--/page-head-->
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body>
    <div id="root"><!--app-html--></div>
    <!--page-data-->
    <noscript>CaribConnect needs JavaScript to run.</noscript>
  </body>
</html>`;

const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared-1.js'], css: ['assets/index-1.css'] },
  '_shared-1.js': { file: 'assets/shared-1.js' },
  '_lib-1.js': { file: 'assets/lib-1.js', css: ['assets/lib-1.css'] },
  'src/screen.tsx': { file: 'assets/screen-1.js', isDynamicEntry: true, imports: ['index.html', '_shared-1.js', '_lib-1.js'], css: ['assets/screen-1.css'] },
};

// The entry's stylesheet; a data: address inside it is no reason to keep it out of the page.
const SHARED_CSS = `.m_1{color:red}.icon{mask:url("data:image/svg+xml,%3Csvg%3E%3C/svg%3E")}`;

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'caribconnect-ssr-'));
  await mkdir(path.join(dist, 'assets'));
  await mkdir(path.join(dist, 'server'));
  await mkdir(path.join(dist, '.vite'));
  await writeFile(path.join(dist, 'index.html'), TEMPLATE);
  await writeFile(path.join(dist, 'server', 'entry-server.js'), RENDERER);
  await writeFile(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  await writeFile(path.join(dist, 'assets', 'index-1.css'), SHARED_CSS);
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

describe('server-rendered pages', () => {
  it("fills the template with the page, its language, head, data and its screens' preloads", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/jobs?country=Jamaica' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const html = res.body;
    expect(html).toContain('<html lang="es" data-mantine-color-scheme="light">');
    // Replacement patterns in the page's own text are left alone.
    expect(html).toContain('<title>Salary $& $1 · CaribConnect</title>');
    expect(html).not.toContain('<title>CaribConnect</title>');
    expect(html).toContain(`<div id="root"><p>anonymous from ${t.config.publicUrl}</p></div>`);
    expect(html).toContain('<script type="application/json" id="ssr-data">{"a":1}</script>');
    expect(html).not.toContain('<noscript>');
    // Every file once, in the order the slow link wants them (plugins/web.ts, pageFiles): the
    // stylesheets (the screen's before the shared one, as the cascade always had them), the entry
    // and its chunks, then the screen's chunk and its imports.
    const files = [...html.matchAll(/<(?:link rel="(stylesheet|modulepreload)"|script type="module") crossorigin (?:href|src)="([^"]+)"/g)].map(
      ([, rel, href]) => `${rel ?? 'script'} ${href}`,
    );
    expect(files).toEqual([
      'stylesheet /assets/screen-1.css',
      'stylesheet /assets/lib-1.css',
      'script /assets/index-1.js',
      'modulepreload /assets/shared-1.js',
      'modulepreload /assets/screen-1.js',
      'modulepreload /assets/lib-1.js',
    ]);
  });

  it('brings the shared stylesheet inside the page until the browser says it has the file', async () => {
    const tags = (html: string) =>
      [...html.matchAll(/<(?:link rel="stylesheet" crossorigin href="([^"]+)"|style data-href="([^"]+)">)/g)].map(([, link, style]) =>
        link ? `link ${link}` : `style ${style}`,
      );
    // A first visit: after the scripts' tags, so they are asked for before these bytes arrive, and
    // last among the stylesheets, where the shared one always was.
    const first = (await t.app.inject({ method: 'GET', url: '/jobs' })).body;
    expect(tags(first)).toEqual(['link /assets/screen-1.css', 'link /assets/lib-1.css', 'style /assets/index-1.css']);
    expect(first).toContain(`<style data-href="/assets/index-1.css">${SHARED_CSS}</style>`);
    expect(first.indexOf('<style data-href')).toBeGreaterThan(first.lastIndexOf('<link rel="modulepreload"'));
    // The browser stored it (lib/inline-styles.ts set the cookie): the page links to it again.
    const stored = (await t.app.inject({ method: 'GET', url: '/jobs', headers: { cookie: 'lang=es; css=index-1.css' } })).body;
    expect(tags(stored)).toEqual(['link /assets/screen-1.css', 'link /assets/lib-1.css', 'link /assets/index-1.css']);
    expect(stored).not.toContain(SHARED_CSS);
    // An older build's stylesheet is not this one.
    const stale = (await t.app.inject({ method: 'GET', url: '/jobs', headers: { cookie: 'css=index-0.css' } })).body;
    expect(tags(stale)).toContain('style /assets/index-1.css');
  });

  it('links to a shared stylesheet that refers to other files, or could end the element, instead of bringing it', async () => {
    for (const css of ['.a{background:url(bg-1.png)}', ".a{background:url( '/assets/bg-1.png')}", '@import "more.css";', '.a::after{content:"</style>"}']) {
      const other = await mkdtemp(path.join(os.tmpdir(), 'caribconnect-ssr-'));
      await cp(dist, other, { recursive: true });
      await writeFile(path.join(other, 'assets', 'index-1.css'), css);
      const app = await createTestApp({ webDist: other });
      try {
        const html = (await app.app.inject({ method: 'GET', url: '/jobs' })).body;
        expect(html, css).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css" />');
        expect(html, css).not.toContain('<style data-href');
      } finally {
        await app.close();
        await rm(other, { recursive: true, force: true });
      }
    }
  });

  it("brings the screen's own small stylesheets inside the page, in the cascade's order, or links to all of them", async () => {
    const tags = (html: string) =>
      [
        ...html.matchAll(
          /<(?:link rel="stylesheet" crossorigin href="([^"]+)"|style data-(?:screen-)?href="([^"]+)">|script type="module" crossorigin src="([^"]+)")/g,
        ),
      ].map(([, link, style, script]) => (link ? `link ${link}` : style ? `style ${style}` : `script ${script}`));
    const withScreenCss = async (files: Record<string, string>, check: (app: TestApp) => Promise<void>) => {
      const other = await mkdtemp(path.join(os.tmpdir(), 'caribconnect-ssr-'));
      await cp(dist, other, { recursive: true });
      for (const [file, css] of Object.entries(files)) await writeFile(path.join(other, 'assets', file), css);
      const app = await createTestApp({ webDist: other });
      try {
        await check(app);
      } finally {
        await app.close();
        await rm(other, { recursive: true, force: true });
      }
    };
    await withScreenCss({ 'screen-1.css': '.s{color:blue}', 'lib-1.css': '.l{color:green}' }, async (app) => {
      // A first visit: painting waits for no request; the screen's before the shared one, after the scripts' tags.
      const first = (await app.app.inject({ method: 'GET', url: '/jobs' })).body;
      expect(tags(first)).toEqual(['script /assets/index-1.js', 'style /assets/screen-1.css', 'style /assets/lib-1.css', 'style /assets/index-1.css']);
      expect(first).toContain('<style data-screen-href="/assets/screen-1.css">.s{color:blue}</style>');
      // The shared stylesheet stored: still before it, so before its link.
      const stored = (await app.app.inject({ method: 'GET', url: '/jobs', headers: { cookie: 'css=index-1.css' } })).body;
      expect(tags(stored)).toEqual(['style /assets/screen-1.css', 'style /assets/lib-1.css', 'link /assets/index-1.css', 'script /assets/index-1.js']);
    });
    // One of them cannot come inside (too large, or it refers to another file): all of them are links.
    for (const lib of ['.l{color:green}'.repeat(1000), '.l{background:url(bg-1.png)}']) {
      await withScreenCss({ 'screen-1.css': '.s{color:blue}', 'lib-1.css': lib }, async (app) => {
        const first = (await app.app.inject({ method: 'GET', url: '/jobs' })).body;
        expect(tags(first)).toEqual(['link /assets/screen-1.css', 'link /assets/lib-1.css', 'script /assets/index-1.js', 'style /assets/index-1.css']);
      });
    }
  });

  it("renders with the visitor's session, reached in-process, and keeps the page private to them", async () => {
    const { client, email } = await signUp(t.app);
    const res = await client.get('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<p>${email} from`);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toMatch(/Cookie/);
  });

  it("answers with the renderer's status and redirects", async () => {
    expect((await t.app.inject({ method: 'GET', url: '/missing' })).statusCode).toBe(404);
    const moved = await t.app.inject({ method: 'GET', url: '/old' });
    expect(moved.statusCode).toBe(302);
    expect(moved.headers.location).toBe('/new');
  });

  it('falls back to the client-rendered shell when rendering fails', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<!--app-html-->');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers HEAD to a page as the GET, status and headers, with no body', async () => {
    for (const url of ['/jobs', '/missing', '/old', '/boom']) {
      const get = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      const head = await t.app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'identity' } });
      expect(head.statusCode, url).toBe(get.statusCode);
      expect(head.body, url).toBe('');
      for (const name of ['content-type', 'cache-control', 'vary', 'location', 'content-length']) {
        expect(head.headers[name], `${url} ${name}`).toBe(get.headers[name]);
      }
    }
  });

  it('never serves the server build or the manifest as files, and keeps API and asset 404s', async () => {
    for (const url of ['/server/entry-server.js', '/.vite/manifest.json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('export async function render');
      expect(res.body, url).not.toContain('isDynamicEntry');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/nope' })).headers['content-type']).toMatch(/json/);
    expect((await t.app.inject({ method: 'GET', url: '/assets/gone-1.js' })).statusCode).toBe(404);
  });
});
