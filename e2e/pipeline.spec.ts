import { expect, expectAccessible, originOf, signUpViaApi, test } from './fixtures';
import { pickOption, postJobViaApi, token } from './jobs-helpers';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { takeMailTo } from './smtp-sink';

/** Applies through the API (the Apply form has its own specs). */
async function applyViaApi(page: Page, jobId: string, coverLetter: string) {
  const res = await page.request.post(`/api/jobs/${jobId}/applications`, { multipart: { coverLetter }, headers: { origin: originOf(page) } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id as string;
}

test.describe('the hiring pipeline', () => {
  for (const width of [1280, 360]) {
    test(`at ${width} px: the team rates, notes, bulk-moves with the kind rejection and undoes; a seeker withdraws and the team sees it`, async ({
      page,
      browser,
      baseURL,
    }) => {
      test.setTimeout(150_000);
      await page.setViewportSize({ width, height: 900 });
      const seekerContext = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
      const seekerPage = await seekerContext.newPage();
      const otherContext = await browser.newContext({ baseURL });
      const otherPage = await otherContext.newPage();
      await signUpViaApi(page, 'employer');
      const ana = await signUpViaApi(seekerPage, 'jobseeker', 'Ana Pérez', 'es');
      const ben = await signUpViaApi(otherPage, 'jobseeker', 'Ben Brown');
      const job = await postJobViaApi(page, { title: `Front Desk ${token('fd')}` });
      await applyViaApi(seekerPage, job.id, 'Hola, tengo cinco años de experiencia.');
      await applyViaApi(otherPage, job.id, 'Ten years at the front desk.');

      await page.goto(`/employer/applicants/${job.id}`);
      await expect(page.getByRole('tab', { name: 'All (2)' })).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Applied (2)' })).toBeVisible();
      const anaCard = page.getByRole('article', { name: 'Ana Pérez' });
      // Rate and note with a mention of oneself's team (the owner alone here: no one to notify).
      // The radio itself is visually hidden; a person clicks its star (the label).
      const four = await anaCard.getByRole('radio', { name: '4' }).first().getAttribute('id');
      await anaCard.locator(`label[for="${four}"]`).click();
      await expect(anaCard.getByText(/Team average 4 \(1\)/)).toBeVisible();
      await anaCard.getByRole('button', { name: /Notes on Ana Pérez/ }).click();
      await anaCard.getByRole('textbox', { name: /Add a note/ }).fill('Strong languages; call references.');
      await anaCard.getByRole('button', { name: 'Save note' }).click();
      // Saved: the field empties (until then its text matches the note's too).
      await expect(anaCard.getByRole('textbox', { name: /Add a note/ })).toHaveValue('');
      await expect(anaCard.getByText('Strong languages; call references.')).toBeVisible();
      // The keyboard: k goes to the first card (Ben, the newest), j to Ana; 5 rates her, s opens her stage picker.
      await page.keyboard.press('k');
      await expect(page.getByRole('article', { name: 'Ben Brown' })).toBeFocused();
      await page.keyboard.press('j');
      await expect(anaCard).toBeFocused();
      await page.keyboard.press('5');
      await expect(anaCard.getByText(/Team average 5 \(1\)/)).toBeVisible();
      await page.keyboard.press('s');
      await expect(page.getByRole('option', { name: 'Screening' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expectAccessible(page);
      await page.screenshot({ path: `test-results/pipeline-workspace-${width}.png`, fullPage: true });

      // Bulk: both to Not selected with the kind reply, then undo.
      await page.getByRole('checkbox', { name: 'Select Ana Pérez' }).check();
      await page.getByRole('checkbox', { name: 'Select Ben Brown' }).check();
      await expect(page.getByText('2 selected')).toBeVisible();
      await pickOption(page, 'Move to', 'Not selected');
      await expect(page.getByRole('checkbox', { name: 'Send the kind rejection reply' })).toBeChecked();
      await page.getByRole('button', { name: 'Move', exact: true }).click();
      await expect(page.getByText('2 moved.')).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Not selected (2)' })).toBeVisible();
      await page.screenshot({ path: `test-results/pipeline-bulk-${width}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Undo' }).click();
      await expect(page.getByText('Move undone.')).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Applied (2)' })).toBeVisible();

      if (width === 1280) {
        // Ana alone to Not selected, kept: the kind reply goes out after the undo window, in Spanish, her language.
        await page.getByRole('checkbox', { name: 'Select Ana Pérez' }).check();
        await expect(page.getByRole('combobox', { name: 'Move to', exact: true })).toHaveValue('Not selected');
        await page.getByRole('button', { name: 'Move', exact: true }).click();
        await expect(page.getByText('1 moved.')).toBeVisible();
        const reply = await takeMailTo(ana.email, /Gracias por postularte/, 40_000);
        expect(reply.subject).toMatch(new RegExp(`^Tu solicitud para ${job.title} en `));
        // The export: a row per applicant, with stage, visible status, rating and note counts.
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
        const csv = readFileSync((await download.path())!, 'utf8')
          .trimEnd()
          .split('\r\n');
        expect(csv[0]).toBe('Name,Email,Applied at,Stage,Status,Rating average,Ratings,Notes,Meets requirements,Screening answers');
        expect(csv).toHaveLength(3);
        expect(csv.find((l) => l.startsWith('Ana Pérez,'))).toMatch(/,Not selected,Rejected,5\.0,1,1,,$/);
        expect(csv.find((l) => l.startsWith('Ben Brown,'))).toMatch(/,Applied,Pending,,0,0,,$/);
      }

      // Ana withdraws, with a confirmation; the team sees "Withdrawn".
      await seekerPage.goto('/my-applications');
      await seekerPage
        .getByRole('button', { name: 'Retirar' })
        .or(seekerPage.getByRole('button', { name: 'Withdraw' }))
        .first()
        .click();
      await seekerPage
        .getByRole('dialog')
        .getByRole('button', { name: /Withdraw application|Retirar solicitud/ })
        .click();
      await expect(seekerPage.getByText(/Withdrawn|Retirada/).first()).toBeVisible();
      await expect(seekerPage.getByRole('list', { name: /Timeline|Historial/ }).first()).toBeVisible();
      await expectAccessible(seekerPage);
      await seekerPage.screenshot({ path: `test-results/pipeline-my-applications-${width}.png`, fullPage: true });
      await page.reload();
      await expect(page.getByRole('tab', { name: 'Withdrawn (1)' })).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Stage of Ana Pérez' })).toBeDisabled();
      void ana;
      void ben;
      await seekerContext.close();
      await otherContext.close();
    });
  }

  test('at 360 px: an employer adds a knockout question; one seeker applies before scripts (and misses it), one after; the team filters by it', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 360, height: 800 });
    await signUpViaApi(page, 'employer');
    const job = await postJobViaApi(page, { title: `Night Auditor ${token('na')}` });
    const question = 'Do you hold a valid work permit?';

    // The job's Edit form: a yes/no knockout question, "Yes" meets it.
    await page.goto(`/employer/jobs/${job.id}/edit`);
    await page.getByRole('button', { name: 'Add a question' }).click();
    const first = page.getByRole('region', { name: 'Question 1' });
    await first.getByRole('textbox', { name: 'Question' }).fill(question);
    await first.getByRole('checkbox', { name: 'Knockout question' }).check();
    await expect(first.getByRole('combobox', { name: 'The answer that meets the requirement' })).toHaveValue('yes');
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/screening-job-form-360.png', fullPage: true });
    await page.getByRole('button', { name: 'Update Job' }).click();
    await expect(page.getByText('Job updated').first()).toBeVisible();

    // Ana, with no scripts at all: a refusal keeps what she typed; then she answers No (misses the knockout).
    const plain = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 360, height: 800 } });
    const anaPage = await plain.newPage();
    await signUpViaApi(anaPage, 'jobseeker', 'Ana Pérez');
    await anaPage.goto(`/jobs/${job.id}/apply`);
    await anaPage.getByRole('textbox', { name: 'Cover letter' }).fill('Five years of night audits.');
    await anaPage.getByRole('button', { name: 'Submit Application' }).click();
    await expect(anaPage.getByRole('alert')).toHaveText(`Answer the question “${question}”.`);
    await expect(anaPage.getByRole('textbox', { name: 'Cover letter' })).toHaveValue('Five years of night audits.');
    await anaPage.getByRole('radiogroup', { name: question }).getByRole('radio', { name: 'No' }).check();
    await anaPage.getByRole('button', { name: 'Submit Application' }).click();
    await expect(anaPage).toHaveURL(/\/my-applications\?submitted=1$/);
    // Nothing she can read says she missed a requirement.
    await expect(anaPage.getByText(/requirement/i)).toHaveCount(0);

    // Ben, hydrated: answers Yes.
    const scripted = await browser.newContext({ baseURL, viewport: { width: 360, height: 800 } });
    const benPage = await scripted.newPage();
    await signUpViaApi(benPage, 'jobseeker', 'Ben Brown');
    await benPage.goto(`/jobs/${job.id}/apply`);
    await benPage.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await benPage.getByRole('radiogroup', { name: question }).getByRole('radio', { name: 'Yes' }).check();
    await benPage.getByRole('button', { name: 'Submit Application' }).click();
    await expect(benPage).toHaveURL(/\/my-applications/);

    // The team: the flag on Ana's card, and the filter.
    await page.goto(`/employer/applicants/${job.id}`);
    const anaCard = page.getByRole('article', { name: 'Ana Pérez' });
    await expect(anaCard.getByText('Does not meet a requirement')).toBeVisible();
    await expect(anaCard.getByText(question)).toBeVisible();
    await expect(page.getByRole('article', { name: 'Ben Brown' }).getByText('Does not meet a requirement')).toHaveCount(0);
    await page.getByText('Filter and sort', { exact: true }).click();
    await page.getByRole('combobox', { name: 'Requirements' }).selectOption('fails');
    await page.getByRole('button', { name: 'Show applicants' }).click();
    await expect(page).toHaveURL(/knockout=fails/);
    await expect(page.getByRole('article', { name: 'Ben Brown' })).toHaveCount(0);
    await expect(anaCard).toBeVisible();
    await expect(page.getByRole('form', { name: 'Filter and sort' })).toHaveCount(1);
    await expect(page.getByRole('combobox', { name: 'Requirements' })).toHaveValue('fails');
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/screening-workspace-360.png', fullPage: true });
    await plain.close();
    await scripted.close();
  });
});
