import type { Page } from '@playwright/test';
import { expect, expectAccessible, signUpViaApi, test, shoot } from './fixtures';
import { postJobViaApi, token } from './jobs-helpers';

/** The service worker has taken over the page and kept what it loaded before (its first visit). */
async function untilKept(page: Page, apiPath: string) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.waitForFunction(
    async (path) => {
      const pageKept = (await caches.match(location.href)) !== undefined;
      const keys = caches.has('cc-api').then(async (has) => (has ? (await caches.open('cc-api')).keys() : []));
      return pageKept && (await keys).some((r) => new URL(r.url).pathname === path);
    },
    apiPath,
    { polling: 200 },
  );
}

test.describe('offline', () => {
  test('a visited list reloads offline with a notice; a screen never opened says it is offline, header kept', async ({ page, context }) => {
    await signUpViaApi(page, 'employer');
    const title = `Offline cook ${token()}`;
    await postJobViaApi(page, { title });
    await context.clearCookies();

    await page.goto(`/jobs?title=${encodeURIComponent(title)}`);
    await expect(page.getByRole('article').filter({ hasText: title })).toBeVisible();
    await expect(page.getByText('You are offline.', { exact: false })).toHaveCount(0);
    await untilKept(page, '/api/jobs');
    // Once more with the worker in control: the copy used offline is then the one its own fetch kept.
    await page.reload();
    await expect(page.getByRole('article').filter({ hasText: title })).toBeVisible();
    await page.waitForFunction(async () => (await caches.match(location.href, { ignoreVary: true, cacheName: 'cc-pages' })) !== undefined, undefined, {
      polling: 200,
    });

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('article').filter({ hasText: title })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'You are offline. You see what this device saved' })).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'offline-jobs');

    // Browse Ads was never opened: its code is not on the device.
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Browse Ads' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
    await expect(page.getByText('This screen has not been saved on this device yet.')).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Browse Jobs' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    await expectAccessible(page);
    await shoot(page, 'offline-screen');
    // On a phone the navigation is behind the menu button, still there.
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await expectAccessible(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Back online: the notice goes and the screen opens.
    await context.setOffline(false);
    await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Browse Ads' })).toBeVisible();
  });

  test('signing out forgets the pages and data kept for that person', async ({ page }) => {
    await signUpViaApi(page, 'jobseeker');
    await page.goto('/my-applications');
    await untilKept(page, '/api/applications/mine');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL('/');
    await page.waitForFunction(async () => {
      const kept = await Promise.all(['cc-api', 'cc-pages'].map(async (name) => ((await caches.has(name)) ? (await caches.open(name)).keys() : [])));
      return !kept.flat().some((r) => /\/my-applications|\/api\/applications\/mine/.test(r.url));
    });
  });
});

test.describe('installable', () => {
  test('the manifest is linked, parses, and its icons, the touch icon and the worker are served', async ({ page, request }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const res = await request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^application\/(manifest\+)?json/);
    const manifest = await res.json();
    expect(manifest).toMatchObject({ name: 'CaribConnect', short_name: 'CaribConnect', start_url: '/', display: 'standalone', theme_color: '#0b7285' });
    const sizes = new Set<string>();
    for (const icon of manifest.icons as Array<{ src: string; sizes: string; purpose: string }>) {
      const png = await request.get(icon.src);
      expect(png.status(), icon.src).toBe(200);
      expect(png.headers()['content-type']).toBe('image/png');
      const body = await png.body();
      // The PNG's own width and height (IHDR) match what the manifest says.
      expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
      sizes.add(`${icon.sizes} ${icon.purpose}`);
    }
    expect([...sizes].sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    const touch = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    expect((await request.get(touch!)).status()).toBe(200);

    const sw = await request.get('/sw.js');
    expect(sw.status()).toBe(200);
    expect(sw.headers()['content-type']).toMatch(/javascript/);
    // Checked for a new version on every visit.
    expect(sw.headers()['cache-control']).toBe('no-cache');

    // Chromium's own verdict; a test browser is always incognito, where nothing installs.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
  });
});

test.describe('search engines', () => {
  test('robots.txt and the sitemap answer as files, the sitemap with a public job', async ({ page, request }) => {
    await signUpViaApi(page, 'employer');
    const job = await postJobViaApi(page, { title: `Sitemap cook ${token()}` });
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(robots.headers()['content-type']).toBe('text/plain; charset=utf-8');
    expect(await robots.text()).toMatch(/^Sitemap: http:\/\/localhost:\d+\/sitemap\.xml$/m);
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()['content-type']).toBe('application/xml; charset=utf-8');
    expect(await sitemap.text()).toContain(`/jobs/${job.id}</loc>`);
    expect((await request.get('/sitemaps/jobs-99.xml')).status()).toBe(404);
  });
});
