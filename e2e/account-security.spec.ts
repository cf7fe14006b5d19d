import { E2E_SETUP_ADMIN } from './admin-account';
import { confirmationLink, expect, expectAccessible, logIn, originOf, PASSWORD, shoot, test, uniqueEmail } from './fixtures';
import { lastMailTo } from './smtp-sink';
import { secretFromBase32, withFreshCode } from './totp';

// Each test walks a whole flow with several accessibility checks and screenshots: more than the default time on a loaded machine.
test.slow();

const job = { title: 'Front Desk Agent', company: 'Coral Bay', country: 'Jamaica', category: 'Hospitality', description: 'Welcome our guests.' };

test.describe('confirmed email before posting', () => {
  test('a new employer is told to confirm, asks for the link again, confirms from the email, then posts', async ({ page }) => {
    const email = uniqueEmail('confirm-employer');
    await page.goto('/signup?role=employer');
    await page.getByRole('textbox', { name: 'Company name' }).fill('Confirmed Co');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Check your email to confirm your account' })).toBeVisible();
    await shoot(page, 'signup-check-email');
    expect((await lastMailTo(email)).subject).toBe('Confirm your CaribConnect email');

    // Signed in before confirming: browsing works, posting says what to do.
    await logIn(page, email);
    await expect(page).toHaveURL('/employer/home');
    await page.goto('/post-job');
    const notice = page.getByRole('alert').filter({ hasText: 'Please confirm your email address first.' });
    await expect(notice).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'post-job-unconfirmed');
    const refused = await page.request.post('/api/jobs', { data: job, headers: { origin: originOf(page) } });
    expect([refused.status(), (await refused.json()).code]).toEqual([403, 'EMAIL_NOT_CONFIRMED']);

    await notice.getByRole('button', { name: 'Resend' }).click();
    await expect(page.getByText('We sent you a new confirmation link.')).toBeVisible();

    await page.goto(await confirmationLink(email));
    // In the language of the email (English here), whatever the browser's cookie says.
    await expect(page).toHaveURL('/email-confirmed?lang=en');
    await expect(page.getByText('Thank you. You can now post jobs and ads, apply and send messages.')).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'email-confirmed');

    await page.goto('/post-job');
    await expect(page.getByRole('textbox', { name: /Job Title/i })).toBeVisible();
    const posted = await page.request.post('/api/jobs', { data: job, headers: { origin: originOf(page) } });
    expect(posted.status(), await posted.text()).toBe(201);
  });
});

test.describe('two-step sign-in for admins', () => {
  test('an admin without it is led through setup on /admin (QR code and key), then reaches the dashboard', async ({ page }) => {
    await logIn(page, E2E_SETUP_ADMIN.email, E2E_SETUP_ADMIN.password);
    await expect(page).toHaveURL('/admin');
    await expect(page.getByRole('heading', { name: 'Set up two-step sign-in to open the admin area' })).toBeVisible();
    const blocked = await page.request.get('/api/admin/stats');
    expect([blocked.status(), (await blocked.json()).code]).toEqual([403, 'TWO_FACTOR_REQUIRED']);
    await expectAccessible(page);
    await shoot(page, 'admin-two-factor-password');

    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(E2E_SETUP_ADMIN.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('img', { name: 'QR code to add CaribConnect to your authenticator app' })).toBeVisible();
    const shown = (await page.getByLabel('Setup key').textContent()) ?? '';
    expect(shown).toMatch(/^[A-Z2-7]+=*$/);
    await expectAccessible(page);
    await shoot(page, 'admin-two-factor-qr');

    await withFreshCode(secretFromBase32(shown), async (code) => {
      await page.getByRole('textbox', { name: 'Code from the app' }).fill(code);
      const answer = page.waitForResponse((r) => r.url().includes('/api/auth/two-factor/verify-totp'));
      await page.getByRole('button', { name: 'Confirm' }).click();
      const res = await answer;
      return res.ok() ? 'ok' : (await res.json()).code === 'CODE_ALREADY_USED' ? 'used' : 'refused';
    });
    await expect(page.getByText(`Welcome, ${E2E_SETUP_ADMIN.email}`)).toBeVisible();
    expect((await page.request.get('/api/admin/stats')).status()).toBe(200);

    // Next time, signing in asks for the code; a wrong one is refused.
    await page.context().clearCookies();
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email' }).fill(E2E_SETUP_ADMIN.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(E2E_SETUP_ADMIN.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByRole('textbox', { name: 'Authentication code' }).fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'login-code-step');
  });
});

test.describe('security settings', () => {
  test('a person sees their devices and signs the others out', async ({ page, browser }) => {
    const email = uniqueEmail('devices');
    await page.goto('/signup?role=jobseeker');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Check your email to confirm your account' })).toBeVisible();
    await logIn(page, email);
    await expect(page).toHaveURL('/job-seeker/home');

    const other = await browser.newPage();
    await logIn(other, email);
    await expect(other).toHaveURL('/job-seeker/home');

    await page.goto('/settings/security');
    await expect(page.getByRole('heading', { name: 'Signed-in devices' })).toBeVisible();
    await expect(page.getByText('This device')).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'security-settings');
    await page.getByRole('button', { name: 'Sign out all other devices' }).click();
    await expect(page.getByText('Other devices signed out: 1')).toBeVisible();
    expect((await (await other.request.get('/api/me')).json()).user).toBeNull();
    await other.close();
  });
});
