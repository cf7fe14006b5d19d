// The server's renderer (built by `vite build --ssr` into dist/server/, imported by the API server's
// plugins/web.ts): one page, with its data, in the visitor's language, as HTML the browser app
// hydrates (entry-client.tsx). See docs/decisions/0017-server-rendering.md.
import { AsyncLocalStorage } from 'node:async_hooks';
import { StrictMode } from 'react';
import { HydrationBoundary } from './lib/hydrate-in-turns';
import { isRedirectResult, isRouteErrorResponse, RouterContextProvider, RouterProvider, type LoadResult } from './lib/router';
import { createStaticRouter, query } from './lib/router/server';
import { dehydrate } from '@tanstack/react-query';
import { Translator, type Resources } from './lib/translator';
import { TranslatorProvider } from './lib/use-translation';
import { jobPostingJsonLd } from '@caribconnect/shared/job-posting';
import { adProductJsonLd } from '@caribconnect/shared/ad-product';
import type { MeResponse } from '@caribconnect/shared';
import { AppProvider } from './app/provider';
import { routes } from './app/router';
import { setApiTransport } from './lib/api-client';
import { loadCountryCodes, loadCountryNames } from './lib/country-name';
import { setTimeZoneSource } from './lib/format-date';
import { documentTitle, headFor, languageAlternates, scriptJson, type PageHead } from './lib/head';
import { formEchoContext, type FormEcho } from './lib/form-post';
import { BASE_NAMESPACES } from './lib/i18n';
import { languageFromCookie, pickLanguage, savedLanguage } from './lib/language';
import { createQueryClient, queryClientContext, type NotFoundTitle } from './lib/query-client';
import { sessionKeys } from './lib/session';
import type { SsrData } from './lib/ssr-data';
import { timeZoneFromCookie } from './lib/time-zone';
import { renderToHtml } from './runtime/render-html';

export interface RenderRequest {
  /** Path and query, as requested. */
  url: string;
  headers: Record<string, string | undefined>;
  /** PUBLIC_URL without a trailing slash: canonical URLs and JSON-LD are built on it. */
  origin: string;
  /** Reaches the API for this visitor (the server passes one that injects into itself with their cookie). */
  fetch: typeof fetch;
  /** A page form's failure: the page is rendered as the answer to its POST (lib/form-post.ts). */
  form?: FormEcho;
}

export type RenderResult =
  | { redirect: string; status: number }
  | {
      status: number;
      lang: string;
      /** Tags for <head>: title, description, canonical, structured data. */
      head: string;
      /** The app's markup, for inside <div id="root">. */
      html: string;
      /** The SSR data's JSON, '<' escaped, for <script type="application/json">. */
      data: string;
      /** Source modules the page's lazy screens came from (keys of the client build's manifest), to preload. */
      modules: string[];
    };

interface RequestScope {
  fetch: typeof fetch;
  modules: Set<string>;
  /** The reader's zone from their `tz` cookie; undefined (the server's zone) without a valid one. */
  timeZone: string | undefined;
}

const scope = new AsyncLocalStorage<RequestScope>();

// Every api() call during a render goes through the visitor's own fetch, whichever request it serves.
setApiTransport((input, init) => {
  const current = scope.getStore();
  if (!current) throw new Error('api() called outside a page render');
  return current.fetch(input, init);
});

// Dates on the page in the reader's zone, so hydration formats them the same; per render, as renders overlap.
setTimeZoneSource(() => scope.getStore()?.timeZone);

// The build rewrites each `import('./x')` of the app into __ssrTrack('src/…/x.tsx', import('./x'))
// (vite.config.ts): the page's lazy screens, whose client chunks the server then preloads.
(globalThis as { __ssrTrack?: (id: string, load: Promise<unknown>) => Promise<unknown> }).__ssrTrack = (id, load) => {
  scope.getStore()?.modules.add(id);
  return load;
};

// Every catalog is read once at start: a page never waits for one.
const resources: Resources = {};
for (const [file, catalog] of Object.entries(import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { eager: true, import: 'default' }))) {
  const [, lng, ns] = /locales\/(\w+)\/(\w+)\.json$/.exec(file)!;
  (resources[lng] ??= {})[ns] = catalog as Resources[string][string];
}

/** The page's own translator, ready at once: every catalog is already here. */
function i18nFor(lng: string) {
  return new Translator({ lng, fallbackLng: 'en', defaultNS: 'common', ns: BASE_NAMESPACES, resources });
}

/**
 * The catalogs the page used, in its language: the browser starts with them. English's base two are
 * not sent: `common` is in the bundle and `validation` is never needed in English (lib/i18n.ts).
 */
function catalogsUsed(i18n: Translator, lng: string, extra: string[]): SsrData['catalogs'] {
  // useTranslation records every namespace it was asked for.
  const used = new Set([...i18n.usedNamespaces(), ...BASE_NAMESPACES, ...extra]);
  const out: SsrData['catalogs'][string] = {};
  for (const ns of used) {
    if (lng === 'en' && BASE_NAMESPACES.includes(ns)) continue;
    const catalog = resources[lng]?.[ns];
    if (catalog) out[ns] = catalog as Record<string, unknown>;
  }
  return { [lng]: out };
}

/** Errors as JSON (entry-client.tsx makes them objects again). */
function serializeErrors(errors: LoadResult['errors']) {
  if (!errors) return null;
  const out: Record<string, unknown> = {};
  for (const [id, error] of Object.entries(errors)) {
    if (isRouteErrorResponse(error)) out[id] = { ...error, __type: 'RouteErrorResponse' };
    else if (error instanceof Error) out[id] = { message: error.message, __type: 'Error' };
    else out[id] = error;
  }
  return out;
}

/** The 404 page's title: the missing record's own sentence ('Job not found.') or 'Page not found'. */
function notFoundTitle(result: LoadResult, i18n: Translator): string {
  const error = Object.values(result.errors ?? {}).find((e) => isRouteErrorResponse(e) && e.status === 404);
  const title = isRouteErrorResponse(error) ? (error.data as NotFoundTitle | null) : null;
  return title ? i18n.t(`${title.ns}:${title.key}`) : i18n.t('notFound.title');
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function headTags(head: PageHead, origin: string, status: number): string {
  const tags = [`<title>${escapeHtml(documentTitle(head.title))}</title>`];
  if (head.description) tags.push(`<meta name="description" content="${escapeHtml(head.description)}" />`);
  if (status === 404) tags.push('<meta name="robots" content="noindex" />');
  else if (head.canonical) {
    tags.push(`<link rel="canonical" href="${escapeHtml(origin + head.canonical)}" />`);
    for (const { hreflang, path } of languageAlternates(head.canonical))
      tags.push(`<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(origin + path)}" />`);
  }
  if (head.jobPosting && head.canonical)
    tags.push(`<script type="application/ld+json">${scriptJson(jobPostingJsonLd(head.jobPosting, origin + head.canonical))}</script>`);
  const product = head.adProduct && head.canonical ? adProductJsonLd(head.adProduct, origin + head.canonical, origin) : null;
  if (product) tags.push(`<script type="application/ld+json">${scriptJson(product)}</script>`);
  return tags.join('\n    ');
}

export async function render(req: RenderRequest): Promise<RenderResult> {
  const current: RequestScope = { fetch: req.fetch, modules: new Set(), timeZone: timeZoneFromCookie(req.headers.cookie) };
  return scope.run(current, async () => {
    const queryClient = createQueryClient({ server: true });
    const context = new RouterContextProvider();
    context.set(queryClientContext, queryClient);
    context.set(formEchoContext, req.form ?? null);
    // Joined, not resolved: a path like '//elsewhere/x' stays a path of ours.
    const url = new URL(req.origin + req.url);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers.set(name, value);
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new Error('render timed out')), 10_000);
    try {
      // A failed page form is rendered as the answer to its POST: the route's action hands the failure to the screen.
      const method = req.form ? 'POST' : 'GET';
      const result = await query(routes, new Request(url, { method, headers, signal: abort.signal }), context);
      if (isRedirectResult(result)) return { redirect: result.location, status: result.status };

      // A query that failed is not sent; the page shows it loading, as the browser will when it asks again.
      for (const query of queryClient.getQueryCache().findAll()) if (query.state.status === 'error') queryClient.getQueryCache().remove(query);

      // The root loader fetched who is signed in: their saved language comes after a `?lang` variant.
      const me = queryClient.getQueryData<MeResponse>(sessionKeys.me());
      const lng = pickLanguage({
        search: url.searchParams,
        saved: savedLanguage(me?.user),
        cookie: req.headers.cookie,
        acceptLanguage: req.headers['accept-language'],
      });
      const i18n = i18nFor(lng);
      // Country names in another language than English need the ISO table: rendered with it, and the
      // browser preloads it (the call records its chunk).
      if (!lng.startsWith('en')) await Promise.all([loadCountryCodes(), loadCountryNames(lng)]);
      const router = createStaticRouter(result, url);
      const html = await renderToHtml(
        <StrictMode>
          <TranslatorProvider i18n={i18n}>
            <AppProvider client={queryClient}>
              <HydrationBoundary>
                <RouterProvider router={router} />
              </HydrationBoundary>
            </AppProvider>
          </TranslatorProvider>
        </StrictMode>,
        abort.signal,
      );

      const args = { t: i18n.t, queryClient, origin: req.origin };
      const head =
        result.statusCode === 404
          ? { title: notFoundTitle(result, i18n) }
          : headFor(
              result.matches.map((m) => ({ handle: m.route.handle, params: m.params })),
              url,
              args,
            );
      const data: SsrData = {
        language: lng,
        // A failure's words come from the `errors` catalog, read outside useTranslation (lib/errors.ts).
        catalogs: catalogsUsed(i18n, lng, req.form ? ['errors'] : []),
        queries: dehydrate(queryClient),
        router: { loaderData: result.loaderData, actionData: result.actionData, errors: serializeErrors(result.errors) },
        origin: req.origin,
        sent: { timeZone: current.timeZone ?? null, language: languageFromCookie(req.headers.cookie) !== null },
        timeZone: current.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
      };
      return {
        status: result.statusCode,
        lang: lng,
        head: headTags(head, req.origin, result.statusCode),
        html,
        data: scriptJson(data),
        modules: [...current.modules],
      };
    } finally {
      clearTimeout(timer);
      queryClient.clear();
    }
  });
}
