import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, originOf, signUpViaApi, test } from './fixtures';
import { postJobViaApi, token } from './jobs-helpers';
import { holdScripts, slowLink } from './slow-link';

/**
 * The public lists' filters are plain GET forms: on a slow phone a person types before the script has
 * arrived, and with JavaScript off the form is all there is. These journeys hold the scripts back (or
 * turn them off) and check that nothing typed is lost and that the server answers the form.
 */

/** A signed-in page in a context of its own, to post what the journey then looks for. */
async function asNewUser(browser: Browser, baseURL: string | undefined, role: 'employer' | 'jobseeker', name?: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const user = await signUpViaApi(page, role, name);
  return { context, page, user };
}

/**
 * A cold phone on a slow link (400 kbps, 400 ms round trip) whose scripts arrive only when `release`
 * is called: until then the page is the server's HTML and nothing else, as it is for the seconds
 * before a real phone has downloaded and run the app.
 */
async function slowLinkHoldingScripts(browser: Browser, baseURL: string | undefined, viewport = { width: 360, height: 740 }) {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  await slowLink(page);
  const release = await holdScripts(page);
  return { context, page, release };
}

const hydrated = (page: Page) => page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 45_000 });

async function noJs(browser: Browser, baseURL: string | undefined): Promise<{ context: BrowserContext; page: Page }> {
  // At a phone's width: every choice of a filter is a control a person can use without scripts (issue 48, item 4).
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
  return { context, page: await context.newPage() };
}

test.describe('filters before and without JavaScript', () => {
  test('/jobs on a slow phone: "Nurse" typed before hydration stays, and filters the list once it hydrates', async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    // Not 'nurse': the tag is in both titles, and must not match the search.
    const tag = token('ward');
    const employer = await asNewUser(browser, baseURL, 'employer');
    await postJobViaApi(employer.page, { title: `Night Nurse ${tag}` });
    // The newest job, first in the unfiltered list.
    await postJobViaApi(employer.page, { title: `Pastry Chef ${tag}` });
    await employer.context.close();

    const { context, page, release } = await slowLinkHoldingScripts(browser, baseURL);
    await page.goto('/jobs', { waitUntil: 'commit' });
    const search = page.getByRole('searchbox', { name: 'Job title' });
    await search.pressSequentially('Nurse');
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(false);

    release();
    await hydrated(page);
    await expect(search).toHaveValue('Nurse');
    // Applied without another keystroke: the URL and the list follow what was typed.
    await expect(page).toHaveURL(/[?&]title=Nurse(&|$)/, { timeout: 15_000 });
    // The link is slow: the unfiltered list stays until the filtered one has arrived.
    await expect(page.getByRole('link', { name: new RegExp(`Pastry Chef ${tag}`) })).toHaveCount(0, { timeout: 20_000 });
    await expect(page.getByRole('link', { name: new RegExp(`Night Nurse ${tag}`) })).toBeVisible();
    // Still typed into after hydration, like any field.
    await search.pressSequentially(` ${tag}`);
    await expect(page).toHaveURL(new RegExp(`title=Nurse(\\+|%20)${tag}`), { timeout: 15_000 });
    // Ranked by relevance (issue 46): the job with both words first, other nurses' jobs after it.
    await expect(page.getByRole('article').first()).toContainText(`Night Nurse ${tag}`);
    await context.close();
  });

  test('/jobs submitted before hydration with Enter: the server renders the filtered list', async ({ browser, baseURL }) => {
    test.setTimeout(60_000);
    const tag = token('porter');
    const employer = await asNewUser(browser, baseURL, 'employer');
    await postJobViaApi(employer.page, { title: `Night Porter ${tag}` });
    await employer.context.close();

    const { context, page, release } = await slowLinkHoldingScripts(browser, baseURL);
    await page.goto('/jobs', { waitUntil: 'commit' });
    await page.getByRole('searchbox', { name: 'Job title' }).fill(`Porter ${tag}`);
    const answered = page.waitForResponse((res) => res.request().resourceType() === 'document' && res.url().includes('title='));
    await page.getByRole('searchbox', { name: 'Job title' }).press('Enter');
    const res = await answered;
    expect(await res.text()).toContain(`Night Porter ${tag}`);
    await expect(page).toHaveURL(new RegExp(`title=Porter(\\+|%20)${tag}`));
    release();
    await context.close();
  });

  test('/jobs with JavaScript off: the filter form is answered by the server, the country in the URL is kept', async ({ browser, baseURL }) => {
    const tag = token('mason');
    const employer = await asNewUser(browser, baseURL, 'employer');
    await postJobViaApi(employer.page, { title: `Stone Mason ${tag}`, country: 'Dominica', category: 'Construction' });
    await postJobViaApi(employer.page, { title: `Mason helper ${tag}`, country: 'Jamaica', category: 'Construction' });
    await postJobViaApi(employer.page, { title: `Mason cook ${tag}`, country: 'Dominica', category: 'Hospitality' });
    await employer.context.close();

    // Desktop width: on a phone /jobs folds its filters behind a button that needs scripts.
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/jobs?country=Jamaica');
    await page.getByRole('searchbox', { name: 'Job title' }).fill(`Mason ${tag}`);
    // The country is the browser's own select, named, with the URL's choice chosen: changed here without scripts.
    await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('Jamaica');
    await page.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'Dominica' });
    await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Construction' });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/country=Dominica/);
    await expect(page).toHaveURL(/category=Construction/);
    await expect(page.getByRole('searchbox', { name: 'Job title' })).toHaveValue(`Mason ${tag}`);
    await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('Construction');
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('link', { name: new RegExp(`Stone Mason ${tag}`) })).toBeVisible();
    await context.close();
  });

  test('/ads: the chosen category is in the server HTML, and the form works with JavaScript off', async ({ browser, baseURL, request }) => {
    test.setTimeout(90_000);
    const tag = token('kayak');
    const poster = await asNewUser(browser, baseURL, 'jobseeker');
    const categories = (await (await request.get('/api/ad-categories')).json()) as Array<{ id: string; slug: string; name: string }>;
    const vehicles = categories.find((c) => c.slug === 'vehicles')!;
    const other = categories.find((c) => c.slug !== 'vehicles')!;
    for (const [title, category] of [
      [`Kayak trailer ${tag}`, vehicles],
      [`Kayak paddle ${tag}`, other],
    ] as const) {
      const res = await poster.page.request.post('/api/ads', {
        headers: { origin: originOf(poster.page) },
        multipart: { title, description: 'Barely used.', categoryId: category.id, country: 'Jamaica' },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
    await poster.context.close();

    // The choices and the chosen one arrive with the page, not after hydration.
    const html = await (await request.get(`/ads?category=${vehicles.id}`)).text();
    // The attribute in any order, as `selected` or `selected=""`: renderers write it either way.
    const option = new RegExp(`<option [^>]*value="${vehicles.id}"[^>]*>Vehicles</option>`).exec(html)?.[0] ?? '';
    const chosen = /\sselected[\s=>]/.test(option);
    expect(chosen, 'the HTML holds the Vehicles option, selected').toBe(true);

    // A category chosen and a search typed before hydration are kept, and applied once it happens.
    const slow = await slowLinkHoldingScripts(browser, baseURL, { width: 1280, height: 800 });
    await slow.page.goto('/ads', { waitUntil: 'commit' });
    await slow.page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Vehicles' });
    await slow.page.getByRole('searchbox', { name: 'Search ads' }).fill(tag);
    slow.release();
    await hydrated(slow.page);
    await expect(slow.page.getByRole('combobox', { name: 'Category' })).toHaveValue(vehicles.id);
    await expect(slow.page.getByRole('searchbox', { name: 'Search ads' })).toHaveValue(tag);
    await expect(slow.page).toHaveURL(new RegExp(`category=${vehicles.id}`), { timeout: 15_000 });
    await expect(slow.page.getByRole('article')).toHaveCount(1, { timeout: 15_000 });
    await slow.context.close();

    const { context, page } = await noJs(browser, baseURL);
    await page.goto('/ads');
    await page.getByRole('searchbox', { name: 'Search ads' }).fill(tag);
    await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Vehicles' });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`category=${vehicles.id}`));
    await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue(vehicles.id);
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('link', { name: `Kayak trailer ${tag}`, exact: true })).toBeVisible();
    await context.close();
  });

  test('/consultants and /hire-consultant with JavaScript off: search and specialty through the form', async ({ browser, baseURL }) => {
    const tag = token('cj');
    for (const [name, specialty] of [
      [`Carla ${tag}`, 'Legal'],
      [`Colin ${tag}`, 'Finance'],
    ]) {
      const consultant = await asNewUser(browser, baseURL, 'jobseeker', name);
      const saved = await consultant.page.request.fetch('/api/consultants/me', {
        method: 'PUT',
        headers: { origin: originOf(consultant.page) },
        multipart: { fullName: name, contactInfo: 'Office: Bridgetown', country: 'Barbados', specialty, bio: 'Small business help.' },
      });
      expect(saved.status(), await saved.text()).toBe(201);
      await consultant.context.close();
    }

    const { context, page } = await noJs(browser, baseURL);
    for (const path of ['/consultants', '/hire-consultant']) {
      await page.goto(path);
      await page.getByRole('searchbox', { name: 'Search by name or specialty' }).fill(tag);
      await page.getByRole('combobox', { name: 'Specialty' }).selectOption({ label: 'Legal' });
      await page.getByRole('searchbox', { name: 'Search by name or specialty' }).press('Enter');
      await expect(page).toHaveURL(/specialty=Legal/);
      await expect(page.getByRole('article')).toHaveCount(1);
      await expect(page.getByRole('article', { name: `Carla ${tag}` })).toBeVisible();
      // The Country is a named native select too: another country finds no one, Barbados finds Carla.
      await page.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'Jamaica' });
      await page.getByRole('searchbox', { name: 'Search by name or specialty' }).press('Enter');
      await expect(page).toHaveURL(/country=Jamaica/);
      await expect(page.getByRole('article')).toHaveCount(0);
      await page.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'Barbados' });
      await page.getByRole('searchbox', { name: 'Search by name or specialty' }).press('Enter');
      await expect(page).toHaveURL(/country=Barbados/);
      await expect(page.getByRole('article', { name: `Carla ${tag}` })).toBeVisible();
    }
    await context.close();
  });

  test('/consultants on a slow phone: Contact waits, disabled and pending, until hydration, then opens its dialog', async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const tag = token('cw');
    const name = `Celia ${tag}`;
    const consultant = await asNewUser(browser, baseURL, 'jobseeker', name);
    const saved = await consultant.page.request.fetch('/api/consultants/me', {
      method: 'PUT',
      headers: { origin: originOf(consultant.page) },
      multipart: { fullName: name, contactInfo: 'Office: Castries', country: 'Saint Lucia', specialty: 'Legal', bio: 'Contracts.' },
    });
    expect(saved.status(), await saved.text()).toBe(201);
    await consultant.context.close();

    const { context, page, release } = await slowLinkHoldingScripts(browser, baseURL);
    await page.goto(`/consultants?q=${tag}`, { waitUntil: 'commit' });
    const contact = page.getByRole('button', { name: `Contact ${name}` });
    await expect(contact).toBeVisible({ timeout: 30_000 });
    await expect(contact).toBeDisabled();
    await expect(contact).toHaveAttribute('data-pending');
    release();
    await hydrated(page);
    await expect(contact).toBeEnabled();
    await expect(contact).not.toHaveAttribute('data-pending');
    await contact.click();
    await expect(page.getByRole('dialog').getByText('Please log in to contact a consultant.')).toBeVisible();
    await context.close();
  });

  // A signed-in screen the browser draws (it needs scripts, as the inbox does), with the public
  // lists' contract: a GET form whose field is named q, and the address is the search.
  test('/search-users: a GET form with its field named q; ?q= in the address is the search', async ({ page, browser, baseURL }) => {
    const tag = token('gq');
    const other = await asNewUser(browser, baseURL, 'employer', `Ottoline ${tag}`);
    await other.context.close();
    await signUpViaApi(page, 'jobseeker', `Searcher ${tag}`);

    await page.goto(`/search-users?q=${tag}`);
    const box = page.getByRole('searchbox', { name: 'Search by name' });
    await expect(box).toHaveValue(tag);
    await expect(box).toHaveAttribute('name', 'q');
    await expect(page.locator('form', { has: box })).toHaveAttribute('method', 'get');
    await expect(page.getByRole('article', { name: `Ottoline ${tag}` })).toBeVisible();
    await expect(page.getByRole('article', { name: `Searcher ${tag}` })).toHaveCount(0);

    await box.fill(`nobody-${tag}`);
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`[?&]q=nobody-${tag}`));
    await expect(page.getByText('No users found.')).toBeVisible();
  });
});
