import { expect, type Page } from '@playwright/test';
import { expectAccessible, originOf } from './fixtures';

/** A tiny but real PDF (the server checks the magic bytes, not the name). */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

let n = 0;
/** A token that makes a test's jobs findable among those of tests running beside it. */
export const token = (prefix = 'job') => `${prefix}${Date.now().toString(36)}${process.pid}${++n}`;

export interface JobFields {
  title: string;
  company?: string;
  country?: string;
  category?: string;
  description?: string;
  salary?: string;
  address?: string;
  /** The structured pay, shown in the reader's number format ("TTD 8,000 – TTD 12,000 a month"). */
  salaryMin?: number;
  salaryMax?: number;
  salaryCurrency?: string;
  salaryPeriod?: string;
}

/** Posts a job as the page's signed-in employer, through the API (the UI's form is covered elsewhere). */
export async function postJobViaApi(page: Page, fields: JobFields) {
  const res = await page.request.post('/api/jobs', {
    data: { company: 'Bay Resorts Ltd', country: 'Jamaica', category: 'Hospitality', description: 'A job on the beach.', salary: '', address: '', ...fields },
    headers: { origin: originOf(page) },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; title: string; createdAt: string; listingPrice?: string | null };
}

/**
 * Picks an option of a Mantine Select/Autocomplete by its label, as a person would. With `checkA11y`,
 * axe also runs while the dropdown is open (its listbox, options and scrolling).
 */
export async function pickOption(page: Page, combobox: string, option: string, search?: string, { checkA11y = false } = {}) {
  const input = page.getByRole('combobox', { name: combobox, exact: true });
  // A native <select> (short lists, e.g. the jobs filters' category and date) opens the system's own
  // picker, which a page cannot click into: choose by the option's visible text.
  if ((await input.evaluate((el) => el.tagName)) === 'SELECT') {
    await input.selectOption({ label: option });
    if (checkA11y) await expectAccessible(page);
    return;
  }
  await input.click();
  if (search) await input.fill(search);
  const choice = page.getByRole('option', { name: option, exact: true });
  if (checkA11y) {
    await expect(choice).toBeVisible();
    await expectAccessible(page);
  }
  await choice.click();
}

/**
 * The spec's alert, shown as a toast that does not wait for a tap (decision 0021): checks its text,
 * and that the page with the toast open is accessible.
 */
export async function expectToast(page: Page, text: string) {
  // The toast itself, not an alert on the page that happens to say the same.
  const toast = page.getByRole('alert').filter({ hasText: text }).and(page.locator('.mantine-Notification-root'));
  await expect(toast).toBeVisible();
  await expectAccessible(page);
}
