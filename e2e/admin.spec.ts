import type { Page } from '@playwright/test';
import { adminRequest, E2E_ADMIN, expect, expectAccessible, logIn, originOf, shoot, signUpViaApi, test } from './fixtures';
import { postJobViaApi, token } from './jobs-helpers';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function openAdmin(page: Page) {
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL('/admin');
  await expect(page.getByText(`Welcome, ${E2E_ADMIN.email}`)).toBeVisible();
}

/** Opens the user list and searches for one person by email. */
async function findUser(page: Page, email: string) {
  const toggle = page.getByRole('button', { name: 'Show User List' });
  if (await toggle.isVisible()) await toggle.click();
  await page.getByRole('searchbox', { name: 'Search by name or email' }).fill(email);
  await expect(page.getByRole('cell', { name: email })).toBeVisible();
  // The newest person may show before the search has run: wait for its answer (the header and one row).
  await expect(page.locator('#admin-users').getByRole('row')).toHaveCount(2);
}

async function manage(page: Page, name: string, item: string) {
  await page.getByRole('button', { name: `Manage ${name}` }).click();
  await page.getByRole('menuitem', { name: item }).click();
  await expect(page.getByRole('menu')).toBeHidden();
}

test.describe('admin dashboard', () => {
  test('tiles, charts, filter and CSV; screens are for admins only', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const other = await browser.newContext({ baseURL });
    const seekerPage = await other.newPage();
    await signUpViaApi(seekerPage, 'jobseeker');
    await seekerPage.goto('/admin');
    await expect(seekerPage.getByText('This screen is for administrators only.')).toBeVisible();
    expect((await seekerPage.request.get('/api/admin/stats')).status()).toBe(403);
    await other.close();

    await openAdmin(page);
    for (const tile of ['Total Users', 'Total Jobs', 'Total Ads', 'Applications']) await expect(page.getByText(tile, { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Weekly User Growth' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Weekly Ad Postings' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Job Seeker Home' })).toHaveAttribute('href', '/job-seeker/home');
    await expect(page.getByRole('link', { name: 'Employer Home' })).toHaveAttribute('href', '/employer/home');
    await expect(page.getByRole('link', { name: 'User Feedback' })).toHaveAttribute('href', '/admin-feedback');
    await expect(page.getByRole('link', { name: 'Client Requests' })).toHaveAttribute('href', '/client-requests');
    await expect(page.locator('.recharts-surface').first()).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Apply Filter' }).click();
    await expect(page.getByText('Please select both dates.')).toBeVisible();
    await page.getByLabel('From', { exact: true }).fill('2026-01-01');
    await page.getByLabel('To', { exact: true }).fill(new Date().toISOString().slice(0, 10));
    await page.getByRole('button', { name: 'Apply Filter' }).click();
    await expect(page.getByText('Please select both dates.')).toBeHidden();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^CaribConnect-growth-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8');
    expect(csv).toContain('User Growth\r\nweek,count\r\n');
    expect(csv).toContain('Application Growth');

    await shoot(page, 'admin');
    for (const path of ['/admin/jobs', '/admin/applications', '/admin-feedback']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText('Loading...')).toBeHidden();
      await expectAccessible(page);
      await shoot(page, `admin${path.replaceAll('/', '-')}`);
    }
    await expect(page.getByRole('heading', { name: 'User Feedback & Suggestions' })).toBeVisible();
  });

  test('set a role and undo it; mute refuses posting; delete a user and their files', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const ctx = await browser.newContext({ baseURL });
    const personPage = await ctx.newPage();
    const person = await signUpViaApi(personPage, 'employer', `Rita ${token('r')}`);
    const avatar = await personPage.request.post('/api/profiles/me/avatar', {
      multipart: { avatar: { name: 'me.png', mimeType: 'image/png', buffer: PNG } },
      headers: { origin: originOf(personPage) },
    });
    expect(avatar.status(), await avatar.text()).toBe(200);
    const avatarUrl = (await avatar.json()).avatarUrl as string;

    await openAdmin(page);
    await findUser(page, person.email);
    await expectAccessible(page);
    await manage(page, person.fullName, 'Set role: Job Seeker');
    await expect(page.getByText('Role set to "job seeker".')).toBeVisible();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('Undo successful.')).toBeVisible();
    await expect(
      page
        .locator('#admin-users')
        .getByRole('row', { name: new RegExp(person.email) })
        .getByText('employer', { exact: true }),
    ).toBeVisible();

    await manage(page, person.fullName, 'Mute');
    await expect(page.getByText('Role set to "muted".')).toBeVisible();
    const refused = await personPage.request.post('/api/jobs', {
      data: { title: 'Muted job', company: 'X', country: 'Jamaica', category: 'Hospitality', description: 'Nope.' },
      headers: { origin: originOf(personPage) },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).message).toMatch(/muted/);

    await page.getByRole('button', { name: 'Show Job Posts' }).click();
    await expect(page.getByRole('button', { name: 'Hide Job Posts' })).toBeVisible();

    await manage(page, person.fullName, 'Delete');
    await expect(page.getByText(`Are you sure you want to delete ${person.fullName}?`)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('User deleted.')).toBeVisible();
    await expect(page.locator('#admin-users').getByRole('cell', { name: person.email })).toBeHidden();
    expect((await page.request.get(avatarUrl)).status()).toBe(404);
    expect((await personPage.request.get('/api/me')).ok() && (await (await personPage.request.get('/api/me')).json()).user).toBeFalsy();

    await page.getByRole('heading', { name: 'Audit Trail' }).scrollIntoViewIfNeeded();
    await page.getByRole('searchbox', { name: 'Search by admin, person or item' }).fill(person.email);
    await expect(page.getByRole('cell', { name: 'User deleted' })).toBeVisible();
    await ctx.close();
  });

  test('jobs not free: a new job awaits payment until the admin marks it paid', async ({ page, browser, baseURL, playwright }) => {
    test.setTimeout(120_000);
    const admin = await adminRequest(playwright.request, baseURL!);
    const ctx = await browser.newContext({ baseURL });
    const employerPage = await ctx.newPage();
    await signUpViaApi(employerPage, 'employer');
    const title = `Cashier ${token('pay')}`;

    await openAdmin(page);
    await expect(page.getByRole('heading', { name: 'Payment Settings' })).toBeVisible();
    await page.getByLabel('Job price ($)').fill('30');
    await page.getByLabel('Job price ($)').press('Enter');
    await expect(page.getByText('Updated job_price successfully')).toBeVisible();
    // Other specs post jobs on the same server: jobs stay non-free only for the moment this one posts.
    await page.getByRole('switch', { name: 'Jobs are free' }).click();
    await expect(page.getByText('Updated jobs_free successfully')).toBeVisible();
    try {
      await employerPage.goto('/post-job');
      await expect(employerPage.getByText('Posting a job costs $30.')).toBeVisible();
      await postJobViaApi(employerPage, { title });
    } finally {
      expect((await admin.put('/api/admin/settings', { data: { jobsFree: true } })).status()).toBe(200);
    }

    await employerPage.goto('/employer/dashboard');
    await expect(employerPage.getByText('Awaiting payment of $30')).toBeVisible();
    await employerPage.goto(`/jobs?title=${encodeURIComponent(title)}`);
    await expect(employerPage.getByText(/No jobs found/)).toBeVisible();

    // All Jobs says what the job is waiting for (it used to read "Mark paid", a button's name, as a status).
    await page.goto('/admin/jobs');
    await expect(page.getByRole('row', { name: new RegExp(title) }).getByText('Awaiting payment of $30')).toBeVisible();

    await page.goto('/admin');
    await page.getByRole('button', { name: 'Show Job Posts' }).click();
    await expect(page.getByText('Awaiting payment of $30').first()).toBeVisible();
    await expectAccessible(page);
    // One click does not record a payment: the dialog names the listing and the amount first.
    const markPaid = async () => {
      await page.getByRole('button', { name: `Mark paid: ${title}` }).click();
      await page.getByRole('menuitem', { name: 'Bank transfer' }).click();
      const dialog = page.getByRole('dialog', { name: 'Record payment' });
      await expect(dialog.getByText(`Record a bank transfer payment of $30 for "${title}"?`)).toBeVisible();
      return dialog;
    };
    let dialog = await markPaid();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: `Mark paid: ${title}` })).toBeVisible();
    await employerPage.goto(`/jobs?title=${encodeURIComponent(title)}`);
    await expect(employerPage.getByText(/No jobs found/)).toBeVisible();

    dialog = await markPaid();
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await expect(page.getByText('Payment recorded.')).toBeVisible();
    await expect(page.getByRole('button', { name: `Mark paid: ${title}` })).toBeHidden();

    await employerPage.goto(`/jobs?title=${encodeURIComponent(title)}`);
    await expect(employerPage.getByRole('link', { name: title })).toBeVisible();
    await ctx.close();
    await admin.dispose();
  });

  test('at 360 px every admin list shows its rows as cards: nothing scrolls sideways, badges read in full, actions reachable', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    // Long values, the kind that used to widen the page: a long name, email and job title.
    const ctx = await browser.newContext({ baseURL });
    const employerPage = await ctx.newPage();
    const person = await signUpViaApi(employerPage, 'employer', `Consolata Wilhelmina ${token('n')}`);
    const title = `Senior Hospitality Operations Coordinator ${token('long')}`;
    const job = await postJobViaApi(employerPage, { title });
    const seekerPage = await ctx.newPage();
    await signUpViaApi(seekerPage, 'jobseeker');
    const applied = await seekerPage.request.post(`/api/jobs/${job.id}/applications`, {
      multipart: { coverLetter: 'I have run front desks in Montego Bay for ten years and would love to join your team.' },
      headers: { origin: originOf(seekerPage) },
    });
    expect(applied.status(), await applied.text()).toBe(201);
    const feedback = await seekerPage.request.post('/api/feedback', {
      data: { name: 'Marie', message: 'A long suggestion about the jobs list that goes on for a while, so that it has to wrap on a phone.' },
      headers: { origin: originOf(seekerPage) },
    });
    expect(feedback.status(), await feedback.text()).toBe(201);
    await ctx.close();

    await page.setViewportSize({ width: 360, height: 800 });
    const noSidewaysScroll = async () => {
      // Names what sticks out, should anything make the page wider than the screen.
      const wide = await page.evaluate(() =>
        [...document.querySelectorAll('body *')]
          .filter((el) => el.getBoundingClientRect().right > 361)
          .slice(-3)
          .map((el) => `${el.tagName}.${el.className} ${(el.textContent ?? '').slice(0, 60)}`),
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `the page scrolls sideways: ${wide.join(' | ')}`).toBeLessThanOrEqual(360);
    };
    /** Inside the screen's width, left to right. */
    const onScreen = async (locator: ReturnType<Page['locator']>) => {
      await noSidewaysScroll();
      await locator.scrollIntoViewIfNeeded();
      const box = (await locator.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
    };

    await openAdmin(page);
    await findUser(page, person.email);
    const row = page.locator('#admin-users').getByRole('row', { name: new RegExp(person.email) });
    const badge = row.getByText('employer', { exact: true });
    await onScreen(badge);
    // Not cut to "EMPL…": the badge's text is as wide as its box.
    expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await onScreen(row.getByText(person.email));
    // A long email and name wrap at sensible points (after "@", before ".", "-", "_", "+", or at a
    // space), not mid-word, and are shown whole (issue 48, item 13).
    for (const text of [person.email, person.fullName]) {
      const breaks = await row.getByText(text, { exact: true }).evaluate((el) => {
        const range = document.createRange();
        const chars: Array<{ c: string; top: number }> = [];
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode())
          for (let i = 0; i < node.textContent!.length; i++) {
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            chars.push({ c: node.textContent![i]!, top: Math.round(range.getBoundingClientRect().top) });
          }
        return chars.flatMap((ch, i) => (i > 0 && ch.top > chars[i - 1]!.top ? [`${chars[i - 1]!.c}|${ch.c}`] : []));
      });
      for (const at of breaks) expect(at, `${text} breaks at ${at}`).toMatch(/^(@\||.\|[.\-_+]| \|.|.\| )/);
    }
    const manageButton = row.getByRole('button', { name: `Manage ${person.fullName}` });
    await onScreen(manageButton);
    await manageButton.click();
    await expect(page.getByRole('menuitem', { name: 'Mute' })).toBeVisible();
    // The menu closes on Escape once focus has moved into it, a moment after it opens (a person's
    // key press comes later; a test's can come first, and then goes to the button).
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="menu"]') != null)).toBe(true);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await noSidewaysScroll();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Show Job Posts' }).click();
    await page.getByRole('button', { name: 'Show Ads' }).click();
    const jobRow = page.locator('#admin-jobs').getByRole('row', { name: new RegExp(title) });
    await onScreen(jobRow.getByRole('button', { name: `Delete ${title}` }));
    await page.getByRole('searchbox', { name: 'Search by admin, person or item' }).fill(E2E_ADMIN.email);
    await expect(page.getByText('Loading...')).toHaveCount(0);
    await noSidewaysScroll();
    await expectAccessible(page);
    await shoot(page, 'admin-lists');

    for (const [path, text] of [
      ['/admin/jobs', title],
      ['/admin/applications', 'Montego Bay'],
      ['/admin-feedback', 'A long suggestion'],
      ['/client-requests', null],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
      if (text) await onScreen(page.getByText(text).first());
      await noSidewaysScroll();
      await expectAccessible(page);
      await shoot(page, `admin${path.replaceAll('/', '-')}`);
    }
  });
});
