import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { Client, signUp } from '../../../test/http';
import { postJob } from '../../../test/jobs';
import { startPayPalStandIn, type PayPalStandIn } from '../../../test/paypal-stand-in';
import { rowsOf } from '../../lib/keyset';
import { setRole } from '../../../test/consultants';
import { paymentsContext } from './routes';
import { reconcilePending } from './service';

let t: TestApp;
let pp: PayPalStandIn;
let admin: Client;

/** An admin with two-step sign-in set up, as create-admin makes them. */
async function signUpAdmin(app: TestApp) {
  const s = await signUp(app.app);
  await setRole(app.database, s.user.id, 'admin');
  return s;
}

const webhook = async (headers: Record<string, string>, body: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/payments/webhooks/paypal', headers: { ...headers, 'content-type': 'application/json' }, payload: body }))
    .statusCode;

beforeAll(async () => {
  pp = await startPayPalStandIn();
  t = await createTestApp({
    paypal: { clientId: pp.clientId, clientSecret: pp.clientSecret, env: 'sandbox', webhookId: pp.webhookId, apiUrl: pp.url, timeoutMs: 1500 },
  });
  admin = (await signUpAdmin(t)).client;
  await admin.request({
    method: 'PUT',
    url: '/api/admin/settings',
    payload: { jobsFree: false, jobPrice: '25', adsFree: false, adPrice: '5', operatorName: 'Carib Ops Ltd', operatorAddress: '1 Bay St, Bridgetown' },
  });
});
afterAll(async () => {
  await t.close();
  await pp.close();
});
beforeEach(() => {
  // Webhooks off unless a test turns them on: the return and the reconciliation must work alone.
  pp.deliverTo(undefined);
});

const db = () => t.database.db;
const paymentRow = async (id: string) =>
  (
    await rowsOf<{
      status: string;
      amount: string;
      receipt_number: number | null;
      provider_order_id: string;
      provider_capture_id: string | null;
      refunded_amount: string;
    }>(
      db().execute(
        sql`select status, amount::text as amount, receipt_number, provider_order_id, provider_capture_id, refunded_amount::text as refunded_amount from payments where id = ${id}`,
      ),
    )
  )[0]!;
const isPublic = async (jobId: string) => (await new Client(t.app).get(`/api/jobs/${jobId}`)).statusCode === 200;

async function employerWithJob(title = 'Paid Chef') {
  const employer = await signUp(t.app, 'employer');
  const job = await postJob(employer, title);
  return { employer, job };
}

async function checkout(client: Client, id: string, kind = 'job') {
  return client.post('/api/payments/checkout', { kind, id });
}

/** Pay now, approve on the stand-in's page (as the browser would), and come back. */
async function payThrough(client: Client, jobId: string) {
  const res = await checkout(client, jobId);
  expect(res.statusCode, res.body).toBe(200);
  const { approveUrl, paymentId } = res.json() as { approveUrl: string; paymentId: string };
  const orderId = new URL(approveUrl).searchParams.get('token')!;
  const approved = await fetch(`${pp.url}/checkoutnow/approve`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ token: orderId }) });
  const back = new URL(approved.headers.get('location')!);
  expect(back.pathname).toBe('/api/payments/paypal/return');
  const returned = await client.get(`${back.pathname}${back.search}`);
  return { paymentId, orderId, returned };
}

describe('checkout through PayPal (stand-in)', () => {
  it('pays a job at the price it was posted at: captured, live at once, receipt numbered and emailed', async () => {
    const { employer, job } = await employerWithJob();
    expect(job.paid).toBe(false);
    // A price change after posting applies to new jobs only.
    await admin.request({ method: 'PUT', url: '/api/admin/settings', payload: { jobPrice: '40' } });
    const { paymentId, orderId, returned } = await payThrough(employer.client, job.id);
    await admin.request({ method: 'PUT', url: '/api/admin/settings', payload: { jobPrice: '25' } });
    expect(returned.statusCode).toBe(303);
    expect(returned.headers.location).toBe(`/payments?payment=${paymentId}&result=paid`);
    expect(pp.orders.get(orderId)!.purchaseUnit.amount).toEqual({ currency_code: 'USD', value: '25.00' });
    const row = await paymentRow(paymentId);
    expect(row).toMatchObject({ status: 'paid', amount: '25.00' });
    expect(row.receipt_number).toBeGreaterThan(0);
    expect(await isPublic(job.id)).toBe(true);
    await t.app.queue.drained();
    const mail = t.app.mailer.outbox.find((m) => m.to === employer.email && m.subject.startsWith('Your receipt R-'));
    expect(mail?.text).toContain('Paid Chef');
    expect(mail?.text).toContain('Carib Ops Ltd');
    expect(mail?.text).toContain('US$25.00');
    const mine = (await employer.client.get('/api/me/payments')).json();
    expect(mine.items[0]).toMatchObject({ id: paymentId, status: 'paid', amount: '25.00', currency: 'USD', method: 'paypal' });
    const pdf = await employer.client.get(`/api/payments/${paymentId}/receipt.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Coming back again (Back button, a reload) changes nothing and charges nothing.
    const again = await employer.client.get(`/api/payments/paypal/return?token=${orderId}`);
    expect(again.headers.location).toContain('result=paid');
    expect([...pp.captures.values()].filter((c) => c.orderId === orderId)).toHaveLength(1);
  });

  it('receipt numbers run on without gaps', async () => {
    const a = await employerWithJob('Gapless A');
    const b = await employerWithJob('Gapless B');
    const first = (await payThrough(a.employer.client, a.job.id)).paymentId;
    const second = (await payThrough(b.employer.client, b.job.id)).paymentId;
    expect((await paymentRow(second)).receipt_number).toBe((await paymentRow(first)).receipt_number! + 1);
  });

  it('cancel on PayPal’s page: back to the cancelled page, the listing saved and not public', async () => {
    const { employer, job } = await employerWithJob('Cancelled Cook');
    const res = await checkout(employer.client, job.id);
    const orderId = new URL(res.json().approveUrl).searchParams.get('token')!;
    const cancelled = await fetch(`${pp.url}/checkoutnow/cancel`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ token: orderId }) });
    const back = new URL(cancelled.headers.get('location')!);
    const page = await employer.client.get(`${back.pathname}${back.search}`);
    expect(page.headers.location).toBe(`/payments/cancelled?kind=job&id=${job.id}`);
    expect(await isPublic(job.id)).toBe(false);
    expect((await paymentRow(res.json().paymentId)).status).toBe('cancelled');
    // Pay now again makes a new order.
    const next = await checkout(employer.client, job.id);
    expect(next.json().reused).toBe(false);
  });

  it('a second Pay now while an order waits reuses it; a paid listing refuses', async () => {
    const { employer, job } = await employerWithJob('Twice Pressed');
    const [a, b] = await Promise.all([checkout(employer.client, job.id), checkout(employer.client, job.id)]);
    const answers = [a, b].map((r) => r.statusCode).sort();
    // Two presses at once: one order; the other waits for it (409) or reuses it.
    expect(answers[0]).toBe(200);
    const c = await checkout(employer.client, job.id);
    expect(c.json().reused).toBe(true);
    expect(c.json().approveUrl).toBe((a.statusCode === 200 ? a : b).json().approveUrl);
    const count = await rowsOf<{ n: number }>(db().execute(sql`select count(*)::int as n from payments where listing_id = ${job.id} and status = 'pending'`));
    expect(count[0]!.n).toBe(1);
    pp.approve(new URL(c.json().approveUrl).searchParams.get('token')!);
    await employer.client.get(`/api/payments/paypal/return?token=${new URL(c.json().approveUrl).searchParams.get('token')}`);
    const paid = await checkout(employer.client, job.id);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().code).toBe('ALREADY_PAID');
  });

  it('the HTML form sends the browser to PayPal’s page (303), and back to My payments with the reason on refusal', async () => {
    const { employer, job } = await employerWithJob('Form Payer');
    const res = await employer.client.request({
      method: 'POST',
      url: '/payments/checkout',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `kind=job&id=${job.id}`,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(new RegExp(`^${pp.url}/checkoutnow\\?token=`));
    // Browsers hold a form's redirect to form-action: the provider's page must be allowed there.
    expect(res.headers['content-security-policy']).toContain(`form-action 'self' ${pp.url}`);
    const other = await signUp(t.app, 'employer');
    const refused = await other.client.request({
      method: 'POST',
      url: '/payments/checkout',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `kind=job&id=${job.id}`,
    });
    expect(refused.headers.location).toBe('/payments?error=JOB_NOT_FOUND');
  });
});

describe('never trusting the browser', () => {
  it('refuses another person’s listing, the anonymous, and forged ids', async () => {
    const { job } = await employerWithJob('Not Yours');
    const other = await signUp(t.app, 'employer');
    expect((await checkout(other.client, job.id)).statusCode).toBe(404);
    expect((await new Client(t.app).post('/api/payments/checkout', { kind: 'job', id: job.id })).statusCode).toBe(401);
    expect((await checkout(other.client, 'not-a-uuid')).statusCode).toBe(400);
    expect((await checkout(other.client, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    // Amount, currency and payer in the body are not read: the order is for the kept price.
    const { employer, job: mine } = await employerWithJob('Forged Amount');
    const res = await employer.client.post('/api/payments/checkout', { kind: 'job', id: mine.id, amount: '0.01', currency: 'EUR', userId: other.user.id });
    expect(res.statusCode).toBe(200);
    expect(pp.orders.get(new URL(res.json().approveUrl).searchParams.get('token')!)!.purchaseUnit.amount).toEqual({ currency_code: 'USD', value: '25.00' });
  });

  it('a forged return URL captures nothing: unknown token, another person’s order, an order not approved', async () => {
    const { employer, job } = await employerWithJob('Forged Return');
    const res = await checkout(employer.client, job.id);
    const orderId = new URL(res.json().approveUrl).searchParams.get('token')!;
    expect((await employer.client.get('/api/payments/paypal/return?token=NOSUCHORDER123')).statusCode).toBe(404);
    const other = await signUp(t.app, 'employer');
    pp.approve(orderId);
    expect((await other.client.get(`/api/payments/paypal/return?token=${orderId}`)).statusCode).toBe(404);
    expect((await new Client(t.app).get(`/api/payments/paypal/return?token=${orderId}`)).statusCode).toBe(401);
    expect(pp.orders.get(orderId)!.status).toBe('APPROVED'); // nobody captured it
    expect(await isPublic(job.id)).toBe(false);
    // Its own payer, but before approving (a hand-typed return URL): not paid.
    const second = await employerWithJob('Unapproved Return');
    const r2 = await checkout(second.employer.client, second.job.id);
    const o2 = new URL(r2.json().approveUrl).searchParams.get('token')!;
    const back = await second.employer.client.get(`/api/payments/paypal/return?token=${o2}&PayerID=FAKE`);
    expect(back.headers.location).toContain('result=not-approved');
    expect((await paymentRow(r2.json().paymentId)).status).toBe('pending');
    expect(await isPublic(second.job.id)).toBe(false);
  });

  it('an amount changed between order and capture is not marked paid', async () => {
    const { employer, job } = await employerWithJob('Tampered Order');
    const res = await checkout(employer.client, job.id);
    const orderId = new URL(res.json().approveUrl).searchParams.get('token')!;
    pp.orders.get(orderId)!.purchaseUnit.amount = { currency_code: 'USD', value: '0.50' };
    pp.approve(orderId);
    const back = await employer.client.get(`/api/payments/paypal/return?token=${orderId}`);
    expect(back.headers.location).toContain('result=failed');
    expect((await paymentRow(res.json().paymentId)).status).toBe('failed');
    expect(await isPublic(job.id)).toBe(false);
  });

  it('an outage during capture: not paid, then the reconciliation settles it, charged once', async () => {
    for (const how of [{ status: 503 }, 'hang', 'after-work'] as const) {
      const { employer, job } = await employerWithJob(`Outage ${typeof how === 'string' ? how : how.status}`);
      const res = await checkout(employer.client, job.id);
      const orderId = new URL(res.json().approveUrl).searchParams.get('token')!;
      pp.approve(orderId);
      pp.failNext('capture', how);
      const back = await employer.client.get(`/api/payments/paypal/return?token=${orderId}`);
      expect(back.headers.location, String(how)).toContain('result=pending');
      expect((await paymentRow(res.json().paymentId)).status).toBe('pending');
      expect(await isPublic(job.id)).toBe(false);
      await reconcilePending(paymentsContext(t.app), new Date(), 0);
      expect((await paymentRow(res.json().paymentId)).status, String(how)).toBe('paid');
      expect(await isPublic(job.id)).toBe(true);
      expect([...pp.captures.values()].filter((c) => c.orderId === orderId)).toHaveLength(1);
    }
  });

  it('a payer who closes the tab after approving gets the listing live by the reconciliation job', async () => {
    const { employer, job } = await employerWithJob('Closed Tab');
    const res = await checkout(employer.client, job.id);
    pp.approve(new URL(res.json().approveUrl).searchParams.get('token')!);
    // Too recent: left alone.
    expect(await reconcilePending(paymentsContext(t.app))).toBe(0);
    await reconcilePending(paymentsContext(t.app), new Date(Date.now() + 120_000));
    expect((await paymentRow(res.json().paymentId)).status).toBe('paid');
    expect(await isPublic(job.id)).toBe(true);
  });

  it('deleting a listing before payment cancels its pending order; coming back after captures nothing', async () => {
    const { employer, job } = await employerWithJob('Deleted First');
    const res = await checkout(employer.client, job.id);
    const orderId = new URL(res.json().approveUrl).searchParams.get('token')!;
    expect((await employer.client.delete(`/api/jobs/${job.id}`)).statusCode).toBeLessThan(300);
    expect((await paymentRow(res.json().paymentId)).status).toBe('cancelled');
    pp.approve(orderId);
    const back = await employer.client.get(`/api/payments/paypal/return?token=${orderId}`);
    expect(back.headers.location).toContain('result=cancelled');
    expect(pp.orders.get(orderId)!.status).toBe('APPROVED');
  });
});

describe('webhooks', () => {
  it('a verified PAYMENT.CAPTURE.COMPLETED settles the order; a replay changes nothing', async () => {
    const { employer, job } = await employerWithJob('Webhook Paid');
    const res = await checkout(employer.client, job.id);
    const orderId = new URL(res.json().approveUrl).searchParams.get('token')!;
    pp.approve(orderId);
    // The payer's return never arrives; PayPal captured (e.g. our capture's answer was lost) and tells us.
    pp.failNext('capture', 'after-work');
    await employer.client.get(`/api/payments/paypal/return?token=${orderId}`);
    expect((await paymentRow(res.json().paymentId)).status).toBe('pending');
    pp.deliverTo(webhook, false);
    const captureId = pp.orders.get(orderId)!.captureId!;
    const delivery = await pp.deliver('PAYMENT.CAPTURE.COMPLETED', 'capture', pp.captureJson(captureId), 'Payment completed');
    expect(delivery.status).toBe(200);
    const row = await paymentRow(res.json().paymentId);
    expect(row.status).toBe('paid');
    expect(await isPublic(job.id)).toBe(true);
    expect(await pp.redeliver(delivery)).toBe(200);
    expect((await paymentRow(res.json().paymentId)).receipt_number).toBe(row.receipt_number);
    await t.app.queue.drained();
    expect(t.app.mailer.outbox.filter((m) => m.to === employer.email && m.subject.startsWith('Your receipt'))).toHaveLength(1);
  });

  it('an unverified or altered webhook is refused and changes nothing', async () => {
    const { employer, job } = await employerWithJob('Forged Webhook');
    const res = await checkout(employer.client, job.id);
    const orderId = new URL(res.json().approveUrl).searchParams.get('token')!;
    pp.approve(orderId);
    pp.failNext('capture', 'after-work');
    await employer.client.get(`/api/payments/paypal/return?token=${orderId}`);
    pp.deliverTo(async () => 0, false); // recorded, not sent
    const captureId = pp.orders.get(orderId)!.captureId!;
    const real = await pp.deliver('PAYMENT.CAPTURE.COMPLETED', 'capture', pp.captureJson(captureId), 'Payment completed');
    expect(await webhook({ ...real.headers, 'paypal-transmission-sig': 'forged' }, real.body)).toBe(400);
    expect(await webhook(real.headers, real.body.replace('Payment completed', 'Payment completed!'))).toBe(400);
    const { 'paypal-transmission-sig': _, ...unsigned } = real.headers;
    expect(await webhook(unsigned, real.body)).toBe(400);
    expect(await webhook({}, '{"id":"WH-1","event_type":"PAYMENT.CAPTURE.COMPLETED"}')).toBe(400);
    expect((await paymentRow(res.json().paymentId)).status).toBe('pending');
    expect(await webhook(real.headers, real.body)).toBe(200);
    expect((await paymentRow(res.json().paymentId)).status).toBe('paid');
  });

  it('a denied capture leaves the listing waiting', async () => {
    const { employer, job } = await employerWithJob('Denied Card');
    pp.deliverTo(webhook);
    pp.nextCapture('DECLINED');
    const { paymentId, returned } = await payThrough(employer.client, job.id);
    await pp.settled();
    expect(returned.headers.location).toContain('result=failed');
    expect((await paymentRow(paymentId)).status).toBe('failed');
    expect(await isPublic(job.id)).toBe(false);
  });
});

describe('refunds and the books', () => {
  it('an admin refunds half through PayPal (kept live), then the rest (back to awaiting payment); credit notes, audit log, CSV', async () => {
    const { employer, job } = await employerWithJob('Refunded Role');
    pp.deliverTo(webhook); // PayPal's own REFUNDED events arrive too, and must not count twice
    const { paymentId } = await payThrough(employer.client, job.id);
    await pp.settled();
    const half = await admin.post(`/api/admin/payments/${paymentId}/refund`, { amount: '12.50', reason: 'Posted twice', keepLive: true });
    expect(half.statusCode, half.body).toBe(200);
    expect(half.json()).toMatchObject({ status: 'partially_refunded', refundedAmount: '12.50' });
    expect(await isPublic(job.id)).toBe(true);
    expect((await admin.post(`/api/admin/payments/${paymentId}/refund`, { amount: '12.51', reason: 'Too much' })).json().code).toBe('REFUND_TOO_LARGE');
    const rest = await admin.post(`/api/admin/payments/${paymentId}/refund`, { amount: '12.50', reason: 'Closed the role' });
    expect(rest.json()).toMatchObject({ status: 'refunded', refundedAmount: '25.00' });
    await pp.settled();
    expect(await isPublic(job.id)).toBe(false);
    const captureId = (await paymentRow(paymentId)).provider_capture_id;
    const capture = [...pp.captures.values()].find((c) => c.id === captureId)!;
    expect(capture.status).toBe('REFUNDED');
    const refunds = await rowsOf<{ n: number }>(db().execute(sql`select count(*)::int as n from payment_refunds where payment_id = ${paymentId}`));
    expect(refunds[0]!.n).toBe(2);
    await t.app.queue.drained();
    expect(t.app.mailer.outbox.filter((m) => m.to === employer.email && m.subject.startsWith('Credit note CN-'))).toHaveLength(2);
    const audit = (await admin.get('/api/admin/audit?action=payment_refunded')).json();
    expect(audit.items.filter((a: { targetId: string }) => a.targetId === paymentId)).toHaveLength(2);
    const csv = await admin.get('/api/admin/payments.csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('Date,Paid,Payer,Payer email,Listing,Kind,Method,Amount,Refunded,Currency,Status,Receipt');
    expect(csv.body).toContain(',Refunded Role,job,PayPal,25.00,25.00,USD,refunded,R-');
    const totals = (await admin.get('/api/admin/payments/totals')).json();
    expect(totals.find((r: { method: string }) => r.method === 'paypal')).toMatchObject({ currency: 'USD' });
  });

  it('bank transfer and cash: Mark paid books them with a receipt; a refund is recorded by hand', async () => {
    const { employer, job } = await employerWithJob('Cash Job');
    expect((await admin.post(`/api/admin/jobs/${job.id}/paid`, { method: 'cash' })).statusCode).toBe(200);
    const list = (await admin.get('/api/admin/payments?method=cash')).json();
    const row = list.items.find((p: { listingId: string }) => p.listingId === job.id);
    expect(row).toMatchObject({ method: 'cash', status: 'paid', amount: '25.00', payerEmail: employer.email });
    expect(row.receipt).toMatch(/^R-\d{6}$/);
    const refund = await admin.post(`/api/admin/payments/${row.id}/refund`, { amount: '25', reason: 'Cash returned' });
    expect(refund.json().status).toBe('refunded');
    expect(await isPublic(job.id)).toBe(false);
  });

  it('CSV cells that a spreadsheet would run are defused', async () => {
    const employer = await signUp(t.app, 'employer', { fullName: '=HYPERLINK("http://evil")' });
    const job = await postJob(employer, '@SUM(A1)');
    await admin.post(`/api/admin/jobs/${job.id}/paid`, { method: 'bank_transfer' });
    const csv = (await admin.get('/api/admin/payments.csv')).body;
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv).toContain(`,'@SUM(A1),`);
  });

  it('who may see what: receipts are the payer’s and admins’; the books and refunds are admins’ only', async () => {
    const { employer, job } = await employerWithJob('Private Receipt');
    const { paymentId } = await payThrough(employer.client, job.id);
    const other = await signUp(t.app, 'employer');
    expect((await other.client.get(`/api/payments/${paymentId}/receipt.pdf`)).statusCode).toBe(404);
    expect((await new Client(t.app).get(`/api/payments/${paymentId}/receipt.pdf`)).statusCode).toBe(401);
    expect((await admin.get(`/api/payments/${paymentId}/receipt.pdf`)).statusCode).toBe(200);
    expect((await other.client.get('/api/me/payments')).json().items).toEqual([]);
    for (const client of [employer.client, other.client]) {
      expect((await client.get('/api/admin/payments')).statusCode).toBe(403);
      expect((await client.get('/api/admin/payments.csv')).statusCode).toBe(403);
      expect((await client.post(`/api/admin/payments/${paymentId}/refund`, { amount: '1', reason: 'mine' })).statusCode).toBe(403);
    }
    const notTwoStep = await signUp(t.app);
    await db().execute(sql`update profiles set role = 'admin' where id = ${notTwoStep.user.id}`);
    expect((await notTwoStep.client.post(`/api/admin/payments/${paymentId}/refund`, { amount: '1', reason: 'x' })).statusCode).toBe(403);
    expect((await admin.post(`/api/admin/payments/${paymentId}/refund`, { amount: '1', reason: '' })).statusCode).toBe(400);
    expect((await admin.post(`/api/admin/payments/${paymentId}/refund`, { amount: '1', reason: 'x'.repeat(501) })).statusCode).toBe(400);
  });

  it('payment settings show the currency and the provider’s status', async () => {
    const settings = (await new Client(t.app).get('/api/payment-settings')).json();
    expect(settings).toMatchObject({ currency: 'USD', online: { provider: 'paypal', mode: 'sandbox' } });
    expect((await admin.request({ method: 'PUT', url: '/api/admin/settings', payload: { currency: 'JMD' } })).statusCode).toBe(400);
  });
});

describe('without a provider', () => {
  it('online payment is not offered', async () => {
    const plain = await createTestApp();
    try {
      expect((await new Client(plain.app).get('/api/payment-settings')).json().online).toBeNull();
      const employer = await signUp(plain.app, 'employer');
      const adminPlain = (await signUpAdmin(plain)).client;
      await adminPlain.request({ method: 'PUT', url: '/api/admin/settings', payload: { jobsFree: false, jobPrice: '25' } });
      const job = await postJob(employer, 'No Provider');
      const res = await employer.client.post('/api/payments/checkout', { kind: 'job', id: job.id });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('PAYMENT_NOT_OFFERED');
    } finally {
      await plain.close();
    }
  });
});
