import { STYLESHEET_COOKIE, stylesheetCookieValue } from '@caribconnect/shared/constants/inline-styles';
import { rememberInCookie } from './cookies';

/**
 * The shared stylesheet came inside this page: the server does that until the browser says it has
 * the file (apps/server/src/plugins/web.ts). Once the page has loaded, the file is fetched into the
 * browser's cache, then the cookie tells the server, and later pages link to it (read from the cache)
 * instead of carrying it again. A failed fetch sets no cookie: the next page tries again.
 */
export function storeInlineStyles(): void {
  const hrefs = [...document.querySelectorAll<HTMLStyleElement>('style[data-href]')].map((style) => style.dataset.href!);
  if (!hrefs.length) return;
  const store = () =>
    Promise.all(
      hrefs.map(async (href) => {
        const res = await fetch(href, { priority: 'low' });
        if (!res.ok) throw new Error(`${href}: HTTP ${res.status}`);
        await res.arrayBuffer();
      }),
    ).then(
      () => rememberInCookie(STYLESHEET_COOKIE, stylesheetCookieValue(hrefs)),
      () => undefined,
    );
  // When the page's own files are in and the main thread is free: it is for the next page.
  const later = () =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(() => void store(), { timeout: 5_000 }) : setTimeout(() => void store(), 1_000);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
