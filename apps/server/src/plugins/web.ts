import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { leaseBuild } from '../lib/build-lease';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { STYLESHEET_COOKIE, stylesheetCookieValue } from '@caribconnect/shared/constants/inline-styles';
import type { FormEcho } from './page-forms';

/** The web app's server renderer (apps/web/src/entry-server.tsx, built into dist/server/). */
interface Renderer {
  render(req: {
    url: string;
    headers: Record<string, string | undefined>;
    origin: string;
    fetch: typeof fetch;
    /** A page form's failure: the page is rendered as the answer to its POST, with this. */
    form?: FormEcho;
  }): Promise<{ redirect: string; status: number } | { status: number; lang: string; head: string; html: string; data: string; modules: string[] }>;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

interface Build {
  renderer: Renderer;
  /** index.html without the entry's script and links: page() writes them, in its own order. */
  template: string;
  manifest: Record<string, ManifestChunk>;
  /** Chunks the entry loads anyway (every page names them with the entry): never named twice. */
  entryChunks: Set<string>;
  /**
   * The entry's files: its script, the page's first scripts (small entries of their own, run as soon
   * as they arrive: web's intl-early.ts), the chunks it imports (largest first: see pageFiles) and
   * its stylesheets.
   */
  entry: { script?: string; first: string[]; imports: string[]; css: string[] };
  /**
   * The entry's stylesheets as `<style>` elements, for a browser that has not stored them (see
   * inlineStyles); null when one of them cannot be moved into the page.
   */
  inlineStyles: { tags: string; cookie: string } | null;
  /**
   * The screens' own small stylesheets, by file, as `<style data-screen-href>` elements: a page
   * carries its screen's instead of linking to them (see SCREEN_STYLE_LIMIT). Those that cannot be
   * moved into a page, or are larger, are not here and stay links.
   */
  screenStyles: Map<string, string>;
}

/**
 * A screen's own stylesheet up to this size (bytes, before compression) goes inside the page. Linked,
 * it was the one request painting waited for on a first visit: on the slow link (a 400 ms round trip
 * and a new connection) the first content came 1.2–2.3 s after the page's request, where the page
 * itself was in after 0.6–0.85 s (decision 0077). Today's are 0.3–6 KB; a larger one costs its bytes
 * on every page of that screen, so it keeps its link and the browser's cache.
 */
const SCREEN_STYLE_LIMIT = 12 * 1024;

const HASHED_ASSET = /^\/assets\/[^/?]+\.(?:js|css|woff2?|png|jpe?g|webp|avif)(?:\?|$)/;
const PAGE_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'x-request-id',
  'last-modified',
  'etag',
  'accept-ranges',
];

const SERVER_ENTRY = path.join('server', 'entry-server.js');
const MANIFEST = path.join('.vite', 'manifest.json');

/** A chunk and every chunk it imports statically, by manifest key. */
function closure(manifest: Record<string, ManifestChunk>, keys: Iterable<string>, into = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (into.has(key) || !manifest[key]) continue;
    into.add(key);
    closure(manifest, manifest[key].imports ?? [], into);
  }
  return into;
}

/**
 * The build on disk, read once at start: the renderer, the page template and the manifest go together
 * with one build's hashed file names, so a new build needs a restart (as a deployment does). Not
 * re-imported under another URL: the renderer's chunks import its entry back, and a second copy of
 * it would take over the API transport of the first. Null when there is no server build.
 */
async function loadBuild(root: string): Promise<Build | null> {
  const serverEntry = path.join(root, SERVER_ENTRY);
  if (!existsSync(serverEntry) || !existsSync(path.join(root, MANIFEST))) return null;
  const renderer = (await import(pathToFileURL(serverEntry).href)) as Renderer;
  const manifest = JSON.parse(readFileSync(path.join(root, MANIFEST), 'utf8')) as Record<string, ManifestChunk>;
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  // The app's entry is the page's (index.html); the others are the page's first scripts (web's intl-early.ts).
  const app = entries.find((key) => key.endsWith('.html')) ?? entries[0];
  const first = entries.filter((key) => key !== app);
  const entryChunks = closure(manifest, entries);
  const size = (file: string) => statSync(path.join(root, file), { throwIfNoEntry: false })?.size ?? 0;
  const entry = {
    script: app === undefined ? undefined : manifest[app].file,
    first: first.map((key) => manifest[key].file),
    imports: [...entryChunks]
      .filter((key) => !entries.includes(key))
      .map((key) => manifest[key].file)
      .sort((a, b) => size(b) - size(a)),
    css: [...entryChunks].flatMap((key) => manifest[key].css ?? []),
  };
  const inlineStyles = readInlineStyles(root, entry.css);
  const screenStyles = readScreenStyles(root, manifest, new Set(entry.css));
  // The bundler's own tags for the entry: page() writes the same files, ordered for the slow link.
  let template = readFileSync(path.join(root, 'index.html'), 'utf8');
  if (entry.script)
    template = template.replace(
      /\s*<(?:script type="module" crossorigin src|link rel="(?:modulepreload|stylesheet)" crossorigin href)="\/assets\/[^"]+"[^>]*>(?:<\/script>)?/g,
      '',
    );
  return { renderer, template, manifest, entryChunks, entry, inlineStyles, screenStyles };
}

/**
 * The entry's stylesheets, ready to go inside a page. Not when one of them refers to another file
 * (a relative address would resolve against the page's instead of the stylesheet's) or could close
 * the element early.
 */
function readInlineStyles(root: string, files: string[]): Build['inlineStyles'] {
  if (!files.length) return null;
  const tags: string[] = [];
  for (const file of files) {
    const at = path.join(root, file);
    const text = existsSync(at) ? readFileSync(at, 'utf8') : '';
    if (!movable(text)) return null;
    tags.push(`<style data-href="/${file}">${text}</style>`);
  }
  return { tags: tags.join('\n    '), cookie: stylesheetCookieValue(files) };
}

/** A stylesheet's text when it can go inside a page: no address resolved against the page's, no `</style`. */
function movable(text: string): boolean {
  return !!text && !/url\(\s*(?!['"]?data:)|@import|<\/style/i.test(text);
}

/**
 * The screens' stylesheets that go inside the pages (Build['screenStyles']). The attribute names the
 * file: the app tells the bundler's loader that the screen's stylesheet is there already
 * (web's lib/screen-styles.ts), or it would link to the file and wait for it before hydrating.
 */
function readScreenStyles(root: string, manifest: Record<string, ManifestChunk>, shared: Set<string>): Build['screenStyles'] {
  const styles = new Map<string, string>();
  for (const file of new Set(Object.values(manifest).flatMap((chunk) => chunk.css ?? []))) {
    if (shared.has(file)) continue;
    const at = path.join(root, file);
    const size = statSync(at, { throwIfNoEntry: false })?.size ?? 0;
    if (!size || size > SCREEN_STYLE_LIMIT) continue;
    const text = readFileSync(at, 'utf8');
    if (movable(text)) styles.set(file, `<style data-screen-href="/${file}">${text}</style>`);
  }
  return styles;
}

const STORED_STYLESHEETS = new RegExp(`(?:^|;\\s*)${STYLESHEET_COOKIE}=([^;]*)`);

/** Whether this browser said it has stored the build's shared stylesheets (STYLESHEET_COOKIE). */
function hasStylesheets(build: Build, cookieHeader: string | undefined): boolean {
  return !!build.inlineStyles && STORED_STYLESHEETS.exec(cookieHeader ?? '')?.[1] === build.inlineStyles.cookie;
}

interface PageFiles {
  /** Stylesheets to link to, in the cascade's order (the screens' before the shared one). */
  css: string[];
  /** The screen's own stylesheets inside the page, in the same order; before the shared stylesheet. */
  screenStyles: string[];
  /** The entry's stylesheets inside the page (`<style>` elements), in place of their links. */
  inlineStyles?: string;
  /** The entry's script; none when the manifest has no entry (tests that render from source). */
  script?: string;
  /** Scripts that run as soon as they arrive, before anything else of the page's (async modules). */
  first: string[];
  /** Modules to preload: the entry's chunks, then the page's lazy screens and what they import. */
  modules: string[];
}

/**
 * Every file the page needs before it can hydrate, in the order the browser should ask for them.
 * HTTP/1.1 gives it six connections to the host, and a request that waits for one pays a whole round
 * trip once it has it. Stylesheets go first (painting waits for them; Chromium serves them first
 * anyway), then the two large files, the entry and the React chunk, which then carry the link while
 * the screen's small chunks take turns on the other connections. In the bundler's order those two
 * came last and left up to 1.2 s after the page asked for them, behind the small chunks
 * (docs/decisions/0054-files-in-the-order-the-link-needs.md). The screen's CSS stays before the
 * shared stylesheet, where it always was on a rendered page, so the cascade is unchanged.
 */
function pageFiles(build: Build, modules: string[], inlineStyles: boolean): PageFiles {
  const chunks = [...closure(build.manifest, modules)].filter((key) => !build.entryChunks.has(key));
  const inline = inlineStyles ? build.inlineStyles : null;
  const screenCss = [...new Set(chunks.flatMap((key) => build.manifest[key].css ?? []))];
  // All of the screen's stylesheets inside the page or none, so that they keep their order.
  const inlineScreen = screenCss.every((file) => build.screenStyles.has(file));
  return {
    css: [...(inlineScreen ? [] : screenCss), ...(inline ? [] : build.entry.css)],
    screenStyles: inlineScreen ? screenCss.map((file) => build.screenStyles.get(file)!) : [],
    inlineStyles: inline?.tags,
    script: build.entry.script,
    first: build.entry.first,
    modules: [...build.entry.imports, ...chunks.map((key) => build.manifest[key].file)],
  };
}

/** The page's files as tags for its head, in pageFiles' order. */
function assetTags(files: PageFiles): string {
  // The screen's stylesheets inside the page keep their place in the cascade: before the shared
  // stylesheet, whether that one is linked or inside the page too.
  const beforeScripts = !files.inlineStyles;
  return [
    // First of all: a few hundred bytes that start work the page waits for later (the Intl worker).
    ...files.first.map((file) => `<script type="module" async crossorigin fetchpriority="high" src="/${file}"></script>`),
    ...(beforeScripts ? files.screenStyles : []),
    ...files.css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}" />`),
    ...(files.script ? [`<script type="module" crossorigin src="/${files.script}"></script>`] : []),
    ...files.modules.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`),
    // After the links, so the browser asks for the scripts before these bytes arrive; last among
    // the stylesheets, where the shared one always was.
    ...(beforeScripts ? [] : files.screenStyles),
    ...(files.inlineStyles ? [files.inlineStyles] : []),
  ].join('\n    ');
}

const headerValue = (value: string | string[] | number | undefined) =>
  Array.isArray(value) ? value.join(', ') : value === undefined ? undefined : String(value);

/**
 * The API as seen by the page's loaders: each request is injected into this server with the
 * visitor's cookie and language, so rendering costs no HTTP hop and sees exactly what their browser
 * would. A cookie the API sets on the way (a refreshed session) is passed on to the page's answer.
 */
function inProcessFetch(app: FastifyInstance, request: FastifyRequest, setCookies: string[]): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
    const headers: Record<string, string> = {};
    for (const name of ['cookie', 'accept-language', 'user-agent', 'host', 'x-request-id']) {
      const value = headerValue(request.headers[name]);
      if (value) headers[name] = value;
    }
    new Headers(init?.headers).forEach((value, name) => (headers[name] = value));
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url,
      headers,
      payload: typeof init?.body === 'string' ? init.body : undefined,
      remoteAddress: request.ip,
    });
    const out = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (name === 'set-cookie') setCookies.push(...[value ?? []].flat().map(String));
      else if (value !== undefined) out.set(name, headerValue(value)!);
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers: out });
  };
}

// Function replacements: a page's text may hold '$&' and the like, which a replacement string would expand.
function page(build: Build, result: { lang: string; head: string; html: string; data: string }, files: PageFiles): string {
  return build.template
    .replace(/<html lang="[^"]*"/, () => `<html lang="${result.lang}"`)
    .replace(/<!--page-head-->[\s\S]*?<!--\/page-head-->/, () => [result.head, assetTags(files)].filter(Boolean).join('\n    '))
    .replace('<!--app-html-->', () => result.html)
    .replace('<!--page-data-->', () => `<script type="application/json" id="ssr-data">${result.data}</script>`)
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, () => '');
}

/**
 * Serves the built front end: hashed assets cached for a year, and every other GET (or HEAD) outside /api
 * rendered on the server (pages readable before any script runs, docs/decisions/0017). Without the
 * server build (an older build) it falls back to index.html, and the browser renders.
 */
export default fp(
  async (app) => {
    const root = app.config.webDist;
    // While this server runs, `npm run build` never prunes the build it serves (decision 0069).
    if (root) {
      const lease = leaseBuild(root);
      app.addHook('onClose', async () => lease.release());
    }
    // Loaded beside start-up, not before it: the health check answers while the renderer loads.
    const buildReady = root
      ? loadBuild(root).catch((err) => {
          app.log.error({ err }, 'the server build could not be loaded: pages are rendered in the browser only');
          return null;
        })
      : Promise.resolve(null);
    if (root && !existsSync(path.join(root, SERVER_ENTRY))) {
      app.log.warn('apps/web/dist/server not found: pages are rendered in the browser only (run `npm run build`)');
    }

    // Read per request (a rebuilt app is served without a restart) and sent as a buffer: a file
    // stream through @fastify/static would add its own listeners to the response (see renderPage).
    const shell = async (reply: FastifyReply) =>
      void reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(await readFile(path.join(root!, 'index.html')));

    /**
     * Sends the page and resolves with nothing. Each time a promise resolves with the (thenable)
     * reply, Fastify adds end-of-stream `close` listeners to the response, held until it ends: an
     * async helper returning the reply to a handler that returned it again stacked them past Node's
     * limit of 10 (MaxListenersExceededWarning on every page). servePage, the route handler, is
     * synchronous and returns nothing, which Fastify takes as "the reply is sent later".
     */
    const renderPage = async (request: FastifyRequest, reply: FastifyReply, form?: FormEcho): Promise<void> => {
      // A refused page form keeps its status even when the page falls back to the browser's rendering.
      if (form) void reply.code(form.status);
      const build = await buildReady;
      if (!build) return await shell(reply);
      const setCookies: string[] = [];
      let result;
      try {
        result = await build.renderer.render({
          url: request.url,
          headers: { cookie: request.headers.cookie, 'accept-language': request.headers['accept-language'] },
          origin: app.config.publicUrl.replace(/\/$/, ''),
          fetch: inProcessFetch(app, request, setCookies),
          form,
        });
      } catch (err) {
        // A page that cannot be rendered still works: the browser renders it.
        request.log.error({ err }, 'server rendering failed');
        return await shell(reply);
      }
      for (const cookie of setCookies) void reply.header('set-cookie', cookie);
      // The page holds the visitor's session (the header) and their language: theirs alone.
      void reply.header('cache-control', 'private, no-cache').header('vary', 'Cookie, Accept-Language');
      if ('redirect' in result) return void reply.redirect(result.redirect, result.status);
      const files = pageFiles(build, result.modules, !hasStylesheets(build, request.headers.cookie));
      void reply
        .code(result.status)
        .type('text/html; charset=utf-8')
        .send(page(build, result, files));
    };
    const servePage = (request: FastifyRequest, reply: FastifyReply): void => {
      renderPage(request, reply).catch((err: unknown) => reply.send(err));
    };

    // HEAD to a page answers as its GET would (status, headers, length) without the body: link
    // checkers and crawlers ask with HEAD. Routes get this from Fastify; pages come through the
    // not-found handler, so the body is dropped here, as Fastify's own HEAD routes drop it.
    const headPages = new WeakSet<FastifyRequest>();
    app.addHook('onSend', async (request, reply, payload) => {
      if (!headPages.has(request)) return payload;
      if (payload === null || payload === undefined) {
        void reply.header('content-length', '0');
      } else if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
        void reply.header('content-length', String(Buffer.byteLength(payload)));
      } else if (typeof (payload as NodeJS.ReadableStream).resume === 'function') {
        (payload as NodeJS.ReadableStream).resume();
      }
      return null;
    });

    app.setNotFoundHandler((request, reply) => {
      // A missing API path or asset is a real 404 (a stale chunk must fail, not parse HTML as JS).
      const page = request.method === 'GET' || request.method === 'HEAD';
      if (request.url.startsWith('/api/') || request.url.startsWith('/assets/') || !page || !root) {
        return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'Not found.' });
      }
      if (request.method === 'HEAD') headPages.add(request);
      servePage(request, reply);
    });
    if (!root) {
      app.log.warn('apps/web/dist not found: run `npm run build` to serve the web app');
      return;
    }
    await app.register(fastifyStatic, {
      root,
      // Files are looked up per request, so a rebuilt app is served without a restart.
      wildcard: true,
      index: false,
      // The server build and the manifest are the server's, not the browser's.
      allowedPath: (pathName) => !pathName.startsWith('/server/') && !pathName.startsWith('/.vite/'),
      // npm run build writes .br and .gz next to each asset (apps/web/scripts/precompress.mjs): sent
      // as they are for a browser that accepts them, with Content-Encoding and Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/', servePage);
    // A page form that failed (plugins/page-forms.ts) answers with its page, the message and what was typed.
    app.pageForms.render = renderPage;

    // On hashed scripts, stylesheets, fonts and pictures, the headers that only mean something on a
    // page (CSP, framing, COOP, …) plus validators an immutable file never uses are about 700 bytes:
    // a phone on HTTP/1.1 fetching fifteen files for its first screen pays them fifteen times.
    // nosniff and Cross-Origin-Resource-Policy stay; SVG keeps everything, as it can run script.
    app.addHook('onSend', async (request, reply) => {
      if (!HASHED_ASSET.test(request.url)) return;
      for (const name of PAGE_ONLY_HEADERS) {
        reply.raw.removeHeader(name);
        void reply.removeHeader(name);
      }
    });
  },
  { name: 'web', dependencies: ['config', 'page-forms'] },
);
