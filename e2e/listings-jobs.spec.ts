// Issue 21, the jobs half: structured fields, their filters and JSON-LD, closing and renewing.
import { expect, expectAccessible, originOf, signUpViaApi, test } from './fixtures';
import { pickOption, token } from './jobs-helpers';

const SHOTS = process.env.SCREENSHOTS_DIR;

test.describe('listings that stay fresh and say what matters (jobs)', () => {
  test('an employer posts a remote part-time job paid in TTD; a seeker filters by workplace and salary and finds it; its JSON-LD has the fields', async ({
    page: employerPage,
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    await signUpViaApi(employerPage, 'employer');
    const tag = token('reefguide');
    const title = `Reef Guide ${tag}`;

    // Employer: Post a New Job with the grouped optional fields.
    let page = employerPage;
    await page.goto('/post-job');
    await expect(page.getByRole('heading', { name: 'Post a New Job' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Job Title' }).fill(title);
    await page.getByRole('textbox', { name: 'Company Name' }).fill('Tobago Dive Co');
    await pickOption(page, 'Country', 'Trinidad and Tobago', 'Trini');
    await page.getByRole('combobox', { name: 'Category' }).fill('Hospitality');
    await page.getByRole('textbox', { name: 'Description' }).fill('Lead snorkel tours on Buccoo Reef.');
    await expect(page.getByRole('group', { name: 'Job type and pay (optional)' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Employment type' }).selectOption({ label: 'Part-time' });
    await page.getByRole('combobox', { name: 'Workplace' }).selectOption({ label: 'Remote' });
    await page.getByRole('textbox', { name: 'Minimum pay' }).fill('8000');
    await page.getByRole('textbox', { name: 'Maximum pay' }).fill('12000');
    await expect(page.getByRole('combobox', { name: 'Currency' }).locator('option:checked')).toHaveText('TTD (country)');
    await expectAccessible(page);
    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/post-job-1280.png`, fullPage: true });
      await page.setViewportSize({ width: 360, height: 800 });
      await page.screenshot({ path: `${SHOTS}/post-job-360.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    await page.getByRole('button', { name: 'Post Job' }).click();
    await expect(page).toHaveURL('/employer/dashboard');
    await expect(page.getByRole('heading', { name: title })).toBeVisible();

    // Job seeker, signed out: filters by workplace and "salary at least".
    const seekerContext = await browser.newContext({ baseURL });
    page = await seekerContext.newPage();
    await page.goto('/jobs');
    await page.getByRole('searchbox', { name: 'Job title' }).fill(tag);
    await expect(page.getByRole('article')).toHaveCount(1);
    await pickOption(page, 'Workplace', 'Remote');
    await expect(page).toHaveURL(/workplace=remote/);
    await page.getByRole('textbox', { name: 'Salary at least' }).fill('10000');
    await pickOption(page, 'Currency', 'TTD');
    await expect(page).toHaveURL(/salary=10000/);
    await expect(page).toHaveURL(/currency=TTD/);
    const card = page.getByRole('article');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(title);
    await expect(card).toContainText('Part-time · Remote');
    await expect(card).toContainText(/TTD\s?8,000 – TTD\s?12,000 a month/);
    await expectAccessible(page);
    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/jobs-list-1280.png`, fullPage: true });
      await page.setViewportSize({ width: 360, height: 800 });
      await page.screenshot({ path: `${SHOTS}/jobs-list-360.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    // Above what it pays: not found.
    await page.getByRole('textbox', { name: 'Salary at least' }).fill('13000');
    await expect(page.getByText('No jobs found. Try adjusting your filters.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Salary at least' }).fill('10000');
    await page.getByRole('link', { name: title }).click();

    // Its page: the facts, and the JSON-LD Google for Jobs reads.
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByText(/TTD\s?8,000 – TTD\s?12,000 a month/)).toBeVisible();
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}');
    expect(ld).toMatchObject({
      '@type': 'JobPosting',
      title,
      employmentType: 'PART_TIME',
      jobLocationType: 'TELECOMMUTE',
      baseSalary: { '@type': 'MonetaryAmount', currency: 'TTD', value: { minValue: 8000, maxValue: 12000, unitText: 'MONTH' } },
    });
    expect(new Date(ld.validThrough).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    await expectAccessible(page);
    if (SHOTS) {
      await page.setViewportSize({ width: 360, height: 800 });
      await page.screenshot({ path: `${SHOTS}/job-detail-360.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    await seekerContext.close();
  });

  test('a closed job leaves the list, its page says so without an apply form, and the employer renews it', async ({ page, browser, baseURL }) => {
    test.setTimeout(90_000);
    await signUpViaApi(page, 'employer');
    const tag = token('harbour');
    const title = `Harbour Pilot ${tag}`;
    const res = await page.request.post('/api/jobs', {
      data: { title, company: 'Port Authority', country: 'Jamaica', category: 'Logistics', description: 'Bring ships in safely.' },
      headers: { origin: originOf(page) },
    });
    expect(res.status()).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect((await page.request.post(`/api/jobs/${id}/close`, { data: {}, headers: { origin: originOf(page) } })).status()).toBe(200);

    const visitor = await (await browser.newContext({ baseURL })).newPage();
    await visitor.goto(`/jobs?title=${tag}`);
    await expect(visitor.getByText('No jobs found. Try adjusting your filters.')).toBeVisible();
    await visitor.goto(`/jobs/${id}`);
    await expect(visitor.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(visitor.getByText('This job is no longer accepting applications.')).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Apply for this Job' })).toHaveCount(0);
    await expectAccessible(visitor);

    await page.goto('/employer/dashboard');
    await expect(page.getByRole('heading', { name: 'Closed jobs' })).toBeVisible();
    await expect(page.getByText('You have no open jobs.')).toBeVisible();
    await expectAccessible(page);
    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/dashboard-1280.png`, fullPage: true });
      await page.setViewportSize({ width: 360, height: 800 });
      await page.screenshot({ path: `${SHOTS}/dashboard-360.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    await page.getByRole('button', { name: `Renew: ${title}` }).click();
    await expect(page.getByText('Job renewed for 30 days')).toBeVisible();
    await expect(page.getByRole('button', { name: `Close now: ${title}` })).toBeVisible();

    await visitor.goto(`/jobs?title=${tag}`);
    await expect(visitor.getByRole('article')).toHaveCount(1);
  });
});
