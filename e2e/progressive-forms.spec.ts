import { test, expect, type Page, type Request } from '@playwright/test';
import { confirmationLink, confirmEmail, originOf, PASSWORD, shoot, uniqueEmail } from './fixtures';
import { holdScripts, slowLink } from './slow-link';

// A person on a slow phone fills a form and presses Enter before the page's scripts have run. The
// forms are real <form method="post">s the server answers (decision 0028), so that works, and what
// was typed before hydration is kept once the scripts arrive. This file uses Playwright's own `test`:
// the shared fixture's goto waits for hydration, which here is held back on purpose.

/** An account made through the API, then signed out, so the test starts as a visitor. */
async function account(page: Page, role: 'jobseeker' | 'employer') {
  await page.goto('/api/health');
  const email = uniqueEmail(`nojs-${role}`);
  const res = await page.request.post('/api/signup', {
    data: { email, password: PASSWORD, role, ...(role === 'employer' && { companyName: 'Nojs Co' }) },
    headers: { origin: originOf(page) },
  });
  expect(res.status(), await res.text()).toBe(200);
  await confirmEmail(page, email);
  await page.context().clearCookies();
  return email;
}

const isPost = (path: string) => (req: Request) => req.method() === 'POST' && new URL(req.url()).pathname === path;

test.describe('forms before hydration', () => {
  test('Enter on /login before the scripts run signs the person in and lands on their home', async ({ page }) => {
    const email = await account(page, 'employer');
    await slowLink(page);
    const release = await holdScripts(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);
    const posted = page.waitForRequest(isPost('/login'));
    await page.getByRole('textbox', { name: 'Password', exact: true }).press('Enter');
    const request = await posted;
    // The password travels in the body, never in the URL.
    expect(request.url()).not.toContain(encodeURIComponent(PASSWORD));
    expect(request.postData()).toContain('password=');
    release();
    await expect(page).toHaveURL(/\/employer\/home$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome', { timeout: 20_000 });
  });

  test('Sign Up before the scripts run creates the account, says to check the email, and the link lands on its home', async ({ page }) => {
    await page.goto('/api/health');
    await slowLink(page);
    const release = await holdScripts(page);
    await page.goto('/signup', { waitUntil: 'commit' });
    await page.getByRole('textbox', { name: 'Full name' }).fill('Ana Pérez');
    // A native radio: chosen before any script has run (issue 48, item 4).
    await page.getByRole('radio', { name: 'Job Seeker' }).check();
    const email = uniqueEmail('nojs-signup');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    const posted = page.waitForRequest(isPost('/signup'));
    await page.getByRole('textbox', { name: 'Password', exact: true }).press('Enter');
    await posted;
    release();
    await expect(page).toHaveURL(/\/signup\?sent=1$/, { timeout: 20_000 });
    await expect(page.getByText('Check your email to confirm your account')).toBeVisible({ timeout: 20_000 });
    await page.goto(await confirmationLink(email));
    await expect(page.getByText('Email confirmed').first()).toBeVisible();
    await page.getByRole('link', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/job-seeker\/home$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Ana!');
  });

  test('what was typed before hydration is kept, and the hydrated form sends it once, with fetch', async ({ page }) => {
    const email = await account(page, 'jobseeker');
    const release = await holdScripts(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    release();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
    const posts: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST') posts.push(new URL(req.url()).pathname);
    });
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/job-seeker\/home$/);
    expect(posts).toEqual(['/api/auth/sign-in/email']);
  });
});

test('a sign-in refused before hydration comes back with the message, and the page hydrates with it', async ({ page }) => {
  const email = await account(page, 'jobseeker');
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  const release = await holdScripts(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
  const answer = page.waitForResponse((res) => res.request().method() === 'POST' && res.url().endsWith('/login'));
  await page.getByRole('textbox', { name: 'Password', exact: true }).press('Enter');
  expect((await answer).status()).toBe(401);
  release();
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  // Now hydrated: the right password signs in through the script, and the old message goes.
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/job-seeker\/home$/);
  expect(errors.filter((e) => /hydrat|#418|#423|#425/i.test(e))).toEqual([]);
});

test.describe('forms without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('a failed sign-in shows the message and keeps the email, not the password', async ({ page }) => {
    const email = await account(page, 'jobseeker');
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
    await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveValue('');
    expect(page.url()).not.toContain('password');
    await shoot(page, 'login-failed-without-scripts');
  });

  test('feedback is sent and the page says so', async ({ page }) => {
    await page.goto('/feedback');
    await page.getByRole('textbox', { name: 'Message' }).fill('Sent from a phone without scripts.');
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(page).toHaveURL(/\/feedback\?sent=1$/);
    await expect(page.getByRole('status').filter({ hasText: 'Feedback submitted successfully!' })).toBeVisible();
  });
});

test('a cross-site form post to the sign-in handler is refused', async ({ page, baseURL }) => {
  const email = await account(page, 'jobseeker');
  // A page of another origin (here an opaque one) posting a form to our sign-in, as a CSRF attempt would.
  await page.goto('about:blank');
  await page.setContent(
    `<form method="post" action="${baseURL}/login"><input name="email" value="${email}"><input name="password" value="${PASSWORD}"><button>Go</button></form>`,
  );
  const answer = page.waitForResponse((res) => res.url().startsWith(`${baseURL}/login`));
  await page.getByRole('button', { name: 'Go' }).click();
  expect((await answer).status()).toBe(403);
  expect((await page.context().cookies(baseURL)).filter((c) => c.name.endsWith('session_token'))).toEqual([]);
});
