import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from './router';

/**
 * What a server-rendered page hands the browser app, as JSON in <script type="application/json">
 * (never an executable inline script: the CSP allows only our own script files).
 */
export interface SsrData {
  /** The language the page was rendered in, and the catalogs it used in that language. */
  language: string;
  catalogs: Record<string, Record<string, Record<string, unknown>>>;
  /** TanStack Query's dehydrated cache: the data the page was rendered with. */
  queries: DehydratedState;
  /** React Router's loader data and errors (errors serialized as in its own hydration script). */
  router: HydrationState;
  /** PUBLIC_URL, for canonical URLs. */
  origin: string;
  /**
   * The cookies the page writes as it loads, as its request carried them: the zone (in Intl's
   * spelling; null without a valid one) and whether there was a language cookie. The page knows
   * then whether to write them without reading `document.cookie`, a synchronous round trip to the
   * browser's process (10–20 ms on a slow phone; decision 0061).
   */
  sent?: { timeZone: string | null; language: boolean };
  /**
   * The zone the page's dates were written in (the `tz` cookie's, or else the server's own): the
   * browser formats dates in it while it hydrates, so its first render matches the HTML, and in the
   * reader's own zone from then on (entry-client.tsx).
   */
  timeZone?: string;
}

export const SSR_DATA_ID = 'ssr-data';

let cached: SsrData | null | undefined;

/** The page's SSR data; null when the page was not server-rendered (the dev server, a missing build). */
export function ssrData(): SsrData | null {
  if (cached !== undefined) return cached;
  const text = typeof document !== 'undefined' ? document.getElementById(SSR_DATA_ID)?.textContent : null;
  cached = text ? (JSON.parse(text) as SsrData) : null;
  return cached;
}
