import type { Browser, Page } from '@playwright/test';
import { E2E_ADMIN, expect, expectAccessible, logIn, originOf, shoot, signUpViaApi, test } from './fixtures';
import { expectToast, postJobViaApi, token } from './jobs-helpers';
import { lastMailTo } from './smtp-sink';

/** A fresh signed-in person in their own browser context. */
async function person(browser: Browser, baseURL: string, role: 'jobseeker' | 'employer', name: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const account = await signUpViaApi(page, role, name);
  return { page, context, ...account };
}
const reportViaApi = (page: Page, itemId: string, reason = 'scam') =>
  page.request.post('/api/reports', { data: { itemType: 'job', itemId, reason }, headers: { origin: originOf(page) } });

test.describe('trust and safety', () => {
  test('a scam job reported by three people leaves /jobs; the admin removes it from the queue and the employer is told why', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const tag = token('scam');
    const employer = await person(browser, baseURL!, 'employer', `Quick Cash ${tag}`);
    const job = await postJobViaApi(employer.page, { title: `Data entry ${tag}`, description: 'Pay a $50 processing fee to start.' });

    // A seeker reads the job: an unverified employer's page carries the safety notice.
    await signUpViaApi(page, 'jobseeker', `Seeker ${tag}`);
    await page.goto(`/jobs/${job.id}`);
    await expect(page.getByText(/Never pay to apply for a job/)).toBeVisible();
    await shoot(page, 'job-safety-notice');
    await page.getByRole('button', { name: 'Report', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this job' });
    await expect(dialog).toBeVisible();
    // Focus stays in the dialog.
    await expect(dialog.locator(':focus')).toHaveCount(1);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Choose a reason.');
    await dialog.getByRole('radio', { name: 'Scam or asks for money' }).check();
    await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill('Asks for a processing fee before the interview.');
    await expectAccessible(page);
    await shoot(page, 'report-dialog');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expectToast(page, 'Thank you. Your report was received.');
    await expect(dialog).toHaveCount(0);

    // Two more people report it: it is hidden from the list and the job's page.
    for (const name of ['Second', 'Third']) {
      const other = await person(browser, baseURL!, 'jobseeker', `${name} ${tag}`);
      expect((await reportViaApi(other.page, job.id)).status()).toBe(201);
      await other.context.close();
    }
    await page.goto(`/jobs?title=${tag}`);
    await expect(
      page
        .getByRole('heading', { name: 'Browse Jobs' })
        .or(page.getByRole('heading', { level: 1 }))
        .first(),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: `Data entry ${tag}` })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Employer' })).toHaveValue('');
    await shoot(page, 'jobs-filters');
    // Its owner still sees it.
    await employer.page.goto(`/jobs/${job.id}`);
    await expect(employer.page.getByRole('heading', { name: `Data entry ${tag}` })).toBeVisible();

    // The admin opens the Moderation tab from the dashboard (with its count) and removes it.
    const adminContext = await browser.newContext({ baseURL });
    const admin = await adminContext.newPage();
    await logIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(admin.getByText(`Welcome, ${E2E_ADMIN.email}`)).toBeVisible();
    await admin.getByRole('link', { name: /^Moderation \(\d+\)$/ }).click();
    await expect(admin.getByRole('heading', { name: 'Moderation', level: 1 })).toBeVisible();
    const card = admin.getByRole('article', { name: `Data entry ${tag}` });
    await expect(card).toContainText('3 reports');
    await expect(card).toContainText('Hidden by reports');
    await expect(card).toContainText('Asks for a processing fee before the interview.');
    await expect(card).toContainText(employer.email);
    await expectAccessible(admin);
    await shoot(admin, 'moderation-queue');
    await card.getByRole('button', { name: 'Remove listing' }).click();
    const confirm = admin.getByRole('dialog');
    await confirm.getByRole('textbox', { name: /Message to the owner/ }).fill('Jobs on CaribConnect may not charge applicants a fee.');
    await expectAccessible(admin);
    await confirm.getByRole('button', { name: 'Remove listing' }).click();
    await expectToast(admin, `"Data entry ${tag}" removed. The owner was told why.`);
    await expect(card).toHaveCount(0);

    const mail = await lastMailTo(employer.email);
    expect(mail.subject).toBe('Your job listing was removed from CaribConnect');
    expect(mail.text).toContain('Jobs on CaribConnect may not charge applicants a fee.');

    // Removed items can be restored from the queue's other view.
    await admin.getByText('Removed items').click();
    await expect(admin.getByRole('article', { name: `Data entry ${tag}` })).toBeVisible();
    await adminContext.close();
    await employer.context.close();
  });

  test('a person blocks another in a conversation: it leaves their inbox, the other cannot write; unblock from Blocked people', async ({
    page: ana,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const tag = token('blk');
    const a = await signUpViaApi(ana, 'jobseeker', `Ana ${tag}`);
    const ben = await person(browser, baseURL!, 'employer', `Ben ${tag}`);
    const sent = await ben.page.request.post('/api/messages', {
      data: { recipientId: a.id, message: 'Send me a deposit' },
      headers: { origin: originOf(ben.page) },
    });
    expect(sent.status()).toBe(201);

    await ana.goto(`/inbox?user=${ben.id}`);
    await expect(ana.getByRole('log', { name: 'Messages' }).getByText('Send me a deposit')).toBeVisible();
    await ana.getByRole('button', { name: 'Block', exact: true }).click();
    const dialog = ana.getByRole('dialog', { name: `Block Ben ${tag}?` });
    await expect(dialog).toBeVisible();
    await expectAccessible(ana);
    await shoot(ana, 'block-dialog');
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await expectToast(ana, `Ben ${tag} is blocked.`);
    await expect(ana).toHaveURL(/\/inbox$/);
    await expect(ana.getByRole('link', { name: new RegExp(`Ben ${tag}`) })).toHaveCount(0);

    // Ben is refused, with no other hint.
    await ben.page.goto(`/inbox?user=${a.id}`);
    const composer = ben.page.getByRole('textbox', { name: 'Message' });
    await composer.fill('Hello?');
    await composer.press('Enter');
    await expect(ben.page.getByText("You can't send messages to this person.")).toBeVisible();

    // Ana unblocks from her settings list.
    await ana.goto('/profile');
    await ana.getByRole('link', { name: 'Blocked people' }).click();
    await expect(ana.getByRole('heading', { name: 'Blocked people' })).toBeVisible();
    await expect(ana.getByRole('link', { name: `Ben ${tag}` })).toBeVisible();
    await expectAccessible(ana);
    await shoot(ana, 'blocked-people');
    await ana.getByRole('button', { name: 'Unblock' }).click();
    await expectToast(ana, `Ben ${tag} is unblocked.`);
    await ben.context.close();
  });
});
