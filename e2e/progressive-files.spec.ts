import { test, expect, type Browser, type Page } from '@playwright/test';
import { originOf, signUpViaApi } from './fixtures';
import { PDF, postJobViaApi, token } from './jobs-helpers';
import { holdScripts, slowLink } from './slow-link';

// The apply form's files are the browser's own file inputs in the server's HTML (decision 0033): on a
// slow phone a person chooses a resume before the scripts have run, and hydration keeps it; without
// scripts the multipart POST carries it. Playwright's own `test`: the shared fixture's goto waits for
// hydration, which here is held back on purpose.

/** A job posted by a new employer, whose page can list its applicants. */
async function postedJob(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  const employer = await context.newPage();
  await signUpViaApi(employer, 'employer');
  const job = await postJobViaApi(employer, { title: `Sous Chef ${token('file')}` });
  const applicants = async () => {
    const res = await employer.request.get(`/api/jobs/${job.id}/applications`);
    expect(res.status()).toBe(200);
    return ((await res.json()) as { items: Array<{ message: string; resumeUrl: string | null; coverLetterUrl: string | null }> }).items;
  };
  const closeJob = () => employer.request.post(`/api/jobs/${job.id}/close`, { headers: { origin: originOf(employer) } });
  return { job, applicants, closeJob, close: () => context.close() };
}

const fileName = (page: Page, name: string) =>
  page.locator(`input[type=file][name=${name}]`).evaluate((input: HTMLInputElement) => input.files?.[0]?.name ?? null);

test('a resume chosen on a slow link before the scripts run is kept by the hydrated form and uploaded', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const employer = await postedJob(browser, baseURL);
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await signUpViaApi(page, 'jobseeker');
  await slowLink(page);
  const release = await holdScripts(page);
  await page.goto(`/jobs/${employer.job.id}/apply`, { waitUntil: 'commit' });

  // The browser's own input (a button to assistive technology), named by its label, in the server's HTML.
  const resume = page.getByRole('button', { name: 'Resume', exact: true });
  await resume.setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByRole('textbox', { name: 'Cover letter' }).fill('Chosen before the scripts ran.');
  expect(await page.locator('html[data-hydrated]').count()).toBe(0);

  release();
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 });
  // Kept: the same file in the same input, and the form knows it (its Remove button appears).
  expect(await fileName(page, 'resumeFile')).toBe('resume.pdf');
  await expect(page.getByRole('button', { name: 'Remove the file chosen for Resume' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Cover letter' })).toHaveValue('Chosen before the scripts ran.');

  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page).toHaveURL(/\/my-applications$/, { timeout: 30_000 });
  const [applied] = await employer.applicants();
  expect(applied?.message).toBe('Chosen before the scripts ran.');
  expect(applied?.resumeUrl).toBeTruthy();
  await context.close();
  await employer.close();
});

test('Remove unchooses the file, in the input too', async ({ browser, baseURL }) => {
  const employer = await postedJob(browser, baseURL);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signUpViaApi(page, 'jobseeker');
  await page.goto(`/jobs/${employer.job.id}/apply`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByRole('button', { name: 'Cover letter file', exact: true }).setInputFiles({ name: 'letter.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByRole('button', { name: 'Remove the file chosen for Cover letter file' }).click();
  await expect(page.getByRole('button', { name: 'Remove the file chosen for Cover letter file' })).toHaveCount(0);
  expect(await fileName(page, 'coverLetterFile')).toBeNull();
  await expect(page.getByRole('button', { name: 'Cover letter file', exact: true })).toBeFocused();
  await context.close();
  await employer.close();
});

test('without scripts, at 360 px, the multipart POST carries the chosen files and says "Application submitted!"; a closed job offers no form', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const employer = await postedJob(browser, baseURL);
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await signUpViaApi(page, 'jobseeker');
  await page.goto(`/jobs/${employer.job.id}/apply`);
  await page.getByRole('textbox', { name: 'Cover letter' }).fill('Sent without scripts.');
  await page.getByRole('button', { name: 'Cover letter file', exact: true }).setInputFiles({ name: 'letter.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByRole('button', { name: 'Resume', exact: true }).setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: PDF });
  const posted = page.waitForRequest((req) => req.method() === 'POST' && req.url().endsWith('/apply'));
  await page.getByRole('button', { name: 'Submit Application' }).click();
  expect((await posted).headers()['content-type']).toContain('multipart/form-data');
  await expect(page).toHaveURL(/\/my-applications\?submitted=1$/, { timeout: 20_000 });
  // My Applications drawn by the server says what the script's toast says, and lists the application (item 12).
  await expect(page.getByRole('status').filter({ hasText: 'Application submitted!' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'My Applications' })).toBeVisible();
  await expect(page.getByRole('link', { name: employer.job.title })).toBeVisible();
  const [applied] = await employer.applicants();
  expect(applied?.message).toBe('Sent without scripts.');
  expect(applied?.resumeUrl).toBeTruthy();
  expect(applied?.coverLetterUrl).toBeTruthy();

  // Closed: its Apply page says so, points to similar open jobs, and has no form (item 1).
  expect((await employer.closeJob()).status()).toBe(200);
  await page.goto(`/jobs/${employer.job.id}/apply`);
  await expect(page.getByText('This job is no longer accepting applications.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Application' })).toHaveCount(0);
  await expect(page.locator('input[type=file], textarea')).toHaveCount(0);
  await page.getByRole('link', { name: 'See similar open jobs' }).click();
  await expect(page).toHaveURL(/\/jobs\?category=Hospitality&country=Jamaica$/);
  await context.close();
  await employer.close();
});
