import { adminRequest, E2E_ADMIN, expect, logIn, shoot, signUpViaApi, test } from './fixtures';
import { postJobViaApi, token } from './jobs-helpers';
import { takeMailTo } from './smtp-sink';

// Issue 47 at 360 px: an employer pays a $25 job through PayPal's page (the stand-in), the job goes
// live, the receipt arrives by email; an administrator refunds half; the CSV shows both.
test.use({ viewport: { width: 360, height: 780 } });

test('a job paid through PayPal goes live with a receipt; an admin refunds half; the CSV shows both', async ({ page, browser, baseURL, playwright }) => {
  test.setTimeout(150_000);
  const admin = await adminRequest(playwright.request, baseURL!);
  const employer = await signUpViaApi(page, 'employer');
  const title = `Paid Chef ${token('pay')}`;
  // Other journeys post on the same server: jobs cost $25 only while this one posts (it keeps that price).
  expect((await admin.put('/api/admin/settings', { data: { jobsFree: false, jobPrice: '25' } })).status()).toBe(200);
  let jobId = '';
  try {
    jobId = (await postJobViaApi(page, { title })).id;
  } finally {
    expect((await admin.put('/api/admin/settings', { data: { jobsFree: true } })).status()).toBe(200);
  }

  await page.goto('/employer/dashboard');
  await expect(page.getByText('Awaiting payment of $25')).toBeVisible();
  await shoot(page, 'payments-dashboard-awaiting');
  await page.getByRole('button', { name: `Pay now for "${title}"` }).click();
  // PayPal's page (the stand-in's): the amount is the server's.
  await expect(page.getByText('25.00 USD')).toBeVisible();
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page).toHaveURL(/\/payments\?payment=.*&result=paid/);
  await expect(page.getByText('Payment received: your listing is live.')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Download receipt R-\d{6}/ })).toBeVisible();
  await shoot(page, 'payments-mine-paid');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  const anonymous = await playwright.request.newContext({ baseURL });
  expect((await anonymous.get(`/api/jobs/${jobId}`)).status()).toBe(200);
  await anonymous.dispose();
  const receipt = await takeMailTo(employer.email, /Receipt: R-\d{6}/, 20_000);
  expect(receipt.subject).toMatch(/^Your receipt R-\d{6}$/);
  expect(receipt.text).toContain(title);

  // The administrator, on a phone too.
  const ctx = await browser.newContext({ baseURL, viewport: { width: 360, height: 780 } });
  const adminPage = await ctx.newPage();
  await logIn(adminPage, E2E_ADMIN.email, E2E_ADMIN.password);
  await adminPage.goto('/admin/payments');
  await adminPage.getByRole('button', { name: `Refund "${title}"` }).click();
  const form = adminPage.getByRole('form', { name: `Refund "${title}"` });
  await form.getByLabel('Amount to refund (USD)').fill('12.50');
  await form.getByLabel('Reason').fill('Posted by mistake');
  await form.getByLabel('Keep the listing live').check();
  await form.getByRole('button', { name: 'Refund' }).click();
  await expect(adminPage.getByText('Refund recorded. The payer gets a credit note by email.')).toBeVisible();
  await expect(
    adminPage
      .getByText(/\$25\.00 \(\$12\.50 refunded\)/)
      .locator('visible=true')
      .first(),
  ).toBeVisible();
  expect(await adminPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shoot(adminPage, 'admin-payments');
  // The on-screen filters: a GET form; its values are the address's, and the server filters.
  const filters = adminPage.getByRole('search', { name: 'Filter payments' });
  await filters.getByLabel('Status').selectOption({ label: 'Partly refunded' });
  const today = new Date().toISOString().slice(0, 10);
  await filters.getByLabel('From').fill(today);
  await filters.getByLabel('To').fill(today);
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(adminPage).toHaveURL(new RegExp(`/admin/payments\\?status=partially_refunded&from=${today}&to=${today}$`));
  await expect(adminPage.getByText(title).locator('visible=true').first()).toBeVisible();
  await expect(adminPage.getByText(/\$25\.00 \(\$12\.50 refunded\)/).locator('visible=true')).not.toHaveCount(0);
  await filters.getByLabel('Status').selectOption({ label: 'Refunded' });
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(adminPage).toHaveURL(/status=refunded&/);
  await expect(adminPage.getByText(title).locator('visible=true')).toHaveCount(0);
  await shoot(adminPage, 'admin-payments-filtered');
  const credit = await takeMailTo(employer.email, /Credit note: CN-\d{6}/, 20_000);
  expect(credit.text).toContain('Posted by mistake');

  const csv = await (await admin.get('/api/admin/payments.csv')).text();
  const line = csv.split('\r\n').find((l) => l.includes(title));
  expect(line).toMatch(/,job,PayPal,25\.00,12\.50,USD,partially_refunded,R-\d{6}$/);
  await ctx.close();
  await admin.dispose();
});

test('a price change leaves an already posted listing at its own price: the badges keep it', async ({ page, browser, baseURL, playwright }) => {
  test.setTimeout(120_000);
  const admin = await adminRequest(playwright.request, baseURL!);
  await signUpViaApi(page, 'employer');
  const title = `Kept Price Porter ${token('kept')}`;
  const before = await (await admin.get('/api/admin/settings')).json();
  // Other journeys post on the same server: jobs cost money only while this one posts (its job
  // keeps that price; the price then changes with jobs free again).
  expect((await admin.put('/api/admin/settings', { data: { jobsFree: false, jobPrice: '25' } })).status()).toBe(200);
  let kept = '';
  try {
    // What the job keeps, from the answer (another journey may change the price at the same moment).
    kept = String((await postJobViaApi(page, { title })).listingPrice).replace(/\.00$/, '');
  } finally {
    expect((await admin.put('/api/admin/settings', { data: { jobsFree: true } })).status()).toBe(200);
  }
  try {
    const dearer = String(Number(kept) + 15);
    expect((await admin.put('/api/admin/settings', { data: { jobPrice: dearer } })).status()).toBe(200);
    await page.goto('/employer/dashboard');
    const card = page.getByRole('article').filter({ hasText: title });
    await expect(card.getByText(`Awaiting payment of $${kept}`, { exact: true })).toBeVisible();
    await expect(card.getByText(`Awaiting payment of $${dearer}`)).toHaveCount(0);

    const ctx = await browser.newContext({ baseURL, viewport: { width: 360, height: 780 } });
    const adminPage = await ctx.newPage();
    await logIn(adminPage, E2E_ADMIN.email, E2E_ADMIN.password);
    await adminPage.goto('/admin/jobs');
    const row = adminPage.getByRole('row', { name: new RegExp(title) });
    await expect(row.getByText(`Awaiting payment of $${kept}`, { exact: true })).toBeVisible();
    await expect(row.getByText(`Awaiting payment of $${dearer}`)).toHaveCount(0);
    await shoot(adminPage, 'admin-jobs-kept-price');
    await ctx.close();
  } finally {
    expect((await admin.put('/api/admin/settings', { data: { jobsFree: true, jobPrice: before.jobPrice } })).status()).toBe(200);
    await admin.dispose();
  }
});
