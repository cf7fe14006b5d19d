import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, originOf, shoot, signUpViaApi, streamReady, test, watchStream } from './fixtures';
import { expectToast, postJobViaApi, token } from './jobs-helpers';
import { lastMailTo, MAIL_DIR } from './smtp-sink';

async function applyViaApi(page: Page, jobId: string) {
  const res = await page.request.post(`/api/jobs/${jobId}/applications`, { multipart: { coverLetter: 'Hello' }, headers: { origin: originOf(page) } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id as string;
}

/** Every mail the sink stored for this address (another worker may take its own between the listing and the read). */
const mailsTo = (address: string) =>
  readdirSync(MAIL_DIR)
    .flatMap((f) => {
      try {
        return [JSON.parse(readFileSync(path.join(MAIL_DIR, f), 'utf8')) as { to: string; subject: string }];
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw err;
      }
    })
    .filter((m) => m.to.includes(address));

test.describe('notifications', () => {
  test('an employer sees the bell count when someone applies (live), opens it and lands on the applicants page', async ({ page, browser, baseURL }) => {
    test.setTimeout(60_000);
    const seekerContext = await browser.newContext({ baseURL });
    const seekerPage = await seekerContext.newPage();
    await signUpViaApi(page, 'employer', 'Bay Resorts Ltd');
    const seeker = await signUpViaApi(seekerPage, 'jobseeker', `Marie Joseph ${token('m')}`);
    const title = `Bartender ${token('bar')}`;
    const job = await postJobViaApi(page, { title });

    // The count is read once (0) and the stream is ready; after that it can only arrive live.
    await watchStream(page);
    const countRead = page.waitForResponse((r) => r.url().includes('/api/notifications/unread-count'));
    await page.goto('/employer/home');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
    await Promise.all([streamReady(page), countRead]);
    await applyViaApi(seekerPage, job.id);
    const bell = nav.getByRole('link', { name: 'Notifications 1 unread notification' });
    await expect(bell).toBeVisible();
    await shoot(page, 'notifications-bell');

    await bell.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    const item = page.getByRole('link', { name: `${seeker.fullName} applied for ${title}` });
    await expect(item).toBeVisible();
    await expect(page.getByText('Unread', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'notifications-list');

    await item.click();
    await expect(page).toHaveURL(new RegExp(`/employer/applicants/${job.id}$`));
    await expect(nav.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Email me about new applicants' })).toHaveValue('none');
    await shoot(page, 'notifications-applicants-choice');
    await seekerContext.close();
  });

  test('the settings screen turns an email off', async ({ page, browser, baseURL }) => {
    test.setTimeout(60_000);
    const employerContext = await browser.newContext({ baseURL });
    const employerPage = await employerContext.newPage();
    await signUpViaApi(employerPage, 'employer', 'Bay Resorts Ltd');
    const seeker = await signUpViaApi(page, 'jobseeker', `Ann Marie ${token('a')}`);
    const title = `Cook ${token('cook')}`;
    const job = await postJobViaApi(employerPage, { title });
    const applicationId = await applyViaApi(page, job.id);
    const setStatus = async (status: string) => {
      const res = await employerPage.request.patch(`/api/applications/${applicationId}/status`, {
        data: { status },
        headers: { origin: originOf(employerPage) },
      });
      expect(res.status(), await res.text()).toBe(200);
    };

    await setStatus('Reviewed');
    expect((await lastMailTo(seeker.email)).subject).toBe(`Your application: ${title}`);

    await page.goto('/settings/notifications');
    await expect(page.getByRole('heading', { level: 1, name: 'Email notifications' })).toBeVisible();
    const statusSwitch = page.getByRole('switch', { name: "My application's status changes" });
    await expect(statusSwitch).toBeChecked();
    await expectAccessible(page);
    await shoot(page, 'notification-settings');
    await statusSwitch.click();
    await expectToast(page, 'Settings saved.');
    await expect(statusSwitch).not.toBeChecked();
    await page.reload();
    await expect(page.getByRole('switch', { name: "My application's status changes" })).not.toBeChecked();

    await setStatus('Shortlisted');
    // An email that is still on (an interview invitation) proves the queue has sent what came before:
    // the status email would have been queued by the change above, and the one email worker takes its
    // jobs one at a time, oldest first.
    const res = await employerPage.request.post('/api/interviews', {
      data: { jobId: job.id, applicantId: seeker.id, interviewTime: new Date(Date.now() + 3 * 86_400_000).toISOString(), location: 'Office', notes: '' },
      headers: { origin: originOf(employerPage) },
    });
    expect(res.status(), await res.text()).toBe(201);
    await expect.poll(() => mailsTo(seeker.email).some((m) => m.subject.startsWith('Interview invitation')), { timeout: 10_000 }).toBe(true);
    expect(mailsTo(seeker.email).filter((m) => m.subject.startsWith('Your application'))).toHaveLength(1);
    // The bell still has both status changes.
    await page.goto('/notifications');
    await expect(page.getByRole('link', { name: `Your application for ${title} is now Shortlisted` })).toBeVisible();
    await employerContext.close();
  });
});
