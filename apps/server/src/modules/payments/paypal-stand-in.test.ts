import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPayPalStandIn, type PayPalStandIn } from '../../../test/paypal-stand-in';

// The stand-in's own tests: it answers as PayPal's API reference says, and refuses what PayPal refuses.
let pp: PayPalStandIn;
let token: string;
beforeAll(async () => {
  pp = await startPayPalStandIn();
  token = (await tokenFor(pp.clientId, pp.clientSecret)).json.access_token;
});
afterAll(() => pp.close());

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${pp.url}${path}`, {
    method,
    redirect: 'manual',
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text.startsWith('{') ? JSON.parse(text) : null, text, location: res.headers.get('location') };
}

async function tokenFor(id: string, secret: string) {
  const res = await fetch(`${pp.url}/v1/oauth2/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  return { status: res.status, json: await res.json() };
}

const orderBody = (value = '25.00', currency = 'USD') => ({
  intent: 'CAPTURE',
  purchase_units: [{ reference_id: 'job-1', custom_id: 'pay-1', description: 'Job listing', amount: { currency_code: currency, value } }],
  payment_source: { paypal: { experience_context: { return_url: 'http://shop.test/return', cancel_url: 'http://shop.test/cancel', user_action: 'PAY_NOW' } } },
});

async function approvedOrder(value = '25.00') {
  const created = await call('POST', '/v2/checkout/orders', orderBody(value));
  pp.approve(created.json.id);
  return created.json.id as string;
}

describe('PayPal stand-in', () => {
  it('gives a token for the right client credentials only', async () => {
    const ok = await tokenFor(pp.clientId, pp.clientSecret);
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ token_type: 'Bearer', expires_in: 32400 });
    const bad = await tokenFor(pp.clientId, 'wrong');
    expect(bad.status).toBe(401);
    expect(bad.json.error).toBe('invalid_client');
  });

  it('refuses API calls without a valid bearer token', async () => {
    const res = await call('POST', '/v2/checkout/orders', orderBody(), { authorization: 'Bearer nope' });
    expect(res.status).toBe(401);
    expect(res.json.name).toBe('AUTHENTICATION_FAILURE');
  });

  it('creates an order that needs the payer, with a payer-action link, and refuses bad amounts', async () => {
    const res = await call('POST', '/v2/checkout/orders', orderBody());
    expect(res.status).toBe(201);
    expect(res.json.status).toBe('PAYER_ACTION_REQUIRED');
    expect(res.json.links.find((l: { rel: string }) => l.rel === 'payer-action').href).toBe(`${pp.url}/checkoutnow?token=${res.json.id}`);
    expect((await call('POST', '/v2/checkout/orders', orderBody('0.00'))).status).toBe(422);
    expect((await call('POST', '/v2/checkout/orders', orderBody('1.234'))).status).toBe(400);
    expect((await call('POST', '/v2/checkout/orders', orderBody('10', 'JMD'))).json.details[0].issue).toBe('CURRENCY_NOT_SUPPORTED');
    expect((await call('POST', '/v2/checkout/orders', '{nope')).status).toBe(400);
  });

  it('the approval page approves and redirects to the return URL, or cancels to the cancel URL', async () => {
    const a = (await call('POST', '/v2/checkout/orders', orderBody())).json.id;
    const page = await fetch(`${pp.url}/checkoutnow?token=${a}`);
    expect(await page.text()).toContain('25.00 USD');
    const approved = await fetch(`${pp.url}/checkoutnow/approve`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ token: a }) });
    expect(approved.status).toBe(303);
    expect(approved.headers.get('location')).toMatch(new RegExp(`^http://shop\\.test/return\\?token=${a}&PayerID=`));
    expect((await call('GET', `/v2/checkout/orders/${a}`)).json.status).toBe('APPROVED');
    const b = (await call('POST', '/v2/checkout/orders', orderBody())).json.id;
    const cancelled = await fetch(`${pp.url}/checkoutnow/cancel`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ token: b }) });
    expect(cancelled.headers.get('location')).toBe(`http://shop.test/cancel?token=${b}`);
    expect((await call('GET', `/v2/checkout/orders/${b}`)).json.status).toBe('PAYER_ACTION_REQUIRED');
  });

  it('captures an approved order once; refuses an unapproved one and a second capture', async () => {
    const unapproved = (await call('POST', '/v2/checkout/orders', orderBody())).json.id;
    const refused = await call('POST', `/v2/checkout/orders/${unapproved}/capture`, {});
    expect(refused.status).toBe(422);
    expect(refused.json.details[0].issue).toBe('ORDER_NOT_APPROVED');
    const id = await approvedOrder();
    const res = await call('POST', `/v2/checkout/orders/${id}/capture`, {});
    expect(res.status).toBe(201);
    expect(res.json.status).toBe('COMPLETED');
    const capture = res.json.purchase_units[0].payments.captures[0];
    expect(capture).toMatchObject({ status: 'COMPLETED', amount: { value: '25.00', currency_code: 'USD' }, custom_id: 'pay-1' });
    const again = await call('POST', `/v2/checkout/orders/${id}/capture`, {});
    expect(again.status).toBe(422);
    expect(again.json.details[0].issue).toBe('ORDER_ALREADY_CAPTURED');
    expect((await call('POST', '/v2/checkout/orders/NOSUCHORDER/capture', {})).status).toBe(404);
  });

  it('a repeated PayPal-Request-Id answers what the first got (no second charge)', async () => {
    const id = await approvedOrder();
    const first = await call('POST', `/v2/checkout/orders/${id}/capture`, {}, { 'paypal-request-id': 'cap-1' });
    const second = await call('POST', `/v2/checkout/orders/${id}/capture`, {}, { 'paypal-request-id': 'cap-1' });
    expect(second.status).toBe(201);
    expect(second.json.purchase_units[0].payments.captures[0].id).toBe(first.json.purchase_units[0].payments.captures[0].id);
    expect(pp.captures.size).toBeGreaterThan(0);
  });

  it('refunds up to what was captured, in the capture’s currency', async () => {
    const id = await approvedOrder('25.00');
    const captureId = (await call('POST', `/v2/checkout/orders/${id}/capture`, {})).json.purchase_units[0].payments.captures[0].id;
    const half = await call('POST', `/v2/payments/captures/${captureId}/refund`, {
      amount: { value: '12.50', currency_code: 'USD' },
      note_to_payer: 'Half back',
    });
    expect(half.status).toBe(201);
    expect(half.json).toMatchObject({ status: 'COMPLETED', amount: { value: '12.50' } });
    const tooMuch = await call('POST', `/v2/payments/captures/${captureId}/refund`, { amount: { value: '12.51', currency_code: 'USD' } });
    expect(tooMuch.json.details[0].issue).toBe('REFUND_AMOUNT_EXCEEDED');
    const otherCurrency = await call('POST', `/v2/payments/captures/${captureId}/refund`, { amount: { value: '1.00', currency_code: 'EUR' } });
    expect(otherCurrency.json.details[0].issue).toBe('REFUND_CURRENCY_MISMATCH');
    const rest = await call('POST', `/v2/payments/captures/${captureId}/refund`, {});
    expect(rest.json.amount.value).toBe('12.50');
    const none = await call('POST', `/v2/payments/captures/${captureId}/refund`, {});
    expect(none.json.details[0].issue).toBe('CAPTURE_FULLY_REFUNDED');
  });

  it('delivers signed events that its verify endpoint confirms, and fails forged or altered ones', async () => {
    const received: Array<{ headers: Record<string, string>; body: string }> = [];
    pp.deliverTo(async (headers, body) => {
      received.push({ headers, body });
      return 200;
    });
    const id = await approvedOrder();
    await call('POST', `/v2/checkout/orders/${id}/capture`, {});
    await pp.settled();
    const event = received.at(-1)!;
    expect(JSON.parse(event.body).event_type).toBe('PAYMENT.CAPTURE.COMPLETED');
    expect(JSON.parse(event.body).resource.supplementary_data.related_ids.order_id).toBe(id);
    const verify = (body: string, webhookId = pp.webhookId, sig = event.headers['paypal-transmission-sig']!) =>
      call('POST', '/v1/notifications/verify-webhook-signature', {
        auth_algo: event.headers['paypal-auth-algo'],
        cert_url: event.headers['paypal-cert-url'],
        transmission_id: event.headers['paypal-transmission-id'],
        transmission_sig: sig,
        transmission_time: event.headers['paypal-transmission-time'],
        webhook_id: webhookId,
        webhook_event: JSON.parse(body),
      });
    expect((await verify(event.body)).json.verification_status).toBe('SUCCESS');
    expect((await verify(event.body.replace('"25.00"', '"1.00"'))).json.verification_status).toBe('FAILURE');
    expect((await verify(event.body, pp.webhookId, 'forged')).json.verification_status).toBe('FAILURE');
    expect((await verify(event.body, 'WHOTHER')).status).toBe(404);
    expect((await call('POST', '/v1/notifications/verify-webhook-signature', { webhook_id: pp.webhookId })).status).toBe(400);
    pp.deliverTo(undefined);
  });

  it('fails on request: a 5xx, or the work done and the answer lost', async () => {
    const id = await approvedOrder();
    pp.failNext('capture', { status: 503 });
    expect((await call('POST', `/v2/checkout/orders/${id}/capture`, {})).status).toBe(503);
    expect((await call('GET', `/v2/checkout/orders/${id}`)).json.status).toBe('APPROVED');
    pp.failNext('capture', 'after-work');
    expect((await call('POST', `/v2/checkout/orders/${id}/capture`, {})).status).toBe(500);
    expect((await call('GET', `/v2/checkout/orders/${id}`)).json.status).toBe('COMPLETED');
  });
});
