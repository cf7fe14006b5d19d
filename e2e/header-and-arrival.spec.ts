import type { Browser, Page } from '@playwright/test';
import { expect, expectAccessible, originOf, shoot, signUpViaApi, test } from './fixtures';
import { postJobViaApi, token } from './jobs-helpers';

/**
 * A page whose scripts are held back until `release()`: what a phone on a slow link shows between
 * the server's HTML and hydration. A fresh page of the browser, not the fixture's (whose goto waits
 * for hydration).
 */
async function heldBack(browser: Browser, baseURL: string, width: number) {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 800 } });
  const page = await context.newPage();
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await gate;
    await route.continue();
  });
  return { page, release, close: () => context.close() };
}

const hydrated = (page: Page) => page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

test.describe('the header and what works on arrival', () => {
  test('Find a Consultant is in the navigation for everyone, on a desktop and in the phone menu', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Find a Consultant' }).click();
    await expect(page).toHaveURL('/consultants');
    await expect(page.getByRole('heading', { level: 1, name: 'Find a Consultant' })).toBeVisible();

    await signUpViaApi(page, 'jobseeker');
    // The signed-in navigation, one link longer, still fits where it first shows instead of the menu button.
    for (const width of [1199, 1200]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/job-seeker/home');
      await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible({ visible: width < 1200 });
      await expect(nav.getByRole('link', { name: 'Find a Consultant' })).toBeVisible({ visible: width >= 1200 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/job-seeker/home');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('link', { name: 'Find a Consultant' })).toBeVisible();
    await expectAccessible(page);
    await menu.getByRole('link', { name: 'Find a Consultant' }).click();
    await expect(page).toHaveURL('/consultants');
  });

  test('on a phone the menu button carries the unread total and says it', async ({ page, browser, baseURL }) => {
    const me = await signUpViaApi(page, 'jobseeker', 'Una Unread');
    const otherContext = await browser.newContext({ baseURL });
    const other = await otherContext.newPage();
    await signUpViaApi(other, 'employer', `Sender ${token()}`);
    for (const text of ['One', 'Two', 'Three']) {
      const res = await other.request.post('/api/messages', { data: { recipientId: me.id, message: text }, headers: { origin: originOf(other) } });
      expect(res.status(), await res.text()).toBe(201);
    }
    await otherContext.close();

    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/job-seeker/home');
    const button = page.getByRole('button', { name: 'Open menu, 3 unread messages' });
    await expect(button).toBeVisible();
    // The number is seen on the button itself, not only inside the closed menu.
    await expect(page.getByRole('banner').getByText('3', { exact: true }).filter({ visible: true })).toHaveCount(1);
    await expectAccessible(page);
    await shoot(page, 'menu-unread');

    // On a desktop the count stays beside Inbox, with its words for screen readers.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Inbox 3 unread messages' })).toBeVisible();
  });

  test('a toast after an action sits below the header, not over its navigation', async ({ page }) => {
    await signUpViaApi(page, 'employer');
    const job = await postJobViaApi(page, { title: `Toast test ${token()}` });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/employer/dashboard');
    await page.getByRole('button', { name: `Delete ${job.title}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Job deleted' }).and(page.locator('.mantine-Notification-root'));
    await expect(toast).toBeVisible();
    const header = (await page.getByRole('banner').boundingBox())!;
    const box = (await toast.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
    // Log Out, the last link of the navigation, can still be clicked while the toast is up.
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Log Out' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Log Out' }).click({ trial: true });
    await expectAccessible(page);
    await shoot(page, 'toast-below-header');
  });

  test('controls that need scripts say they are not ready until the page has hydrated', async ({ browser, baseURL }) => {
    const phone = await heldBack(browser, baseURL!, 360);
    // Module scripts hold DOMContentLoaded back: the page is there as soon as its HTML is.
    await phone.page.goto('/', { waitUntil: 'commit' });
    const menuButton = phone.page.getByRole('button', { name: 'Open menu' });
    await expect(menuButton).toBeVisible();
    await expect(menuButton).toBeDisabled();
    await expect(menuButton).toHaveAttribute('data-pending');
    phone.release();
    await hydrated(phone.page);
    await expect(menuButton).toBeEnabled();
    await expect(menuButton).not.toHaveAttribute('data-pending');
    await menuButton.click();
    await expect(phone.page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await phone.close();

    const desktop = await heldBack(browser, baseURL!, 1280);
    await desktop.page.goto('/jobs', { waitUntil: 'commit' });
    const country = desktop.page.getByRole('combobox', { name: 'Country' });
    const language = desktop.page.getByRole('combobox', { name: 'Language' });
    await expect(country).toBeVisible();
    // A native, named choice before hydration (issue 48 item 4): usable at once.
    await expect(country).toBeEnabled();
    await expect(language).toBeDisabled();
    desktop.release();
    await hydrated(desktop.page);
    await expect(country).toBeEnabled();
    await expect(language).toBeEnabled();
    await desktop.close();
  });

  test('offline on a device that never opened them, the phone menu and a dialog still open', async ({ page, context }) => {
    // The worker downloads its precache after the page has loaded.
    test.setTimeout(60_000);
    await signUpViaApi(page, 'employer');
    const job = await postJobViaApi(page, { title: `Offline dialog ${token()}` });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/employer/dashboard');
    await expect(page.getByRole('heading', { name: job.title })).toBeVisible();
    // The worker has installed (its shell, the menu's and the dialogs' code included) and controls the page.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { polling: 200, timeout: 45_000 });

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('link', { name: 'Find a Consultant' })).toBeVisible();
    await expectAccessible(page);
    await menu.getByRole('button', { name: 'Close' }).click();
    await expect(menu).toBeHidden();

    await page.getByRole('button', { name: `Delete ${job.title}` }).click();
    await expect(page.getByRole('dialog', { name: 'Delete this job?' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await context.setOffline(false);
  });
});
