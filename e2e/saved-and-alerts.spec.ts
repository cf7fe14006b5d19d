import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, expectAccessible, shoot, signUpViaApi, test } from './fixtures';
import { postJobViaApi, token } from './jobs-helpers';
import { lastMailTo } from './smtp-sink';

const run = promisify(execFile);

/** `npm run alerts:run` as an operator would type it, beside the running server, as of `at`. */
async function alertsRunCommand(baseURL: string, at: Date) {
  const { stdout } = await run('npm', ['run', '--silent', 'alerts:run', '--', '--at', at.toISOString(), '--url', baseURL], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, NODE_ENV: 'production' },
  });
  return stdout;
}

test.describe('saved items and job alerts', () => {
  test('a seeker saves a job, creates an alert from the filters, gets the matching new job by email and unsubscribes', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const employerContext = await browser.newContext({ baseURL });
    const employerPage = await employerContext.newPage();
    await signUpViaApi(employerPage, 'employer');
    const seeker = await signUpViaApi(page, 'jobseeker');
    const word = token('reef');
    const before = await postJobViaApi(employerPage, { title: `Dive Guide ${word}`, salary: 'JMD 80,000' });

    // Save from the list: one tap, an accessible toggle, an undo in the toast.
    await page.goto(`/jobs?title=${word}`);
    const heart = page.getByRole('button', { name: `Save job: ${before.title}` });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(page.getByRole('button', { name: `Saved: ${before.title}` })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText(`Saved “${before.title}”.`)).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'jobs-saved');

    await page.goto('/saved');
    await expect(page.getByRole('heading', { level: 1, name: 'Saved' })).toBeVisible();
    await expect(page.getByRole('link', { name: before.title })).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'saved-list');

    // The alert from the list's filters.
    await page.goto(`/jobs?title=${word}&country=Jamaica`);
    await page.getByRole('button', { name: 'Email me jobs like these' }).click();
    await page.getByRole('radio', { name: 'Daily' }).check({ force: true });
    await expectAccessible(page);
    await shoot(page, 'alert-form');
    await page.getByRole('button', { name: 'Create alert' }).click();
    await expect(page.getByText("Alert created. We'll email you new jobs like these.")).toBeVisible();

    await page.goto('/alerts');
    await expect(page.getByRole('textbox', { name: 'Alert name' })).toHaveValue(`${word}, Jamaica`);
    await expectAccessible(page);
    await shoot(page, 'alerts-list');

    // An employer posts a matching job; the alert run (the operator's command) emails the seeker.
    const fresh = await postJobViaApi(employerPage, { title: `Senior Dive Guide ${word}`, salary: 'JMD 120,000' });
    await postJobViaApi(employerPage, { title: `Dive Guide ${word}`, country: 'Barbados' });
    const out = await alertsRunCommand(baseURL!, new Date(Date.now() + 2 * 24 * 60 * 60 * 1000));
    expect(out).toMatch(/\d+ alert\(s\) due/);
    const mail = await lastMailTo(seeker.email, 20_000);
    // The subject arrives MIME-encoded (its quotes); the text names the alert plainly.
    expect(mail.subject).toMatch(/New.jobs.for/);
    expect(mail.text).toContain(`your alert "${word}, Jamaica"`);
    expect(mail.text).toContain(fresh.title);
    expect(mail.text).toContain('JMD 120,000');
    expect(mail.text).not.toContain('Barbados');
    expect(mail.text).not.toContain(`\nDive Guide ${word}\n`);

    // The unsubscribe link works without signing in.
    const link = /(http:\/\/\S+\/alerts\/unsubscribe\/\S+)/.exec(mail.text)![1]!;
    const anonymous = await browser.newContext({ baseURL });
    const visitor = await anonymous.newPage();
    await visitor.goto(link);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Unsubscribe from job alert' })).toBeVisible();
    await expectAccessible(visitor);
    await shoot(visitor, 'unsubscribe');
    await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(visitor.getByText("You're unsubscribed. This alert will send no more emails.")).toBeVisible();
    await page.goto('/alerts');
    await expect(page.getByText('No job alerts yet.', { exact: false })).toBeVisible();
    await anonymous.close();
    await employerContext.close();
  });

  test('a signed-out visitor who taps the heart logs in and comes back with the job saved', async ({ page, browser, baseURL }) => {
    const employerContext = await browser.newContext({ baseURL });
    const employerPage = await employerContext.newPage();
    await signUpViaApi(employerPage, 'employer');
    const job = await postJobViaApi(employerPage, { title: `Barista ${token('bar')}` });
    const seeker = await signUpViaApi(page, 'jobseeker');
    await page.context().clearCookies();

    await page.goto(`/jobs/${job.id}`);
    await page.getByRole('button', { name: `Save job: ${job.title}` }).click();
    await expect(page).toHaveURL(/\/login\?returnTo=/);
    await page.getByRole('textbox', { name: 'Email' }).fill(seeker.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('e2e-password-123');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(new RegExp(`/jobs/${job.id}$`));
    await expect(page.getByRole('button', { name: `Saved: ${job.title}` })).toHaveAttribute('aria-pressed', 'true');
    await employerContext.close();
  });
});
