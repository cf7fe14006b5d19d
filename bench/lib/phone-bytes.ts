import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../e2e/chromium';

export interface PhoneBytes {
  total: number;
  byType: Record<string, { bytes: number; requests: number }>;
}

/**
 * What a phone downloads for one screen: Chromium at 360 x 740 CSS px (2x pixels, touch), a fresh
 * profile (nothing cached), the page loaded until the network has been quiet, without scrolling.
 * Bytes are as transferred (compressed bodies plus response headers), grouped by resource type.
 */
export async function phoneBytes(url: string): Promise<PhoneBytes> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const seen: Array<Promise<{ type: string; bytes: number }>> = [];
    page.on('requestfinished', (request) => {
      seen.push(request.sizes().then((s) => ({ type: request.resourceType(), bytes: s.responseBodySize + s.responseHeadersSize })));
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    const byType: PhoneBytes['byType'] = {};
    let total = 0;
    for (const { type, bytes } of await Promise.all(seen)) {
      const entry = (byType[type] ??= { bytes: 0, requests: 0 });
      entry.bytes += bytes;
      entry.requests++;
      total += bytes;
    }
    return { total, byType };
  } finally {
    await browser.close();
  }
}
