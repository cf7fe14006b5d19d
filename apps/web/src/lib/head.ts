// A page's <head>: title, description, canonical URL and structured data. The server writes it into
// the HTML (entry-server.tsx); in the browser app/document-head.tsx keeps it current on navigation.
import type { QueryClient } from '@tanstack/react-query';
import type { Ad, Company, Job } from '@caribconnect/shared';
import type { TFunction } from './use-translation';
import type { Params } from './router';
import { LANGUAGE_CODES } from '@caribconnect/shared';
import { LANGUAGE_PARAM, languageFromQuery } from './language';

export interface HeadArgs {
  t: TFunction;
  params: Params;
  search: URLSearchParams;
  /** The page's cache: a detail page's head reads the record its loader fetched. */
  queryClient: QueryClient;
  /** PUBLIC_URL without a trailing slash. */
  origin: string;
}

export interface PageHead {
  /** The page heading; the document title is '{title} · CaribConnect' as components/page.tsx writes it. */
  title?: string;
  description?: string;
  /** Path and query of the page's one address (an alias or a search box's text is not one). */
  canonical?: string;
  /**
   * The job a page is about, written as schema.org JobPosting in <script type="application/ld+json">.
   * The record, not the JSON-LD: the builder is needed on the server and only after a navigation in
   * the browser, so it stays out of the code every page loads.
   */
  jobPosting?: Job;
  /** The ad a page is about, written as schema.org Product with its Offer (when it has a price), as jobPosting. */
  adProduct?: Ad;
  /** The company a page is about, written as schema.org Organization, as jobPosting. */
  organization?: Company;
}

/** What a route says about itself in `handle`. */
export interface RouteHandle {
  /** Rendered on the server with its data; any other screen gets the shell and a skeleton there. */
  ssr?: boolean;
  head?: (args: HeadArgs) => PageHead;
}

export const BRAND = 'CaribConnect';

export const documentTitle = (title?: string) => (title ? `${title} · ${BRAND}` : BRAND);

/**
 * The deepest route's head wins, with the canonical URL defaulting to the path without its query. A
 * language variant (`?lang=ht`, what hreflang links point to) is a page of its own: its canonical is
 * itself, so each variant is indexed rather than folded into the address without `lang`.
 */
export function headFor(matches: ReadonlyArray<{ handle?: unknown; params: Params }>, url: URL, args: Omit<HeadArgs, 'params' | 'search'>): PageHead {
  let head: PageHead = {};
  for (const match of matches) {
    const handle = match.handle as RouteHandle | undefined;
    if (handle?.head) head = { ...head, ...handle.head({ ...args, params: match.params, search: url.searchParams }) };
  }
  return { ...head, canonical: withLanguage(head.canonical ?? url.pathname, languageFromQuery(url.searchParams)) };
}

/** A path and query with `lang` set to `language`, or without it (null); the other parameters keep their order. */
export function withLanguage(pathAndQuery: string, language: string | null): string {
  const [path, query = ''] = pathAndQuery.split('?', 2);
  const search = new URLSearchParams(query);
  search.delete(LANGUAGE_PARAM);
  if (language) search.append(LANGUAGE_PARAM, language);
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * The page in every language, for <link rel="alternate" hreflang>: each variant is the canonical
 * address with `?lang=<code>` (the parameters that make the page kept), and x-default the address
 * without it, which serves each reader their own language (docs/decisions/0043).
 */
export function languageAlternates(canonical: string): { hreflang: string; path: string }[] {
  return [
    ...LANGUAGE_CODES.map((code) => ({ hreflang: code, path: withLanguage(canonical, code) })),
    { hreflang: 'x-default', path: withLanguage(canonical, null) },
  ];
}

/** A canonical path keeping only the query parameters that make a different page (a category, a country). */
export function withParams(path: string, search: URLSearchParams, keep: readonly string[]): string {
  const out = new URLSearchParams();
  for (const key of keep) {
    const value = search.get(key)?.trim();
    if (value) out.set(key, value);
  }
  const qs = out.toString();
  return qs ? `${path}?${qs}` : path;
}

/** A description of at most ~160 characters, cut at a word, as search results show it. */
export function summary(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).trimEnd()}…`;
}

/** JSON for inside an HTML <script>: '<' escaped so the text cannot close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
