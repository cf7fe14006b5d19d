import ICAL from 'ical.js';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, originOf, signUpViaApi, test, shoot } from './fixtures';
import { postJobViaApi, token } from './jobs-helpers';
import { mimeParts } from './mail-helpers';
import { lastMailTo } from './smtp-sink';

// The employer's browser runs in Jamaica's zone (UTC-5, no daylight saving), so the time typed on
// the form has one known instant.
test.use({ timezoneId: 'America/Jamaica' });

async function applyViaApi(page: Page, jobId: string) {
  const res = await page.request.post(`/api/jobs/${jobId}/applications`, {
    multipart: { coverLetter: 'I would love to.' },
    headers: { origin: originOf(page) },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** The calendar part of a mail the sink stored, parsed as iCalendar. */
function calendarOf(mail: { text: string }) {
  const parts = mimeParts(mail.text);
  const calendar = parts.find((p) => p.contentType === 'text/calendar');
  const attachment = parts.find((p) => p.contentType === 'application/ics');
  expect(calendar, 'a text/calendar part').toBeTruthy();
  expect(attachment?.headers).toMatch(/filename="?invite\.ics/);
  expect(attachment?.body.trim()).toBe(calendar!.body.trim());
  return { component: new ICAL.Component(ICAL.parse(calendar!.body)), headers: calendar!.headers };
}

test.describe('interviews', () => {
  test('an employer schedules from the applicants page; the applicant gets the invitation, sees it and confirms it', async ({
    page: employerPage,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const seekerContext = await browser.newContext({ baseURL, timezoneId: 'America/Port_of_Spain' });
    const seekerPage = await seekerContext.newPage();
    const employer = await signUpViaApi(employerPage, 'employer', 'Bay Resorts Ltd');
    const seeker = await signUpViaApi(seekerPage, 'jobseeker', `Marie Joseph ${token('m')}`);
    const title = `Sous Chef ${token('chef')}`;
    const job = await postJobViaApi(employerPage, { title });
    await applyViaApi(seekerPage, job.id);

    // Employer: from the applicant's card to a pre-filled Schedule Interview.
    let page = employerPage;
    await page.goto(`/employer/applicants/${job.id}`);
    await expectAccessible(page);
    await page.getByRole('link', { name: `Schedule interview with ${seeker.fullName}` }).click();
    await expect(page).toHaveURL(new RegExp(`/schedule-interview\\?job=${job.id}&applicant=${seeker.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Schedule Interview' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Job' })).toHaveValue(title);
    await expect(page.getByRole('combobox', { name: 'Applicant' })).toHaveValue(seeker.fullName);
    await expect(page.getByText('Date and time (America/Jamaica)')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Additional Notes' })).toHaveAttribute('rows', '3');
    await expectAccessible(page);

    // Nothing chosen yet: the form says what is missing and sends nothing.
    await page.getByRole('button', { name: 'Schedule Interview' }).click();
    await expect(page.getByText('Please choose a date and time.')).toBeVisible();

    await page.getByLabel('Date and time (America/Jamaica)').fill('2031-03-04T10:30');
    await page.getByRole('textbox', { name: 'Location or Link' }).fill('12 Gloucester Ave, Montego Bay');
    await page.getByRole('textbox', { name: 'Additional Notes' }).fill('Bring your knives <b>and</b> ID.');
    await shoot(page, 'schedule-interview');

    // Offline: 'Failed to schedule interview.' in red, the form kept.
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Schedule Interview' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to schedule interview.' })).toBeVisible();
    await expect(page.getByText('Failed to schedule interview.')).toHaveCSS('color', 'rgb(201, 42, 42)');
    await expect(page.getByRole('textbox', { name: 'Location or Link' })).toHaveValue('12 Gloucester Ave, Montego Bay');
    await expectAccessible(page);
    await page.context().setOffline(false);

    await page.getByRole('button', { name: 'Schedule Interview' }).click();
    const success = page.getByText('Interview scheduled successfully!');
    await expect(success).toBeVisible();
    await expect(success).toHaveCSS('color', 'rgb(31, 111, 51)');
    // The spec clears the form on success: every field, the Job choice too.
    await expect(page.getByRole('combobox', { name: 'Job' })).toHaveValue('');
    await expect(page.getByRole('combobox', { name: 'Applicant' })).toHaveValue('');
    await expect(page.getByLabel('Date and time (America/Jamaica)')).toHaveValue('');
    await expect(page.getByRole('textbox', { name: 'Location or Link' })).toHaveValue('');
    await expect(page.getByRole('textbox', { name: 'Additional Notes' })).toHaveValue('');
    await expect(page).toHaveURL('/employer-dashboard');
    await expect(page.getByRole('heading', { name: 'Your Job Listings' })).toBeVisible();

    // The invitation: details in the text, and an iCalendar REQUEST that parses, in UTC.
    const invite = await lastMailTo(seeker.email);
    expect(invite.subject).toBe(`Interview invitation: ${title}`);
    const { component, headers } = calendarOf(invite);
    expect(headers).toMatch(/method=REQUEST/i);
    expect(component.getFirstPropertyValue('method')).toBe('REQUEST');
    const event = new ICAL.Event(component.getFirstSubcomponent('vevent')!);
    expect(event.startDate.toJSDate().toISOString()).toBe('2031-03-04T15:30:00.000Z');
    expect(event.startDate.zone.tzid).toBe('UTC');
    expect(event.location).toBe('12 Gloucester Ave, Montego Bay');
    expect(event.uid).toMatch(/^interview-[0-9a-f-]{36}@localhost$/);
    expect(String(event.organizer).toLowerCase()).toBe(`mailto:${employer.email}`);

    // Applicant: from the home's My Interviews button to the card, in their own zone (UTC-4).
    page = seekerPage;
    await page.goto('/job-seeker/home');
    await page.getByRole('main').getByRole('link', { name: 'My Interviews' }).click();
    await expect(page).toHaveURL('/my-interviews');
    await expect(page.getByRole('heading', { level: 1, name: 'My Interview Schedule' })).toBeVisible();
    const card = page.getByRole('article', { name: `Interview for ${title}` });
    await expect(card.getByRole('heading', { name: `Interview for ${title}` })).toBeVisible();
    await expect(card).toContainText('Mar 4, 2031, 11:30 AM');
    await expect(card).toContainText('12 Gloucester Ave, Montego Bay');
    await expect(card).toContainText('Bring your knives <b>and</b> ID.');
    await expect(card.getByText('Pending', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'my-interviews');

    // Offline: 'Failed to update status.', the card unchanged.
    await page.context().setOffline(true);
    await card.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Failed to update status.')).toBeVisible();
    await expect(card.getByText('Pending', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Confirm' })).toBeVisible();
    await page.context().setOffline(false);

    await card.getByRole('button', { name: 'Confirm' }).click();
    await expect(card.getByText('Confirmed', { exact: true })).toBeVisible();
    await expect(card.getByRole('button')).toHaveCount(0);
    await page.reload();
    await expect(card.getByText('Confirmed', { exact: true })).toBeVisible();
    await expect(card.getByRole('button')).toHaveCount(0);

    const answered = await lastMailTo(employer.email);
    expect(answered.subject).toBe(`Interview confirmed: ${title}`);

    // Employer: the interviews they scheduled, with the answer, from their home.
    page = employerPage;
    await page.goto('/employer/home');
    await page.getByRole('main').getByRole('link', { name: 'Scheduled Interviews' }).click();
    await expect(page).toHaveURL('/employer/interviews');
    const mine = page.getByRole('article', { name: `Interview for ${title}` });
    await expect(mine).toContainText(seeker.fullName);
    await expect(mine).toContainText('Mar 4, 2031, 10:30 AM');
    await expect(mine.getByText('Confirmed', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'scheduled-interviews');

    // Cancel: the applicant's calendar gets a CANCEL for the same event.
    await mine.getByRole('button', { name: `Cancel the interview for ${title} with ${seeker.fullName}` }).click();
    // Dialog code loads on first use: measure the dialog once it is there.
    await expect(page.getByRole('dialog', { name: 'Cancel this interview?' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel interview' }).click();
    await expect(mine.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(mine.getByRole('button')).toHaveCount(0);
    // The email goes out after the answer: wait for it rather than read the previous one.
    await expect.poll(async () => (await lastMailTo(seeker.email)).subject, { timeout: 15_000 }).toBe(`Interview cancelled: ${title}`);
    const cancelled = await lastMailTo(seeker.email);
    const cancel = calendarOf(cancelled).component;
    expect(cancel.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(new ICAL.Event(cancel.getFirstSubcomponent('vevent')!).uid).toBe(event.uid);

    await seekerContext.close();
  });

  test('deleting a job says how many interviews it cancels; the applicant’s card says Cancelled, with the job and its company', async ({
    page: employerPage,
    browser,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const seekerContext = await browser.newContext({ baseURL });
    const seekerPage = await seekerContext.newPage();
    // An employer who never gave their name: the card names the job's company instead.
    await signUpViaApi(employerPage, 'employer', '');
    const seeker = await signUpViaApi(seekerPage, 'jobseeker', `Ana Ruiz ${token('a')}`);
    const title = `Night Porter ${token('porter')}`;
    const job = await postJobViaApi(employerPage, { title, company: 'Harbour View Hotel' });
    await applyViaApi(seekerPage, job.id);
    const res = await employerPage.request.post('/api/interviews', {
      data: { jobId: job.id, applicantId: seeker.id, interviewTime: '2031-05-06T14:00:00.000Z', location: 'Front desk' },
      headers: { origin: originOf(employerPage) },
    });
    expect(res.status(), await res.text()).toBe(201);

    await seekerPage.goto('/my-interviews');
    const card = seekerPage.getByRole('article', { name: `Interview for ${title}` });
    await card.getByRole('button', { name: 'Confirm' }).click();
    await expect(card.getByText('Confirmed', { exact: true })).toBeVisible();
    await expect(card).toContainText('Harbour View Hotel');

    let page = employerPage;
    await page.goto('/employer/dashboard');
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this job?' });
    await expect(dialog.getByText('Its 1 upcoming interview will be cancelled and the applicant told by email.')).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'delete-job-interviews');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('link', { name: title })).toHaveCount(0);
    await expect.poll(async () => (await lastMailTo(seeker.email)).subject, { timeout: 15_000 }).toBe(`Interview cancelled: ${title}`);
    expect(calendarOf(await lastMailTo(seeker.email)).component.getFirstPropertyValue('method')).toBe('CANCEL');

    page = seekerPage;
    await page.reload();
    await expect(card.getByRole('heading', { name: `Interview for ${title}` })).toBeVisible();
    await expect(card.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(card).toContainText('Harbour View Hotel');
    await expect(card).not.toContainText('Untitled Job');
    await expect(card).not.toContainText('Unknown');
    await shoot(page, 'interview-job-deleted');
    await seekerContext.close();
  });

  test('Select Applicant searches other people by name on the server; empty lists say so', async ({ page, browser, baseURL }) => {
    const tag = token('zq');
    const other = await browser.newContext({ baseURL });
    await signUpViaApi(await other.newPage(), 'jobseeker', `Quentin ${tag}`);
    await other.close();
    await signUpViaApi(page, 'employer');
    const job = await postJobViaApi(page, { title: `Porter ${tag}` });

    await page.goto('/my-interviews');
    await expect(page.getByText('No upcoming interviews.')).toBeVisible();
    await page.goto('/employer/interviews');
    await expect(page.getByText('No upcoming interviews.')).toBeVisible();
    await expectAccessible(page);

    await page.goto(`/schedule-interview?job=${job.id}`);
    const applicant = page.getByRole('combobox', { name: 'Applicant' });
    await applicant.click();
    await applicant.fill(tag.slice(0, 2));
    await expect(page.getByText('Type at least 3 letters to search everyone.')).toBeVisible();
    await applicant.fill(tag);
    await page.getByRole('option', { name: `Quentin ${tag}` }).click();
    await expect(applicant).toHaveValue(`Quentin ${tag}`);
    await expectAccessible(page);
  });

  test('signed out and job seekers are told why the employer screens are not for them', async ({ page }) => {
    await page.goto('/schedule-interview');
    await expect(page.getByText('You must be logged in as an employer to schedule interviews.')).toBeVisible();
    await page.goto('/my-interviews');
    await expect(page.getByText('Please log in to see your interviews.')).toBeVisible();
    await signUpViaApi(page, 'jobseeker');
    await page.goto('/schedule-interview');
    await expect(page.getByText('Only employer accounts can schedule interviews.')).toBeVisible();
    await expectAccessible(page);
  });
});
