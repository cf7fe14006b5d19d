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
    await page.getByRole('textbox', { name: 'Tit travay la' }).fill('enfimyè');
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
    await noScript.close();
  });
});
