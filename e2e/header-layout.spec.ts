import path from 'node:path';
import type { Page } from '@playwright/test';
import { LANGUAGE_CODES } from '@caribconnect/shared';
import { E2E_ADMIN, expect, logIn, signUpViaApi, test } from './fixtures';

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Where the header's brand, its bar's items and the header itself are drawn. */
const boxesOf = (page: Page) =>
  page.evaluate(() => {
    const box = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    };
    const header = document.querySelector('header')!;
    const nav = header.querySelector('nav')!;
    return {
      header: box(header),
      brand: box(header.querySelector('a')!),
      items: [...nav.children].map((el) => ({ name: (el as HTMLElement).innerText.trim() || el.getAttribute('aria-label') || el.tagName, ...box(el) })),
    };
  });

// Signed in, the desktop bar holds ten links, Log Out and the language picker: in the longer
// languages it once ran under the logo at 1280 px. One page load per language; the widths are
// checked by resizing, from the narrowest that shows the bar (Mantine's lg, 1200 px) up.
// Every signed-in role has the same bar; with SCREENSHOTS_DIR set, the header is also photographed
// for each role at 1024 (the phone menu's last width), 1280 and 1440 px, to look at.
const ROLES = process.env.SCREENSHOTS_DIR ? (['employer', 'jobseeker', 'admin'] as const) : (['employer'] as const);

test('signed in, the desktop bar never runs under the logo or out of the header, in any language', async ({ page }) => {
  test.setTimeout(ROLES.length * 60_000);
  for (const role of ROLES) {
    await page.context().clearCookies();
    if (role === 'admin') await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    else await signUpViaApi(page, role);
    await checkEveryLanguage(page, role, role === 'admin' ? '/admin' : role === 'employer' ? '/employer/home' : '/job-seeker/home');
  }
});

async function checkEveryLanguage(page: Page, role: string, home: string) {
  for (const language of LANGUAGE_CODES) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${home}?lang=${language}`);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.locator('header nav')).toBeVisible();
    if (process.env.SCREENSHOTS_DIR) {
      await page.setViewportSize({ width: 1024, height: 800 });
      const file = path.join(process.env.SCREENSHOTS_DIR, `header-${role}-${language}-1024.png`);
      await page.screenshot({ path: file, clip: { x: 0, y: 0, width: 1024, height: 120 } });
    }
    for (const width of [1200, 1280, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      if (process.env.SCREENSHOTS_DIR && width !== 1200)
        await page.screenshot({
          path: path.join(process.env.SCREENSHOTS_DIR, `header-${role}-${language}-${width}.png`),
          clip: { x: 0, y: 0, width, height: 120 },
        });
      const { header, brand, items } = await boxesOf(page);
      expect(items.length, `${language} ${width}`).toBeGreaterThanOrEqual(12);
      for (const item of items) {
        const where = `${language} at ${width}px: "${item.name}"`;
        expect(overlap(brand, item), `${where} overlaps the logo`).toBe(false);
        expect(item.x, `${where} starts left of the bar`).toBeGreaterThanOrEqual(brand.x + brand.width);
        expect(item.x + item.width, `${where} leaves the window`).toBeLessThanOrEqual(width);
        expect(item.y + item.height, `${where} hangs below the header`).toBeLessThanOrEqual(header.y + header.height);
      }
      for (const [i, a] of items.entries())
        for (const b of items.slice(i + 1)) expect(overlap(a, b), `${language} ${width}: "${a.name}" and "${b.name}"`).toBe(false);
    }
  }
}
