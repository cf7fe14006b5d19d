import { confirmEmail, expect, expectAccessible, originOf, PASSWORD, signUpViaApi, test, uniqueEmail } from './fixtures';
import { pickOption, postJobViaApi, token } from './jobs-helpers';

const PHONE = { width: 360, height: 740 };
const scrollY = (page: import('@playwright/test').Page) => page.evaluate(() => window.scrollY);

test.describe('jobs on a phone', () => {
  test.use({ viewport: PHONE });

  test('a job opened deep in the list opens at its top; Back and "Back to jobs" return to the same place in the filtered list', async ({ page }) => {
    test.setTimeout(90_000);
    await signUpViaApi(page, 'employer');
    const tag = token('steward');
    for (let i = 0; i < 26; i++) await postJobViaApi(page, { title: `Steward ${i} ${tag}`, description: `Cabin work, ship ${i}.` });
    await page.context().clearCookies();

    const list = `/jobs?title=${tag}`;
    await page.goto(list);
    await expect(page.getByRole('article')).toHaveCount(20);
    // Scrolling down loads the second page.
    await page.getByRole('button', { name: /Load more|Loading more jobs/ }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('article')).toHaveCount(26);
    const deep = page.getByRole('link', { name: `Steward 3 ${tag}` });
    await deep.scrollIntoViewIfNeeded();
    const before = await scrollY(page);
    expect(before).toBeGreaterThan(1500);
    await expectAccessible(page);

    await deep.click();
    await expect(page.getByRole('heading', { name: `Steward 3 ${tag}`, level: 1 })).toBeVisible();
    expect(await scrollY(page)).toBe(0);
    await expectAccessible(page);

    // Browser Back: the same list, both pages still loaded, where the person left it.
    await page.goBack();
    await expect(page).toHaveURL(list);
    await expect(page.getByRole('article')).toHaveCount(26);
    await expect.poll(() => scrollY(page)).toBeCloseTo(before, -1);

    // "Back to jobs" from the job page: the filters the person had, and the same place.
    await deep.click();
    await expect(page.getByRole('heading', { name: `Steward 3 ${tag}`, level: 1 })).toBeVisible();
    await page.getByRole('link', { name: /Back to jobs/ }).click();
    await expect(page).toHaveURL(list);
    await expect(page.getByRole('searchbox', { name: 'Job title' })).toHaveValue(tag);
    await expect(page.getByRole('article')).toHaveCount(26);
    await expect.poll(() => scrollY(page)).toBeCloseTo(before, -1);
  });

  test('the list says how many jobs match; country is a choice of the countries with jobs; filters in use fold into chips', async ({ page }) => {
    await signUpViaApi(page, 'employer');
    const tag = token('welder');
    await postJobViaApi(page, { title: `Welder ${tag}`, country: 'Barbados', category: 'Construction' });
    await postJobViaApi(page, { title: `Welder helper ${tag}`, country: 'Barbados', category: 'Construction' });
    await postJobViaApi(page, { title: `Pipe welder ${tag}`, country: 'Dominica', category: 'Construction' });
    await page.context().clearCookies();

    await page.goto(`/jobs?title=${tag}`);
    await expect(page.getByRole('status').filter({ hasText: '3 jobs' })).toBeVisible();
    await page.getByRole('button', { name: 'More filters' }).click();
    // Only countries that have jobs are offered; typing narrows them.
    await page.getByRole('combobox', { name: 'Country' }).click();
    await expect(page.getByRole('option', { name: 'Dominica', exact: true })).toBeVisible();
    await expect(page.getByRole('option', { name: 'Atlantis' })).toHaveCount(0);
    await expect(page.getByRole('option', { name: 'Zimbabwe', exact: true })).toHaveCount(0);
    await page.keyboard.press('Escape');
    // Accents do not matter: "dómin" finds Dominica as "curacao" finds Curaçao.
    await pickOption(page, 'Country', 'Dominica', 'dómin', { checkA11y: true });
    await expect(page).toHaveURL(/country=Dominica/);
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('status').filter({ hasText: '1 job' })).toBeVisible();

    // Folded away, the country in use is a chip that removes it.
    await page.getByRole('button', { name: 'Fewer filters' }).click();
    const chip = page.getByRole('button', { name: 'Remove filter Country: Dominica' });
    await expect(chip).toBeVisible();
    await expectAccessible(page);
    await chip.click();
    await expect(page).not.toHaveURL(/country=/);
    await expect(page.getByRole('article')).toHaveCount(3);
    await expect(page.getByRole('status').filter({ hasText: '3 jobs' })).toBeVisible();
  });

  test('removing the salary chip takes its period and currency out of the link too', async ({ page }) => {
    await page.goto(`/jobs?title=${token('nothing')}&salary=150000&per=year&currency=JMD`);
    const chip = page.getByRole('button', { name: 'Remove filter Salary at least: ≥ 150000 JMD' });
    await expect(chip).toBeVisible();
    await chip.click();
    await expect(page).not.toHaveURL(/salary=|per=|currency=/);
    await expect(page).toHaveURL(/title=/);
    await expect(chip).toHaveCount(0);
  });

  test('a signed-out visitor gets Log In and Sign Up instead of a form, and comes back to the job after signing up', async ({ page }) => {
    await signUpViaApi(page, 'employer');
    const job = await postJobViaApi(page, { title: `Deckhand ${token()}`, description: 'Long days at sea.\n'.repeat(40) });
    await page.context().clearCookies();

    await page.goto(`/jobs/${job.id}`);
    const bar = page.getByRole('region', { name: 'Applying for this job' });
    await expect(bar.getByText('Log in or sign up to apply for this job.')).toBeVisible();
    // Within the first screen of a phone, before any scrolling.
    await expect(bar.getByRole('link', { name: 'Sign Up' })).toBeInViewport();
    await expect(bar.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', `/login?returnTo=${encodeURIComponent(`/jobs/${job.id}`)}`);
    await expect(page.getByRole('link', { name: 'Apply for this Job' })).toHaveCount(0);
    await expectAccessible(page);

    // The apply form itself is not usable signed out, and says why.
    await page.goto(`/jobs/${job.id}/apply`);
    await expect(page.getByText('You must be logged in to apply.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit Application' })).toBeDisabled();
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign Up' })).toHaveAttribute(
      'href',
      `/signup?returnTo=${encodeURIComponent(`/jobs/${job.id}/apply`)}`,
    );
    await expectAccessible(page);

    await page.goto(`/jobs/${job.id}`);
    await bar.getByRole('link', { name: 'Sign Up' }).click();
    await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
    const email = uniqueEmail('deckhand');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('radio', { name: 'Job Seeker' }).check();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    // A new account confirms its email first; the link signs the person in, and the job is still there.
    await expect(page.getByText('Check your email to confirm your account')).toBeVisible();
    await confirmEmail(page, email);
    await page.goto(`/jobs/${job.id}`);
    await expect(bar.getByRole('link', { name: 'Apply for this Job' })).toBeInViewport();
    await expectAccessible(page);
  });

  test('logging in from a job comes back to it; a job seeker who applied is told when; an employer gets no form', async ({ page, browser, baseURL }) => {
    await signUpViaApi(page, 'employer');
    const job = await postJobViaApi(page, { title: `Purser ${token()}` });
    // Another employer looks at it.
    const other = await browser.newContext({ baseURL, viewport: PHONE });
    const employer = await other.newPage();
    await signUpViaApi(employer, 'employer');
    await employer.goto(`/jobs/${job.id}`);
    await expect(employer.getByText('Only job seeker accounts can apply for jobs.')).toBeVisible();
    await expect(employer.getByRole('link', { name: 'Apply for this Job' })).toHaveCount(0);
    await expectAccessible(employer);
    await employer.goto(`/jobs/${job.id}/apply`);
    await expect(employer.getByRole('button', { name: 'Submit Application' })).toBeDisabled();
    await other.close();

    // A job seeker (account made elsewhere) logs in from the job and applies.
    const seekerEmail = uniqueEmail('purser');
    const made = await page.request.post('/api/signup', {
      data: { email: seekerEmail, password: PASSWORD, role: 'jobseeker' },
      headers: { origin: originOf(page) },
    });
    expect(made.status()).toBe(200);
    await confirmEmail(page, seekerEmail);
    await page.context().clearCookies();
    await page.goto(`/jobs/${job.id}`);
    await page.getByRole('region', { name: 'Applying for this job' }).getByRole('link', { name: 'Log In' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill(seekerEmail);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(`/jobs/${job.id}`);
    const applied = await page.request.post(`/api/jobs/${job.id}/applications`, {
      multipart: { coverLetter: 'Ten years at sea.' },
      headers: { origin: originOf(page) },
    });
    expect(applied.status()).toBe(201);
    await page.reload();
    const date = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date());
    await expect(page.getByText(`You applied on ${date}`)).toBeInViewport();
    await expect(page.getByRole('link', { name: 'Apply for this Job' })).toHaveCount(0);
    await expectAccessible(page);
  });
});
