import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { expect, expectAccessible, signUpViaApi, test } from './fixtures';
import { PDF_VIEWER } from './chromium';
import { expectToast, PDF, postJobViaApi, token } from './jobs-helpers';

const NAME = 'Marie-Thérèse Région';

async function pdfText(data: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(data));
  return (await extractText(pdf, { mergePages: true })).text;
}
const bytesOf = async (download: Download) => readFile((await download.path())!);

/**
 * 'View / Download PDF Resume' opens the PDF in a new tab (shown inline, sandboxed), where the
 * browser's viewer offers its own download; returns the document's bytes.
 */
async function openResumeDocument(page: Page) {
  const link = page.getByRole('link', { name: /View \/ Download PDF Resume/ }).first();
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
  const href = (await link.getAttribute('href'))!;
  let downloaded = false;
  page.once('download', () => (downloaded = true));
  const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe(new URL(href, page.url()).pathname);
  const res = await page.request.get(href);
  expect(res.headers()['content-type']).toBe('application/pdf');
  expect(res.headers()['content-disposition']).toMatch(/^inline; /);
  expect(res.headers()['content-security-policy']).toMatch(/(^|; )sandbox(;|$)/);
  expect(downloaded).toBe(false);
  await tab.close();
  return res.body();
}

/** Fills the builder the way a person would: contact details, entries (reordered), skills. */
async function fillBuilder(page: Page) {
  await page.getByRole('textbox', { name: 'Phone' }).fill('+1 868 555 0100');
  await page.getByRole('textbox', { name: 'Summary' }).fill('Hospitality lead from Curaçao, fluent in Kreyòl.');
  await page.getByRole('button', { name: 'Add education' }).click();
  await page.getByRole('group', { name: 'Education 1' }).getByRole('textbox', { name: 'Qualification' }).fill('BSc Hospitality');
  await page.getByRole('group', { name: 'Education 1' }).getByRole('textbox', { name: 'School or institution' }).fill('University of the West Indies');
  await page.getByRole('button', { name: 'Add experience' }).click();
  await page.getByRole('group', { name: 'Experience 1' }).getByRole('textbox', { name: 'Job title' }).fill('Receptionist');
  await page.getByRole('button', { name: 'Add experience' }).click();
  const second = page.getByRole('group', { name: 'Experience 2' });
  await second.getByRole('textbox', { name: 'Job title' }).fill('Front desk lead');
  await second.getByRole('textbox', { name: 'Employer' }).fill('Hôtel Caraïbes');
  await second.getByRole('textbox', { name: 'Dates' }).fill('2019 – 2024');
  await second.getByRole('textbox', { name: 'Details' }).fill('Led a team of six.');
  // The latest job goes first.
  await page.getByRole('button', { name: 'Move Experience 2 up' }).click();
  await expect(page.getByRole('group', { name: 'Experience 1' }).getByRole('textbox', { name: 'Job title' })).toHaveValue('Front desk lead');
  await page.getByRole('button', { name: 'Add experience' }).click();
  await page.getByRole('button', { name: 'Remove Experience 3' }).click();
  await expect(page.getByRole('group', { name: 'Experience 3' })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Skills (comma-separated)' }).fill('Customer service, Kreyòl, , Excel,');
  await page.getByRole('textbox', { name: 'Certifications (comma-separated)' }).fill('First Aid, Food Safety');
}

test.describe('resumes', () => {
  // Each journey spans several screens and accounts.
  test.describe.configure({ timeout: 60_000 });

  test('a job seeker builds a resume without a file and opens the generated PDF', { tag: PDF_VIEWER }, async ({ page }) => {
    await signUpViaApi(page, 'jobseeker', NAME);
    await page.goto('/job-seeker/home');
    await page.getByRole('link', { name: 'Build Resume' }).click();
    await expect(page).toHaveURL('/resume-builder');
    await expect(page.getByRole('heading', { name: 'Resume Builder', level: 1 })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveValue(NAME);
    await expectAccessible(page);

    await fillBuilder(page);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save Resume' }).click();
    await expect(page.getByText('Resume uploaded and saved successfully!')).toBeVisible();
    await expect(page.getByText('Employers download a PDF made from these fields.')).toBeVisible();

    await page.getByRole('link', { name: 'View My Resume' }).click();
    await expect(page).toHaveURL('/view-resume');
    await expect(page.getByRole('heading', { name: 'My Resume', level: 1 })).toBeVisible();
    const skills = page.getByRole('region', { name: 'Skills' });
    await expect(skills.getByRole('listitem')).toHaveText(['Customer service', 'Kreyòl', 'Excel']);
    await expect(page.getByRole('region', { name: 'Experience' }).getByRole('listitem').first()).toContainText('Front desk lead');
    await expectAccessible(page);

    const pdf = await openResumeDocument(page);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    for (const s of [NAME, 'Kreyòl', 'Curaçao', 'Hôtel Caraïbes', 'First Aid']) expect(text).toContain(s);

    // Back in the builder, the saved resume is prefilled.
    await page.goto('/resume-builder');
    await expect(page.getByRole('textbox', { name: 'Skills (comma-separated)' })).toHaveValue('Customer service, Kreyòl, Excel');
    await expect(page.getByRole('group', { name: 'Experience 1' }).getByRole('textbox', { name: 'Employer' })).toHaveValue('Hôtel Caraïbes');
  });

  test('uploading a file instead: a disguised one is refused, a real one is what the link opens', { tag: PDF_VIEWER }, async ({ page }) => {
    await signUpViaApi(page, 'jobseeker', NAME);
    await page.goto('/resume-builder');
    const pick = async (name: string, buffer: Buffer, mimeType = 'application/pdf') => {
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Resume file (.pdf, .doc, .docx)' }).click();
      await (await chooser).setFiles({ name, mimeType, buffer });
    };
    // The field says what it takes, and refuses another kind of file the moment it is chosen.
    await expect(page.getByText('Optional. PDF, DOC or DOCX, up to 5 MB. Without a file, a PDF is made from the fields above.')).toBeVisible();
    await pick('notes.txt', Buffer.from('plain text'), 'text/plain');
    await expect(page.getByText('This type of file is not accepted here. Use PDF, DOC or DOCX.')).toBeVisible();
    await pick('cv.pdf', Buffer.from('<!doctype html><script>alert(1)</script>'));
    await page.getByRole('button', { name: 'Save Resume' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to upload file.' })).toBeVisible();

    await pick('cv.pdf', PDF);
    await page.getByRole('button', { name: 'Save Resume' }).click();
    await expect(page.getByText('Resume uploaded and saved successfully!')).toBeVisible();
    await expect(page.getByText('Employers download the file you uploaded (PDF).')).toBeVisible();
    await expectAccessible(page);
    await page.goto('/view-resume');
    expect((await openResumeDocument(page)).equals(PDF)).toBe(true);
  });

  test('the resume shows on the profile, to members, as its owner chooses', async ({ page, browser, baseURL }) => {
    const owner = await signUpViaApi(page, 'jobseeker', NAME);
    await page.goto('/resume-builder');
    await page.getByRole('textbox', { name: 'Skills (comma-separated)' }).fill('Scuba diving, Kreyòl');
    await page.getByRole('button', { name: 'Save Resume' }).click();
    await expect(page.getByText('Resume uploaded and saved successfully!')).toBeVisible();

    await page.goto('/profile');
    const block = page.getByRole('region', { name: 'Resume' });
    await expect(block.getByText('Scuba diving')).toBeVisible();
    await expect(block.getByText('Visible to signed-in members')).toBeVisible();
    await expect(block.getByRole('link', { name: /View \/ Download PDF Resume/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View My Resume' })).toHaveAttribute('href', '/view-resume');
    await expectAccessible(page);

    const other = await browser.newContext({ baseURL });
    const otherPage = await other.newPage();
    await signUpViaApi(otherPage, 'employer');
    await otherPage.goto(`/profile/${owner.id}`);
    await expect(otherPage.getByRole('region', { name: 'Resume' }).getByText('Scuba diving')).toBeVisible();
    await expectAccessible(otherPage);
    const anonymous = await browser.newContext({ baseURL });
    const anonPage = await anonymous.newPage();
    await anonPage.goto(`/profile/${owner.id}`);
    await expect(anonPage.getByRole('button', { name: 'Log In to Connect' }).or(anonPage.getByRole('link', { name: 'Log In to Connect' }))).toBeVisible();
    await expect(anonPage.getByRole('region', { name: 'Resume' })).toHaveCount(0);

    // Hidden from everybody but its owner (and admins).
    await page.goto('/resume-builder');
    await page.getByRole('radio', { name: 'Nobody' }).check();
    await page.getByRole('button', { name: 'Save Resume' }).click();
    await expect(page.getByText('Resume uploaded and saved successfully!')).toBeVisible();
    await otherPage.reload();
    await expect(otherPage.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(otherPage.getByText('Loading', { exact: false })).toHaveCount(0);
    await expect(otherPage.getByRole('region', { name: 'Resume' })).toHaveCount(0);
    await other.close();
    await anonymous.close();
  });

  test('a job seeker applies with the saved resume and the employer opens it from the applicants page', async ({ page: seekerPage, browser, baseURL }) => {
    const employerContext = await browser.newContext({ baseURL });
    const employerPage = await employerContext.newPage();
    await signUpViaApi(employerPage, 'employer');
    const job = await postJobViaApi(employerPage, { title: `Night Auditor ${token()}` });

    const seeker = await signUpViaApi(seekerPage, 'jobseeker', NAME);
    await seekerPage.goto('/resume-builder');
    await seekerPage.getByRole('textbox', { name: 'Skills (comma-separated)' }).fill('Night audit, Kreyòl');
    await seekerPage.getByRole('button', { name: 'Save Resume' }).click();
    await expect(seekerPage.getByText('Resume uploaded and saved successfully!')).toBeVisible();

    await seekerPage.goto(`/jobs/${job.id}/apply`);
    const useSaved = seekerPage.getByRole('checkbox', { name: 'Use my saved resume' });
    await expect(useSaved).toBeChecked();
    await expect(seekerPage.getByRole('button', { name: 'Resume', exact: true })).toHaveCount(0);
    await expectAccessible(seekerPage);
    await seekerPage.getByRole('button', { name: 'Submit Application' }).click();
    await expectToast(seekerPage, 'Application submitted!');

    // A later edit does not change what the employer received.
    await seekerPage.goto('/resume-builder');
    await seekerPage.getByRole('textbox', { name: 'Skills (comma-separated)' }).fill('Something else entirely');
    await seekerPage.getByRole('button', { name: 'Save Resume' }).click();
    await expect(seekerPage.getByText('Resume uploaded and saved successfully!')).toBeVisible();

    await employerPage.goto(`/employer/applicants/${job.id}`);
    const card = employerPage.getByRole('article').filter({ hasText: seeker.fullName });
    const downloading = employerPage.waitForEvent('download');
    await card.getByRole('link', { name: `Download resume of ${seeker.fullName}` }).click();
    const text = await pdfText(await bytesOf(await downloading));
    expect(text).toContain(NAME);
    expect(text).toContain('Night audit');
    expect(text).not.toContain('Something else entirely');
    await employerContext.close();
  });

  test('signed out and empty states; phone and desktop widths stay accessible', async ({ page }) => {
    await page.goto('/view-resume');
    await expect(page.getByText('Please sign in to view your resume.')).toBeVisible();
    await page.goto('/resume-builder');
    await expect(page.getByText('User not logged in.')).toBeVisible();
    await expectAccessible(page);

    await signUpViaApi(page, 'jobseeker', `Jean Kreyòl ${token()}`);
    await page.goto('/view-resume');
    await expect(page.getByText('No resume found.')).toBeVisible();
    await page.getByRole('link', { name: 'Build Resume' }).click();
    await expect(page).toHaveURL('/resume-builder');

    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of ['/resume-builder', '/view-resume', '/profile']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByText('Loading', { exact: false })).toHaveCount(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await expectAccessible(page);
      }
    }
  });
});
