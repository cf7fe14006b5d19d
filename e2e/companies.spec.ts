import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { confirmEmail, E2E_ADMIN, expect, expectAccessible, logIn, originOf, PASSWORD, signUpViaApi, test, uniqueEmail } from './fixtures';
import { expectToast, PDF, pickOption, postJobViaApi, token } from './jobs-helpers';
import { takeMailTo } from './smtp-sink';

const PHONE = { width: 360, height: 740 };
const INVITATION_LINK = /https?:\/\/\S+\/invitations\/[A-Za-z0-9_-]+\S*/;

/** With E2E_SHOTS=<dir>, a full-page screenshot of the screen (to look at), named by screen and width. */
async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}-${page.viewportSize()!.width}.png`), fullPage: true });
}

async function newPhonePage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ viewport: PHONE, baseURL });
  return context.newPage();
}

/** The owner invites `email` with `role` from the Team screen; returns the link from the email. */
async function inviteFromTeam(page: Page, email: string, role: 'Recruiter' | 'Viewer') {
  await page.goto('/employer/team');
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByRole('combobox', { name: 'Role', exact: true }).selectOption({ label: role });
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expectToast(page, `Invitation sent to ${email}.`);
  await expect(page.getByRole('listitem').filter({ hasText: email })).toContainText(role);
  const mail = await takeMailTo(email, INVITATION_LINK);
  return new URL(INVITATION_LINK.exec(mail.text)![0]);
}

test.describe('companies and hiring teams on a phone', () => {
  test.use({ viewport: PHONE });

  test('an owner invites a recruiter, who signs up from the link and posts; a seeker follows and applies; the owner sets the status; a viewer only reads', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const tag = token('harbour');
    const companyName = `Harbour View ${tag}`;
    await signUpViaApi(page, 'employer', 'Olive Owner');
    const renamed = await page.request.patch('/api/companies/mine', { data: { name: companyName, country: 'Jamaica' }, headers: { origin: originOf(page) } });
    expect(renamed.status()).toBe(200);
    const slug = (await renamed.json()).slug as string;

    // The owner's Team screen: themselves, the only owner.
    await page.goto('/employer/team');
    await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Olive Owner' })).toContainText('Owner');
    await expect(page.getByText('You are the only owner')).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'team');

    // Invite a recruiter; the email carries the link.
    const recruiterEmail = uniqueEmail('recruiter');
    const link = await inviteFromTeam(page, recruiterEmail, 'Recruiter');
    await expectAccessible(page);

    // The recruiter opens the link signed out and signs up from it.
    const recruiter = await newPhonePage(browser, baseURL);
    await recruiter.goto(link.pathname + link.search);
    await expect(recruiter.getByRole('heading', { name: `Join ${companyName}`, level: 1 })).toBeVisible();
    await expect(recruiter.getByText(`You are invited to join ${companyName} on CaribConnect as Recruiter.`)).toBeVisible();
    await expectAccessible(recruiter);
    await shot(recruiter, 'invitation');
    await recruiter.getByRole('link', { name: 'Sign up as an employer and join' }).click();
    await expect(recruiter.getByRole('textbox', { name: 'Email' })).toHaveValue(recruiterEmail);
    await expect(recruiter.getByRole('textbox', { name: 'Company name' })).toHaveCount(0);
    await recruiter.getByRole('textbox', { name: 'Full name' }).fill('Rita Recruiter');
    await recruiter.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await expect(recruiter.getByRole('radio', { name: 'Employer' })).toBeChecked();
    await expectAccessible(recruiter);
    await recruiter.getByRole('button', { name: 'Sign Up' }).click();
    await expect(recruiter.getByText('Check your email to confirm your account')).toBeVisible();
    await confirmEmail(recruiter, recruiterEmail);
    const mine = await (await recruiter.request.get('/api/companies/mine')).json();
    expect(mine).toMatchObject({ slug, myRole: 'recruiter' });
    // The link works once.
    await recruiter.goto(link.pathname);
    await expect(recruiter.getByText('This invitation has already been used.')).toBeVisible();

    // The recruiter posts a job for the company.
    const job = await postJobViaApi(recruiter, { title: `Night Auditor ${tag}`, company: companyName });

    // A seeker finds the company in the directory, follows it from its page and applies.
    const seeker = await newPhonePage(browser, baseURL);
    const seekerAccount = await signUpViaApi(seeker, 'jobseeker', 'Marie Joseph');
    await seeker.goto(`/companies?q=${encodeURIComponent(tag)}`);
    await expect(seeker.getByRole('link', { name: companyName })).toBeVisible();
    await expectAccessible(seeker);
    await shot(seeker, 'directory');
    await seeker.getByRole('link', { name: companyName }).click();
    await expect(seeker.getByRole('heading', { name: companyName, level: 1 })).toBeVisible();
    await expect(seeker.getByRole('link', { name: `Night Auditor ${tag}` })).toBeVisible();
    await seeker.getByRole('checkbox', { name: 'Email me new jobs' }).check();
    await seeker.getByRole('button', { name: `Follow ${companyName}` }).click();
    await expectToast(seeker, `You follow ${companyName}: you will hear of its new jobs.`);
    await expect(seeker.getByRole('button', { name: `Following ${companyName}: press to unfollow` })).toHaveAttribute('aria-pressed', 'true');
    await expectAccessible(seeker);
    await shot(seeker, 'company-page');
    expect(await (await seeker.request.get(`/api/companies/${slug}/follow`)).json()).toEqual({ following: true, email: true });
    // The seeker reports the company from its page; an admin finds it in the moderation queue.
    await seeker.getByRole('button', { name: 'Report', exact: true }).click();
    const reportDialog = seeker.getByRole('dialog', { name: 'Report this company' });
    await reportDialog.getByRole('radio', { name: 'Fake or misleading' }).check();
    await reportDialog.getByRole('textbox', { name: 'Note (optional)' }).fill(`Not the real ${tag}.`);
    await reportDialog.getByRole('button', { name: 'Send report' }).click();
    await expectToast(seeker, 'Thank you. Your report was received.');
    const admin = await newPhonePage(browser, baseURL);
    await logIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
    await admin.goto('/admin/moderation');
    const reported = admin.getByRole('article', { name: companyName });
    await expect(reported).toContainText(`Not the real ${tag}.`);
    await expect(reported.getByRole('link', { name: companyName })).toHaveAttribute('href', `/companies/${slug}`);
    await expect(reported.getByRole('button', { name: 'Suspend company' })).toBeVisible();
    await expect(reported.getByRole('button', { name: 'Remove listing' })).toHaveCount(0);
    await expectAccessible(admin);
    await admin.context().close();

    await seeker.goto(`/jobs/${job.id}/apply`);
    await seeker.getByRole('textbox', { name: 'Cover letter' }).fill('Ten years of night audits in Ocho Rios.');
    const chooser = seeker.waitForEvent('filechooser');
    await seeker.getByRole('button', { name: 'Resume', exact: true }).click();
    await (await chooser).setFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: PDF });
    await seeker.getByRole('button', { name: 'Submit Application' }).click();
    await expectToast(seeker, 'Application submitted!');

    // The owner sets the applicant's status on the recruiter's job.
    await page.goto(`/employer/applicants/${job.id}`);
    const card = page.getByRole('article').filter({ hasText: seekerAccount.fullName });
    await expect(card.getByText('Ten years of night audits in Ocho Rios.')).toBeVisible();
    await pickOption(page, `Stage of ${seekerAccount.fullName}`, 'Interview');
    await expect(page.getByText('Moved to Interview.')).toBeVisible();

    // A viewer joins from their own invitation and sees the applicants, with no action.
    const viewerEmail = uniqueEmail('viewer');
    const viewerLink = await inviteFromTeam(page, viewerEmail, 'Viewer');
    const viewer = await newPhonePage(browser, baseURL);
    const signedUp = await viewer.request.post('/api/signup', {
      data: { email: viewerEmail, password: PASSWORD, role: 'employer', fullName: 'Vic Viewer', invitation: viewerLink.pathname.split('/').pop() },
      headers: { origin: originOf(viewer) },
    });
    expect(signedUp.status(), await signedUp.text()).toBe(200);
    await confirmEmail(viewer, viewerEmail);
    await viewer.goto(`/employer/applicants/${job.id}`);
    const seen = viewer.getByRole('article').filter({ hasText: seekerAccount.fullName });
    await expect(seen.getByText('Ten years of night audits in Ocho Rios.')).toBeVisible();
    await expect(seen.getByText('Interview', { exact: true })).toBeVisible();
    await expect(viewer.getByRole('combobox', { name: `Stage of ${seekerAccount.fullName}` })).toHaveCount(0);
    await expect(viewer.getByRole('checkbox', { name: `Select ${seekerAccount.fullName}` })).toHaveCount(0);
    await expect(viewer.getByRole('link', { name: /Schedule interview/ })).toHaveCount(0);
    await expectAccessible(viewer);
    // Their Team screen reads, without invite or role controls.
    await viewer.goto('/employer/team');
    await expect(viewer.getByRole('listitem').filter({ hasText: 'Rita Recruiter' })).toContainText('Recruiter');
    await expect(viewer.getByRole('button', { name: 'Send invitation' })).toHaveCount(0);
    await expect(viewer.getByRole('button', { name: 'Change role' })).toHaveCount(0);
    await expect(viewer.getByText('Only the company’s owners can invite people and change the team.')).toBeVisible();
    // Your Job Listings shows the viewer the team's job and its applicants, and nothing the server would refuse them.
    await viewer.goto('/employer/dashboard');
    await expect(viewer.getByRole('link', { name: `View applicants for Night Auditor ${tag}` })).toBeVisible();
    await expect(viewer.getByRole('link', { name: `Edit Night Auditor ${tag}` })).toHaveCount(0);
    await expect(viewer.getByRole('button', { name: `Delete Night Auditor ${tag}` })).toHaveCount(0);
    await expect(viewer.getByRole('button', { name: `Close now: Night Auditor ${tag}` })).toHaveCount(0);
    await expect(viewer.getByRole('link', { name: 'Post a New Job' })).toHaveCount(0);
    await expect(viewer.getByRole('link', { name: 'Schedule Interview' })).toHaveCount(0);
    // Their team's job is theirs too: nothing to report (the server refuses it: REPORT_OWN_ITEM).
    await viewer.goto(`/jobs/${job.id}`);
    // The team's own actions show once the session and role are known; Report is then not among them.
    await expect(viewer.getByRole('link', { name: 'View Applicants' })).toBeVisible();
    await expect(viewer.getByRole('button', { name: 'Report', exact: true })).toHaveCount(0);

    // The owner changes the viewer's role, then removes them.
    await page.goto('/employer/team');
    const viewerRow = page.getByRole('listitem').filter({ hasText: 'Vic Viewer' });
    await viewerRow.getByRole('combobox', { name: 'Role for Vic Viewer' }).selectOption({ label: 'Recruiter' });
    await viewerRow.getByRole('button', { name: 'Change role' }).click();
    await expectToast(page, 'Vic Viewer is now Recruiter.');
    await viewerRow.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    // The lasting result and the toast, watched together: the toast (3 s) appears as the row goes.
    await Promise.all([
      expect(page.getByRole('listitem').filter({ hasText: 'Vic Viewer' })).toHaveCount(0),
      expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Vic Viewer was removed from the team.' })).toBeVisible(),
    ]);
    // Removed: an old session reaches nothing of the company.
    expect([403, 404]).toContain((await viewer.request.get(`/api/jobs/${job.id}/applications`)).status());

    // The owner's company profile screen.
    await page.goto('/employer/company');
    await expect(page.getByRole('heading', { name: 'Company profile', level: 1 })).toBeVisible();
    await page.getByRole('textbox', { name: 'About' }).fill('Three hotels on the north coast.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Company profile saved.');
    await expectAccessible(page);
    await shot(page, 'company-profile');
  });

  test('an invitation link that is tampered with says so, server-rendered', async ({ page }) => {
    await page.goto('/invitations/not-a-real-token-at-all-000000');
    await expect(page.getByText('This invitation link is not valid.')).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('companies on a desktop', () => {
  test('the directory, a company page and the owner’s screens at 1280 px', async ({ page }) => {
    const tag = token('coral');
    await signUpViaApi(page, 'employer', `Coral Reef Tours ${tag}`);
    const slug = (await (await page.request.get('/api/companies/mine')).json()).slug as string;
    await postJobViaApi(page, { title: `Dive Guide ${tag}` });
    await page.goto('/employer/team');
    await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
    await shot(page, 'team');
    await page.goto('/employer/company');
    await expect(page.getByRole('heading', { name: 'Company profile', level: 1 })).toBeVisible();
    await shot(page, 'company-profile');
    await page.context().clearCookies();
    await page.goto(`/companies/${slug}`);
    await expect(page.getByRole('button', { name: `Follow Coral Reef Tours ${tag}` })).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'company-page');
    // Signed out, Follow leads to Log In and back.
    await page.getByRole('button', { name: `Follow Coral Reef Tours ${tag}` }).click();
    await expect(page).toHaveURL(/\/login\?returnTo=/);
    await page.goto('/companies');
    await expect(page.getByRole('heading', { name: 'Companies', level: 1 })).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'directory');
  });
});
