import type { Page } from '@playwright/test';

/**
 * Issue 19's slow link, as a cheap phone on mobile data sees it: 400 kbps both ways and a 400 ms
 * round trip (Chromium's emulation, in bytes per second). The progressive journeys and
 * `npm run bench:web` use the same figures.
 */
export const SLOW_LINK = { offline: false, latency: 400, downloadThroughput: (400 * 1000) / 8, uploadThroughput: (400 * 1000) / 8 };

/** Puts the page's own requests on the slow link (Chromium's DevTools protocol). */
export async function slowLink(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_LINK);
}

/**
 * Holds every script of ours until `release()` is called: until then the page is the server's HTML
 * and nothing else, as it is for the seconds before a real phone has downloaded and run the app.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.(?:js|mjs)(?:\?|$)/, async (route) => {
    await gate;
    await route.continue().catch(() => {});
  });
  return release;
}
