import { confirmationLink, expect, PASSWORD, signUpViaApi, test, uniqueEmail } from './fixtures';
import { postJobViaApi, token } from './jobs-helpers';

// Issue 48, item 2 (decision 0069), at 360 px: a visitor who taps Save signed out, then signs up
// rather than logging in, gets back to the job with it saved once the emailed link confirms them.
test.use({ viewport: { width: 360, height: 780 } });

test('signed out, Save → Sign Up → the emailed link → Continue: back on the job, and it is saved', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const employerContext = await browser.newContext({ baseURL });
  const employerPage = await employerContext.newPage();
  await signUpViaApi(employerPage, 'employer');
  const job = await postJobViaApi(employerPage, { title: `Line Cook ${token('ret')}` });
  await employerContext.close();

  await page.goto(`/jobs/${job.id}`);
  await page.getByRole('button', { name: `Save job: ${job.title}` }).click();
  await expect(page).toHaveURL(/\/login\?returnTo=/);
  // New here: Sign Up, from Log In, keeps where they were going.
  await page.getByRole('main').getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/signup\?(.+&)?returnTo=/);
  const email = uniqueEmail('ret');
  await page.getByRole('radio', { name: 'Job Seeker' }).check();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('textbox', { name: 'Full name' }).fill('Rosa Mendes');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Check your email to confirm your account' })).toBeVisible();
  // Not saved yet: nobody was signed in to save it for.
  expect((await (await page.request.get('/api/me')).json()).user ?? null).toBeNull();

  // The link from the mail (the SMTP sink's copy), opened as a person would: it confirms and signs in.
  await page.goto(await confirmationLink(email));
  await expect(page).toHaveURL(/\/email-confirmed\?.*next=.*sig=/);
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/jobs/${job.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: job.title })).toBeVisible();
  await expect(page.getByRole('button', { name: `Saved: ${job.title}` })).toHaveAttribute('aria-pressed', 'true');
  const saved = await (await page.request.get('/api/saved')).json();
  expect(JSON.stringify(saved)).toContain(job.id);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
