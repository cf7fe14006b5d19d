import { expect, expectAccessible, logIn, PASSWORD, signUpViaApi, test } from './fixtures';
import { lastMailTo } from './smtp-sink';

test('a forgotten password is reset through the emailed link; old sessions end', async ({ page, browser }) => {
  const { email } = await signUpViaApi(page, 'jobseeker');
  // Another device stays signed in with the old password.
  const otherDevice = await browser.newContext();
  const other = await otherDevice.newPage();
  await logIn(other, email);
  await expect(other).toHaveURL('/job-seeker/home');

  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If this email exists in our system, check your email for the reset link.')).toBeVisible();

  const mail = await lastMailTo(email);
  expect(mail.subject).toBe('Reset your CaribConnect password');
  const link = /(https?:\/\/\S+\/reset-password\?token=\S+)/.exec(mail.text)![1]!;
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('my-new-password-456');
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill('my-new-password-456');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your password has been changed. Please log in with the new one.')).toBeVisible();

  expect((await (await other.request.get('/api/me')).json()).user).toBeNull();
  await otherDevice.close();

  await logIn(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await logIn(page, email, 'my-new-password-456');
  await expect(page).toHaveURL('/job-seeker/home');
});

test('a reset link without a valid token says so', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByText('This reset link is invalid or has expired. Please ask for a new one.')).toBeVisible();
});
