import { expect, expectAccessible, signUpViaApi, test, waitForHydration } from './fixtures';
import { expectToast, PDF, pickOption, postJobViaApi, token } from './jobs-helpers';

test.describe('jobs and applications', () => {
  test('employer posts, edits and deletes; a job seeker filters, applies and follows the status the employer sets', async ({
    page: employerPage,
    browser,
    baseURL,
  }) => {
    // Long journey, with axe on every screen and on its open dialogs and dropdowns.
    test.setTimeout(150_000);
    const seekerContext = await browser.newContext({ baseURL });
    const seekerPage = await seekerContext.newPage();
    await signUpViaApi(employerPage, 'employer');
    const seeker = await signUpViaApi(seekerPage, 'jobseeker');
    const tag = token('chef');
    const title = `Sous Chef ${tag}`;

    // Employer: Post a New Job through the form.
    let page = employerPage;
    await page.goto('/post-job');
    await expect(page.getByRole('heading', { name: 'Post a New Job' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('textbox', { name: 'Job Title' }).fill(title);
    await page.getByRole('textbox', { name: 'Company Name' }).fill('Bay Resorts Ltd');
    await pickOption(page, 'Country', 'Jamaica', 'Jama', { checkA11y: true });
    await page.getByRole('combobox', { name: 'Category' }).fill('Hospitality');
    await page.getByRole('textbox', { name: 'Description' }).fill('Run the breakfast line.\nFive days a week.');
    await page.getByRole('textbox', { name: 'Salary' }).fill('JMD 90,000 / month');
    await page.getByRole('textbox', { name: 'Address' }).fill('12 Gloucester Ave, Montego Bay');
    await page.getByRole('button', { name: 'Post Job' }).click();
    await expect(page).toHaveURL('/employer/dashboard');
    await expect(page.getByRole('heading', { name: 'Your Job Listings' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/profile');
    await expect(main.getByRole('link', { name: 'Schedule Interview' })).toHaveAttribute('href', '/schedule-interview');
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expectAccessible(page);

    // Edit: 'Please select a category.' when it is emptied, then a new title.
    await page.getByRole('link', { name: `Edit ${title}` }).click();
    await expect(page).toHaveURL(/\/post-job\?edit=/);
    await expect(page.getByRole('heading', { name: 'Edit Job' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Job Title' })).toHaveValue(title);
    await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('Jamaica');
    await expectAccessible(page);
    await page.getByRole('combobox', { name: 'Category' }).fill('');
    await page.getByRole('button', { name: 'Update Job' }).click();
    await expect(page.getByText('Please select a category.')).toBeVisible();
    await page.getByRole('combobox', { name: 'Category' }).fill('Hospitality');
    const edited = `Head Chef ${tag}`;
    await page.getByRole('textbox', { name: 'Job Title' }).fill(edited);
    await page.getByRole('button', { name: 'Update Job' }).click();
    await expect(page).toHaveURL('/employer/dashboard');
    await expect(page.getByRole('heading', { name: edited })).toBeVisible();

    // Delete another job, with confirmation and the spec's toast.
    const doomed = await postJobViaApi(page, { title: `Dishwasher ${tag}` });
    await page.reload();
    await page.getByRole('button', { name: `Delete ${doomed.title}` }).click();
    await expect(page.getByRole('dialog', { name: 'Delete this job?' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Job deleted')).toBeVisible();
    await expect(page.getByRole('heading', { name: doomed.title })).toBeHidden();
    expect((await page.request.get(`/api/jobs/${doomed.id}`)).status()).toBe(404);

    // Job seeker: filter, open, apply with a PDF.
    page = seekerPage;
    await page.goto('/jobs');
    await expect(page.getByRole('heading', { name: 'Jobs', level: 1 })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Job title' }).fill(tag);
    await expect(page).toHaveURL(new RegExp(`title=${tag}`));
    await pickOption(page, 'Category', 'Hospitality', undefined, { checkA11y: true });
    await expect(page).toHaveURL(/category=Hospitality/);
    await expect(page.getByRole('article')).toHaveCount(1);
    await expectAccessible(page);
    await page.getByRole('link', { name: edited }).click();
    await expect(page.getByRole('heading', { name: edited, level: 1 })).toBeVisible();
    await expect(page.getByText('JMD 90,000 / month')).toBeVisible();
    await expect(page.getByText('12 Gloucester Ave, Montego Bay')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Apply for this Job' }).click();
    await expect(page).toHaveURL(/\/jobs\/[^/]+\/apply$/);
    await expect(page.getByText('up to 5 MB').first()).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('textbox', { name: 'Cover letter' }).fill('Five years on the line in Negril.');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Resume', exact: true }).click();
    await (await chooser).setFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: PDF });
    // A chosen file brings its clear button, which must have a name.
    await expect(page.getByRole('button', { name: 'Remove the file chosen for Resume' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expectToast(page, 'Application submitted!');
    await expect(page).toHaveURL('/my-applications');
    const mine = page.getByRole('article').filter({ hasText: edited });
    await expect(mine).toContainText('Bay Resorts Ltd');
    await expect(mine).toContainText('Jamaica');
    await expect(mine).toContainText('Pending');
    await expectAccessible(page);

    // Back on the form, it says when the person applied instead of taking a second application (the server refuses one too).
    await page.goBack();
    await expect(page).toHaveURL(/\/apply$/);
    await expect(page.getByText(/^You applied on /)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit Application' })).toBeDisabled();
    await expectAccessible(page);
    await page.goto('/my-applications');
    await expect(mine).toContainText('Pending');

    // Employer: the applicant, their documents, a new status, their profile.
    page = employerPage;
    await page.getByRole('link', { name: `View applicants for ${edited}` }).click();
    await expect(page.getByRole('heading', { name: `Applicants for ${edited}` })).toBeVisible();
    const card = page.getByRole('article').filter({ hasText: seeker.fullName });
    await expect(card.getByText('Five years on the line in Negril.')).toBeVisible();
    const resume = card.getByRole('link', { name: `Download resume of ${seeker.fullName}` });
    const download = await page.request.get((await resume.getAttribute('href'))!);
    expect(download.status()).toBe(200);
    expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await expectAccessible(page);
    // The team moves stages (decision 0071); the applicant sees the spec's status (Interview = Shortlisted).
    await pickOption(page, `Stage of ${seeker.fullName}`, 'Interview');
    await expect(page.getByText('Moved to Interview.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('combobox', { name: `Stage of ${seeker.fullName}` })).toHaveValue('Interview');
    await card.getByRole('link', { name: `View profile of ${seeker.fullName}` }).click();
    await expect(page).toHaveURL(`/profile/${seeker.id}`);

    // Job seeker: the new status shows when the tab regains focus, without a reload.
    page = seekerPage;
    await page.evaluate(() => {
      // What the browser fires when a person switches back to the tab.
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    });
    await expect(mine).toContainText('Shortlisted');

    await seekerContext.close();
  });

  test('filters live in the URL and survive a reload; no match shows the empty state', async ({ page }) => {
    await signUpViaApi(page, 'employer');
    const tag = token('mason');
    await postJobViaApi(page, { title: `Mason ${tag}`, country: 'Barbados', category: 'Construction' });
    await postJobViaApi(page, { title: `Mason helper ${tag}`, country: 'Jamaica', category: 'Construction' });
    await page.context().clearCookies();

    await page.goto('/browse-jobs');
    await page.getByRole('searchbox', { name: 'Job title' }).fill(tag);
    await expect(page.getByRole('article')).toHaveCount(2);
    await pickOption(page, 'Country', 'Barbados', 'barb');
    await pickOption(page, 'Date posted', 'Last 24 hours');
    await expect(page).toHaveURL(/country=Barbados/);
    await expect(page).toHaveURL(/date=last24h/);
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('article')).toContainText(`Mason ${tag}`);

    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Job title' })).toHaveValue(tag);
    await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('Barbados');
    await expect(page.getByRole('combobox', { name: 'Date posted' }).locator('option:checked')).toHaveText('Last 24 hours');
    await expect(page.getByRole('article')).toHaveCount(1);

    await page.getByRole('searchbox', { name: 'Job title' }).fill(`zzqx${tag}`);
    await expect(page.getByText('No jobs found. Try adjusting your filters.')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL('/browse-jobs');
  });

  test('the list loads more as the person scrolls, one page at a time', async ({ page }) => {
    await signUpViaApi(page, 'employer');
    const tag = token('porter');
    for (let i = 0; i < 21; i++) await postJobViaApi(page, { title: `Porter ${i} ${tag}` });
    await page.goto(`/jobs?title=${tag}`);
    await expect(page.getByRole('article')).toHaveCount(20);
    // Newest first.
    await expect(page.getByRole('article').first()).toContainText(`Porter 20 ${tag}`);
    await page.getByRole('button', { name: /Load more|Loading more jobs/ }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('article')).toHaveCount(21);
    await expect(page.getByRole('article').last()).toContainText(`Porter 0 ${tag}`);
    await expect(page.getByRole('button', { name: 'Load more' })).toBeHidden();
  });

  test('signed out: the apply form asks to log in, posting asks to log in', async ({ page }) => {
    await signUpViaApi(page, 'employer');
    const job = await postJobViaApi(page, { title: `Bartender ${token()}` });
    await page.context().clearCookies();

    await page.goto(`/jobs/${job.id}/apply`);
    await expect(page.getByRole('heading', { name: `Apply for ${job.title}` })).toBeVisible();
    await expect(page.getByText('You must be logged in to apply.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit Application' })).toBeDisabled();
    await expectAccessible(page);
    // The gate's Log In and Sign Up come back here afterwards.
    const here = encodeURIComponent(`/jobs/${job.id}/apply`);
    await expect(page.getByRole('main').getByRole('link', { name: 'Log In' })).toHaveAttribute('href', `/login?returnTo=${here}`);
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', `/signup?returnTo=${here}`);

    await page.goto('/post-job');
    await expect(page.getByText('You must be logged in to post a job.')).toBeVisible();
    await expectAccessible(page);
  });

  test('a job seeker is told only employers post jobs; an unknown job is not found', async ({ page }) => {
    await signUpViaApi(page, 'jobseeker');
    await page.goto('/post-job');
    await expect(page.getByText('Only employer accounts can post jobs.')).toBeVisible();
    await page.goto('/my-applications');
    await expect(page.getByText('No applications submitted yet.')).toBeVisible();
    await expectAccessible(page);
    await page.goto('/jobs/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Job not found.' })).toBeVisible();
    await page.goto('/employer/dashboard');
    await expect(page.getByText('Only employer accounts have job listings.')).toBeVisible();
  });

  test('an employer with no applicants sees the empty state', async ({ page }) => {
    await signUpViaApi(page, 'employer');
    const job = await postJobViaApi(page, { title: `Gardener ${token()}` });
    await page.goto(`/employer/applicants/${job.id}`);
    await expect(page.getByText('No applications submitted yet.')).toBeVisible();
    await expectAccessible(page);
  });

  test('markup in a description shows as text and never runs', async ({ page }) => {
    await signUpViaApi(page, 'employer');
    const evil = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">';
    const job = await postJobViaApi(page, { title: `Waiter ${token()}`, description: `Serve tables.\n${evil}` });
    await page.goto(`/jobs/${job.id}`);
    await expect(page.getByText(evil)).toBeVisible();
    await page.goto(`/jobs?title=${encodeURIComponent(job.title)}`);
    await expect(page.getByRole('article')).toContainText('<script>');
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  });

  test('a file that is not really a PDF is refused with the resume alert', async ({ page, browser, baseURL }) => {
    await signUpViaApi(page, 'employer');
    const job = await postJobViaApi(page, { title: `Driver ${token()}` });
    // The employer's own edit route shows the same form, prefilled.
    await page.goto(`/employer/jobs/${job.id}/edit`);
    await expect(page.getByRole('heading', { name: 'Edit Job' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Job Title' })).toHaveValue(job.title);

    const seekerContext = await browser.newContext({ baseURL });
    const seeker = await seekerContext.newPage();
    // The toast is the scripted form's; before hydration the plain form answers with the message in the page.
    waitForHydration(seeker);
    await signUpViaApi(seeker, 'jobseeker');
    await seeker.goto(`/jobs/${job.id}/apply`);
    const chooser = seeker.waitForEvent('filechooser');
    await seeker.getByRole('button', { name: 'Resume', exact: true }).click();
    await (await chooser).setFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ this is an executable, not a PDF') });
    await seeker.getByRole('button', { name: 'Submit Application' }).click();
    await expectToast(seeker, 'Failed to upload resume.');
    await seeker.goto('/my-applications');
    await expect(seeker.getByText('No applications submitted yet.')).toBeVisible();
    await seekerContext.close();
  });

  test('on a 360 px phone the list, a job and the apply form fit and stay accessible', async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 360, height: 740 });
    await signUpViaApi(page, 'employer');
    const job = await postJobViaApi(page, { title: `Housekeeper with a rather long job title ${token()}`, description: 'x'.repeat(400) });
    for (const path of [`/jobs?title=${encodeURIComponent(job.title)}`, `/jobs/${job.id}`, `/jobs/${job.id}/apply`, '/employer/dashboard', '/post-job']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText('Loading', { exact: false })).toHaveCount(0);
      // Nothing wider than the screen: no sideways scrolling on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectAccessible(page);
    }
  });

  test('the country choice arrives as a light input and loads its code when someone reaches for it; offline it is a native list', async ({
    page,
    browser,
    baseURL,
  }) => {
    await signUpViaApi(page, 'employer');
    const tag = token('baker');
    await postJobViaApi(page, { title: `Baker ${tag}`, country: 'Jamaica' });
    await page.context().clearCookies();

    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    await page.goto(`/jobs?title=${tag}`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    const selectCode = (s: string) => /\/assets\/(enhanced-select|popups)-/.test(s);
    expect(scripts.filter(selectCode)).toEqual([]);
    await pickOption(page, 'Country', 'Jamaica', 'jam');
    await expect(page).toHaveURL(/country=Jamaica/);
    expect(scripts.some(selectCode)).toBe(true);
    await expect(page.getByRole('article')).toHaveCount(1);

    // A visit (a fresh device) that goes offline before ever opening the choice still gets every
    // country, natively.
    const device = await browser.newContext({ baseURL });
    const offline = await device.newPage();
    await offline.goto(`/jobs?title=${tag}`);
    await offline.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await offline.waitForLoadState('networkidle');
    await offline.context().setOffline(true);
    await offline.getByRole('combobox', { name: 'Country' }).click();
    const native = offline.locator('select').filter({ has: offline.locator('option', { hasText: 'Jamaica' }) });
    await expect(native).toBeVisible();
    await native.selectOption({ label: 'Jamaica' });
    await expect(offline).toHaveURL(/country=Jamaica/);
    await device.close();
  });
});
