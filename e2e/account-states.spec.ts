import type { Page } from '@playwright/test';
import { adminRequest, expect, expectAccessible, logIn, originOf, shoot, signUpViaApi, test } from './fixtures';
import { expectToast, postJobViaApi, token } from './jobs-helpers';

const MUTED = 'Your account is muted: you can read but not post. Please contact support.';

/** Console errors of the page from now on (a "none yet" answered as a 404 logs one). */
function consoleErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  return errors;
}

test.describe('account states', () => {
  test('a new person’s profile, resume builder and consultant setup log no console errors', async ({ page }) => {
    test.setTimeout(60_000);
    const errors = consoleErrors(page);
    await signUpViaApi(page, 'jobseeker', `Nia Clarke ${token('n')}`);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 2, name: 'Resume' })).toBeVisible();
    await page.goto('/resume-builder');
    await expect(page.getByRole('button', { name: 'Save Resume' })).toBeVisible();
    await page.goto('/consultant-profile');
    await expect(page.getByRole('textbox', { name: 'Contact Info' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a job seeker who completes a consultant profile can still apply for jobs', async ({ page, browser, baseURL }) => {
    test.setTimeout(60_000);
    const employerContext = await browser.newContext({ baseURL });
    const employer = await employerContext.newPage();
    await signUpViaApi(employer, 'employer');
    const title = `Bookkeeper ${token('bk')}`;
    const job = await postJobViaApi(employer, { title });
    await employerContext.close();

    const name = `Keisha Brown ${token('kb')}`;
    await signUpViaApi(page, 'jobseeker', name);
    const saved = await page.request.fetch('/api/consultants/me', {
      method: 'PUT',
      headers: { origin: originOf(page) },
      multipart: { fullName: name, contactInfo: 'WhatsApp', country: 'Jamaica', specialty: 'Finance', phone: '+1 876 555 0101' },
    });
    expect(saved.status(), await saved.text()).toBe(201);

    await page.goto('/consultant/home');
    await page.getByRole('main').getByRole('link', { name: 'Browse Jobs' }).click();
    await page.goto(`/jobs/${job.id}`);
    await page.getByRole('link', { name: 'Apply for this Job' }).click();
    await expect(page.getByText('Only job seeker accounts can apply for jobs.')).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Cover letter' }).fill('I keep books for small hotels.');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expectToast(page, 'Application submitted!');
    await expect(page).toHaveURL('/my-applications');
    await expect(page.getByText(title)).toBeVisible();
  });

  test('a muted person signs in to the home of the role they had and is told they are muted wherever they would post', async ({
    page,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const employerContext = await page.context().browser()!.newContext({ baseURL });
    const employerPage = await employerContext.newPage();
    await signUpViaApi(employerPage, 'employer');
    const job = await postJobViaApi(employerPage, { title: `Gardener ${token('g')}` });
    await employerContext.close();

    const seeker = await signUpViaApi(page, 'jobseeker', `Muted Seeker ${token('ms')}`);
    await page.request.post('/api/auth/sign-out', { headers: { origin: originOf(page) }, data: {} });
    const admin = await adminRequest(playwright.request, baseURL!);
    expect((await admin.patch(`/api/admin/users/${seeker.id}/role`, { data: { role: 'muted' } })).status()).toBe(200);
    await admin.dispose();

    await logIn(page, seeker.email);
    await expect(page).toHaveURL('/job-seeker/home');
    await expect(page.getByText(MUTED)).toBeVisible();
    await expect(page.getByText('Unknown role. Please contact support.')).toHaveCount(0);
    await expectAccessible(page);
    await shoot(page, 'muted-home');

    await page.goto(`/jobs/${job.id}`);
    await expect(page.getByText(MUTED)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Apply for this Job' })).toHaveCount(0);
    await expect(page.getByText('Only job seeker accounts can apply for jobs.')).toHaveCount(0);

    await page.goto(`/jobs/${job.id}/apply`);
    await expect(page.getByText(MUTED)).toBeVisible();
    await shoot(page, 'muted-apply');
    await expect(page.getByText('Only job seeker accounts can apply for jobs.')).toHaveCount(0);

    for (const path of ['/post-ad', '/resume-builder', `/send-message?to=${seeker.id}`]) {
      await page.goto(path);
      await expect(page.getByText(MUTED)).toBeVisible();
    }
    // Reading is still theirs.
    await page.goto('/my-applications');
    await expect(page.getByRole('heading', { level: 1, name: 'My Applications' })).toBeVisible();
    await expect(page.getByText(MUTED)).toHaveCount(0);
  });
});
