import { E2E_ADMIN, expect, expectAccessible, logIn, originOf, shoot, test } from './fixtures';
import { BOUNCE_DOMAIN } from './smtp-sink';
import { token } from './jobs-helpers';

test.describe('failed background jobs in /admin', () => {
  test('an admin sees a failed email and retries it, on a phone and on a desktop', async ({ page, browser, baseURL }) => {
    test.setTimeout(90_000);
    // Someone whose mailbox the provider refuses signs up: the confirmation email fails at once.
    const ctx = await browser.newContext({ baseURL });
    const person = await ctx.newPage();
    const email = `${token('gone')}@${BOUNCE_DOMAIN}`;
    await person.goto('/');
    const headers = { origin: originOf(person) };
    const signUp = { email, password: 'correct-horse-battery', role: 'jobseeker', fullName: 'Gone Away' };
    expect((await person.request.post('/api/signup', { data: signUp, headers })).status()).toBe(200);
    await ctx.close();

    await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL('/admin');
    const escaped = email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // In the failed jobs' own section: the audit trail on the same page names the job too once retried.
    const row = page.locator('section', { has: page.locator('#admin-failed-jobs') }).getByRole('row', { name: new RegExp(escaped) });
    // The worker polls every couple of seconds: reopen the section until the failure is listed.
    await expect(async () => {
      await page.reload();
      await page.getByRole('button', { name: 'Show failed jobs' }).click();
      await expect(row).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(row.getByRole('cell', { name: 'Email', exact: true })).toBeVisible();
    await expect(row.getByText(/550/)).toBeVisible();
    await expectAccessible(page);

    await shoot(page, 'failed-jobs');
    await page.setViewportSize({ width: 360, height: 800 });
    await row.getByRole('button', { name: new RegExp(`^Retry ${escaped}: Confirm your CaribConnect email$`) }).click();
    await expect(page.getByText('Job queued again.')).toBeVisible();
    // Back in line (the queue waits its retry delay before sending it again): no longer listed.
    await page.reload();
    await page.getByRole('button', { name: 'Show failed jobs' }).click();
    await expect(page.getByRole('heading', { name: 'Failed background jobs' })).toBeVisible();
    await expect(row).toBeHidden();
  });
});
