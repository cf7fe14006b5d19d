// Issue 46 (decision 0072): search across the region's languages, and Jobs for you.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, originOf, shoot, signUpViaApi, test } from './fixtures';
import { postJobViaApi, token } from './jobs-helpers';

/** Saves the signed-in seeker's resume through the API (the builder's own form is covered by resumes.spec.ts). */
async function saveResume(page: Page, resume: Record<string, unknown>) {
  const res = await page.request.put('/api/resumes/me', { multipart: { resume: JSON.stringify(resume) }, headers: { origin: originOf(page) } });
  expect(res.status(), await res.text()).toBe(200);
}

test.describe('search and jobs for you', () => {
  test('a Kreyòl-speaking seeker searches "enfimyè" on a phone and finds the English nurse job', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const tag = token('ward');
    await signUpViaApi(page, 'employer');
    await postJobViaApi(page, { title: `Registered Nurse ${tag}`, category: 'Healthcare', description: 'Night shifts on a surgical ward.' });
    await page.context().clearCookies();
    await signUpViaApi(page, 'jobseeker', 'Wideline Pierre', 'ht');

    await page.goto('/jobs?lang=ht');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ht');
    await page.getByRole('searchbox', { name: 'Tit travay la' }).fill('enfimyè');
    await expect(page).toHaveURL(/title=enfimy/);
    await expect(page.getByRole('link', { name: `Registered Nurse ${tag}` })).toBeVisible();
    await expectAccessible(page);
  });

  test('a seeker with a resume sees Jobs for you with reasons, drawn on the server; one without is invited to make one', async ({ page, browser, baseURL }) => {
    const tag = token('phleb');
    await signUpViaApi(page, 'employer');
    const job = await postJobViaApi(page, {
      title: `Phlebotomist ${tag}`,
      category: 'Healthcare',
      country: 'Jamaica',
      description: `Phlebotomy and patient care, ${tag}.`,
    });
    await page.context().clearCookies();

    // Without a resume: the invitation, with the way to the builder.
    await signUpViaApi(page, 'jobseeker', 'Tanisha Brown');
    await page.goto('/job-seeker/home');
    await page.getByRole('link', { name: 'Jobs for you' }).click();
    await expect(page.getByRole('heading', { name: 'Jobs for you', level: 1 })).toBeVisible();
    await expect(page.getByText('Make your resume to see the jobs that fit you')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Build Resume' })).toHaveAttribute('href', '/resume-builder');
    await expectAccessible(page);
    await shoot(page, 'jobs-for-you-no-resume');

    await saveResume(page, { fullName: 'Tanisha Brown', email: 'tanisha@example.com', phone: '', skills: ['Phlebotomy', `Skill${tag}`], experience: [] });
    const patch = await page.request.patch('/api/profiles/me', { data: { country: 'Jamaica' }, headers: { origin: originOf(page) } });
    expect(patch.status()).toBe(200);
    await page.reload();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: `Phlebotomist ${tag}` }) });
    await expect(card).toContainText('Why: Your skill Phlebotomy · in Jamaica');
    await expect(page.getByText('Make your resume to see the jobs that fit you')).toHaveCount(0);
    await expectAccessible(page);
    await shoot(page, 'jobs-for-you');

    // Before any script runs: the server's HTML already holds the job and why.
    const cookies = await page.context().cookies();
    const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
    await noScript.addCookies(cookies);
    const html = await noScript.newPage();
    await html.goto('/jobs-for-you');
    await expect(html.getByRole('link', { name: `Phlebotomist ${tag}` })).toHaveAttribute('href', `/jobs/${job.id}`);
    await expect(html.getByText('Why: Your skill Phlebotomy · in Jamaica')).toBeVisible();
    // "For you" as a sort of /jobs: a plain choice of the list's GET form, so it works before any script.
    await html.goto('/jobs');
    await html.getByLabel('Sort by').selectOption({ label: 'For you' });
    await html.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(html).toHaveURL(/sort=foryou/);
    await expect(html.getByRole('link', { name: `Phlebotomist ${tag}` })).toHaveAttribute('href', `/jobs/${job.id}`);
    await noScript.close();
  });

  test('an employer sees an opted-in candidate for their job and invites them; after opting out the candidate is gone', async ({ browser, baseURL }) => {
    const tag = token('pastry');
    const employerContext = await browser.newContext({ baseURL });
    const employer = await employerContext.newPage();
    await signUpViaApi(employer, 'employer');
    const job = await postJobViaApi(employer, { title: `Pastry Chef ${tag}`, description: `Croissants and ${tag} every morning.` });

    const seekerContext = await browser.newContext({ baseURL });
    const seeker = await seekerContext.newPage();
    await signUpViaApi(seeker, 'jobseeker', `Aaliyah ${tag}`);
    await saveResume(seeker, {
      fullName: `Aaliyah ${tag}`,
      email: 'aaliyah@example.com',
      phone: '+1 876 555 0142',
      skills: [tag, 'Croissants'],
      experience: [],
    });
    await seeker.goto('/view-resume');
    const optIn = seeker.getByRole('switch', { name: 'Employers can find me' });
    await expect(optIn).not.toBeChecked();
    await optIn.click();
    await expect(seeker.getByText('Employers can now find you.')).toBeVisible();
    await expect(optIn).toBeChecked();
    await expectAccessible(seeker);
    await shoot(seeker, 'resume-employers-can-find-me');

    await employer.goto('/employer/dashboard');
    await employer.getByRole('link', { name: `Candidates for Pastry Chef ${tag}` }).click();
    await expect(employer).toHaveURL(`/employer/jobs/${job.id}/candidates`);
    await expect(employer.getByRole('heading', { name: 'Candidates for this job', level: 1 })).toBeVisible();
    const card = employer.getByRole('listitem').filter({ has: employer.getByRole('heading', { name: `Aaliyah ${tag}` }) });
    await expect(card).toContainText('Skills in common:');
    await expect(card).not.toContainText('aaliyah@example.com');
    await expectAccessible(employer);
    await shoot(employer, 'candidates');
    await card.getByRole('button', { name: `Invite to apply: Aaliyah ${tag}` }).click();
    await expect(card.getByRole('textbox', { name: 'Message' })).toHaveValue(new RegExp(`Pastry Chef ${tag}`));
    await card.getByRole('button', { name: 'Send invitation' }).click();
    await expect(card.getByRole('status')).toHaveText(`Invitation sent to Aaliyah ${tag}.`);

    // The invitation arrives through the existing messaging, the job linked.
    const thread = await seeker.request.get(`/api/messages/conversations`);
    expect(JSON.stringify(await thread.json())).toContain(`/jobs/${job.id}`);

    await seeker.goto('/view-resume');
    await seeker.getByRole('switch', { name: 'Employers can find me' }).click();
    await expect(seeker.getByText('Employers can no longer find you.')).toBeVisible();
    await employer.reload();
    await expect(employer.getByText(/No candidates yet/)).toBeVisible();
    await expect(employer.getByText(`Aaliyah ${tag}`)).toHaveCount(0);
    await employerContext.close();
    await seekerContext.close();
  });
});
