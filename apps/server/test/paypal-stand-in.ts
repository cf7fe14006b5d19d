import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for PayPal's REST API (a service outside the product), written from PayPal's
 * published reference: OAuth 2.0 client credentials (`POST /v1/oauth2/token`), Orders v2 (create,
 * get, capture), Payments v2 (refund a capture, get a capture or refund), the buyer's approval page
 * (`/checkoutnow?token=…`, which approves or cancels and redirects to the order's return or cancel
 * URL as PayPal's does), webhook delivery with PayPal's transmission headers, and
 * `POST /v1/notifications/verify-webhook-signature`.
 *
 * It refuses what PayPal refuses: wrong client credentials (401 invalid_client), a missing or unknown
 * bearer token (401 AUTHENTICATION_FAILURE), capturing an order the buyer has not approved (422
 * ORDER_NOT_APPROVED), capturing twice (422 ORDER_ALREADY_CAPTURED), refunding more than is left of a
 * capture (422 REFUND_AMOUNT_EXCEEDED) or a capture already refunded in full (422
 * CAPTURE_FULLY_REFUNDED), a refund in another currency (422 REFUND_CURRENCY_MISMATCH), amounts that
 * are not money (422 / 400 with PayPal's issue names). A repeated `PayPal-Request-Id` on create,
 * capture and refund answers what the first request got, as PayPal's idempotency does.
 *
 * Signatures: PayPal signs a delivery with its certificate (SHA256withRSA over
 * `transmission_id|transmission_time|webhook_id|crc32(body)`); a listener does not check that itself
 * but asks PayPal's verify-webhook-signature, which is what the app does. This stand-in signs the
 * same fields with an HMAC of its own secret, and its verify endpoint checks that: the app cannot
 * tell the difference, a forged or altered delivery fails as it would.
 *
 * Tests steer it: `approve(orderId)` is the buyer approving without a browser, `failNext(op, how)`
 * makes the next call of an operation answer 5xx, hang (a timeout), or do the work and then answer
 * 500 (the response lost), and `deliveries` records every webhook sent, which `redeliver` replays.
 */

/** Request bodies as PayPal's reference describes them: read field by field, each checked. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
type Money = { currency_code: string; value: string };
type Link = { href: string; rel: string; method: string };

interface StandInCapture {
  id: string;
  status: 'COMPLETED' | 'DECLINED' | 'PENDING' | 'REFUNDED' | 'PARTIALLY_REFUNDED';
  amount: Money;
  final_capture: boolean;
  custom_id?: string;
  invoice_id?: string;
  create_time: string;
  update_time: string;
  orderId: string;
  refunded: number; // in cents
}

interface StandInOrder {
  id: string;
  intent: 'CAPTURE' | 'AUTHORIZE';
  status: 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  purchaseUnit: { reference_id: string; custom_id?: string; invoice_id?: string; description?: string; amount: Money };
  returnUrl?: string;
  cancelUrl?: string;
  payer?: { payer_id: string; email_address: string; name: { given_name: string; surname: string } };
  captureId?: string;
  create_time: string;
  update_time: string;
}

interface StandInRefund {
  id: string;
  status: 'COMPLETED';
  amount: Money;
  note_to_payer?: string;
  captureId: string;
  create_time: string;
}

export interface WebhookDelivery {
  eventId: string;
  eventType: string;
  headers: Record<string, string>;
  body: string;
  /** The listener's answer status (0 when it could not be reached). */
  status: number;
}

export type FailMode = { status: number } | 'hang' | 'after-work';
type Operation = 'token' | 'create' | 'capture' | 'get' | 'refund' | 'verify';

/** The currencies PayPal takes payments in that the Caribbean's operators use (a subset of PayPal's list). */
const CURRENCIES = new Set(['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'JPY', 'MXN', 'BRL', 'CHF', 'SEK', 'NOK', 'DKK', 'NZD', 'HKD', 'SGD']);
const MONEY = /^((-?[0-9]+)|(-?([0-9]+)?[.][0-9]+))$/;
const cents = (value: string) => Math.round(Number(value) * 100);
const toValue = (c: number) => (c / 100).toFixed(2);
const nowIso = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
const newId = (length = 17) => randomBytes(16).toString('hex').toUpperCase().slice(0, length);

function issueError(status: number, name: string, message: string, issue: string, description: string) {
  return {
    status,
    body: {
      name,
      message,
      debug_id: randomBytes(6).toString('hex'),
      details: [{ issue, description }],
      links: [{ href: `https://developer.paypal.com/api/rest/reference/orders/v2/errors/#${issue}`, rel: 'information_link', method: 'GET' }],
    },
  };
}
const unprocessable = (issue: string, description: string) =>
  issueError(
    422,
    'UNPROCESSABLE_ENTITY',
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
    issue,
    description,
  );
const invalidRequest = (issue: string, description: string) =>
  issueError(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', issue, description);
const notFound = (description: string) => issueError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID', description);

export interface PayPalStandInOptions {
  clientId?: string;
  clientSecret?: string;
  /** The webhook's id as PayPal would show it in the app's settings (PAYPAL_WEBHOOK_ID). */
  webhookId?: string;
  /** Where events are delivered: a URL, or a function (API tests hand them to app.inject). Set later with `deliverTo`. */
  listener?: string | ((headers: Record<string, string>, body: string) => Promise<number>);
  /** Send events (PAYMENT.CAPTURE.COMPLETED, …REFUNDED, …DENIED) as things happen (default true). */
  autoDeliver?: boolean;
  port?: number;
}

export async function startPayPalStandIn(options: PayPalStandInOptions = {}) {
  const clientId = options.clientId ?? 'stand-in-client';
  const clientSecret = options.clientSecret ?? 'stand-in-secret';
  const webhookIds = new Set([options.webhookId ?? 'WH7STANDIN0001']);
  const signingKey = randomBytes(32);
  let listener = options.listener;
  let autoDeliver = options.autoDeliver ?? true;

  const tokens = new Map<string, number>(); // token -> expiry (ms)
  const orders = new Map<string, StandInOrder>();
  const captures = new Map<string, StandInCapture>();
  const refunds = new Map<string, StandInRefund>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const failures = new Map<Operation, FailMode[]>();
  const deliveries: WebhookDelivery[] = [];
  const pendingDeliveries = new Set<Promise<void>>();
  const hanging = new Set<http.ServerResponse>();
  const requests: Array<{ method: string; path: string }> = [];
  let nextCaptureStatus: StandInCapture['status'] | null = null;
  let baseUrl = '';

  const link = (path: string, rel: string, method = 'GET'): Link => ({ href: `${baseUrl}${path}`, rel, method });

  function captureJson(c: StandInCapture) {
    return {
      id: c.id,
      status: c.status,
      amount: c.amount,
      final_capture: c.final_capture,
      custom_id: c.custom_id,
      invoice_id: c.invoice_id,
      seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
      supplementary_data: { related_ids: { order_id: c.orderId } },
      create_time: c.create_time,
      update_time: c.update_time,
      links: [
        link(`/v2/payments/captures/${c.id}`, 'self'),
        link(`/v2/payments/captures/${c.id}/refund`, 'refund', 'POST'),
        link(`/v2/checkout/orders/${c.orderId}`, 'up'),
      ],
    };
  }

  function orderJson(o: StandInOrder) {
    const capture = o.captureId ? captures.get(o.captureId) : undefined;
    const links: Link[] = [link(`/v2/checkout/orders/${o.id}`, 'self')];
    if (o.status === 'PAYER_ACTION_REQUIRED') links.push(link(`/checkoutnow?token=${o.id}`, 'payer-action'));
    if (o.status === 'CREATED') links.push(link(`/checkoutnow?token=${o.id}`, 'approve'));
    if (o.status === 'CREATED' || o.status === 'PAYER_ACTION_REQUIRED' || o.status === 'APPROVED')
      links.push(link(`/v2/checkout/orders/${o.id}`, 'update', 'PATCH'), link(`/v2/checkout/orders/${o.id}/capture`, 'capture', 'POST'));
    return {
      id: o.id,
      intent: o.intent,
      status: o.status,
      purchase_units: [
        {
          ...o.purchaseUnit,
          payee: { email_address: 'merchant@example.com', merchant_id: 'STANDINMERCHANT' },
          ...(capture ? { payments: { captures: [captureJson(capture)] } } : {}),
        },
      ],
      ...(o.payer ? { payer: o.payer, payment_source: { paypal: { email_address: o.payer.email_address, account_id: o.payer.payer_id } } } : {}),
      create_time: o.create_time,
      update_time: o.update_time,
      links,
    };
  }

  function refundJson(r: StandInRefund) {
    return {
      id: r.id,
      status: r.status,
      amount: r.amount,
      note_to_payer: r.note_to_payer,
      create_time: r.create_time,
      update_time: r.create_time,
      links: [link(`/v2/payments/refunds/${r.id}`, 'self'), link(`/v2/payments/captures/${r.captureId}`, 'up')],
    };
  }

  function sign(transmissionId: string, time: string, webhookId: string, body: string) {
    const digest = createHash('sha256').update(body).digest('hex');
    return createHmac('sha256', signingKey).update(`${transmissionId}|${time}|${webhookId}|${digest}`).digest('base64');
  }

  async function post(headers: Record<string, string>, body: string): Promise<number> {
    if (!listener) return 0;
    if (typeof listener === 'function') return listener(headers, body);
    try {
      const res = await fetch(listener, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
      await res.arrayBuffer();
      return res.status;
    } catch {
      return 0;
    }
  }

  /** Builds, signs and (when there is a listener) sends one event; returns its delivery record. */
  async function deliver(eventType: string, resourceType: string, resource: unknown, summary: string): Promise<WebhookDelivery> {
    const event = {
      id: `WH-${newId(17)}-${newId(17)}`,
      event_version: '1.0',
      create_time: nowIso(),
      resource_type: resourceType,
      resource_version: '2.0',
      event_type: eventType,
      summary,
      resource,
      links: [],
    };
    const body = JSON.stringify(event);
    const transmissionId = randomBytes(16).toString('hex');
    const time = nowIso();
    const webhookId = [...webhookIds][0]!;
    const headers = {
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-time': time,
      'paypal-transmission-sig': sign(transmissionId, time, webhookId, body),
      'paypal-cert-url': `${baseUrl}/v1/notifications/certs/CERT-STANDIN`,
      'paypal-auth-algo': 'SHA256withRSA',
    };
    const delivery: WebhookDelivery = { eventId: event.id, eventType, headers, body, status: 0 };
    deliveries.push(delivery);
    delivery.status = await post(headers, body);
    return delivery;
  }

  function emit(eventType: string, resourceType: string, resource: unknown, summary: string) {
    if (!autoDeliver || !listener) return;
    const p = deliver(eventType, resourceType, resource, summary).then(() => undefined);
    pendingDeliveries.add(p);
    void p.finally(() => pendingDeliveries.delete(p));
  }

  function approve(orderId: string): StandInOrder {
    const order = orders.get(orderId);
    if (!order) throw new Error(`no order ${orderId}`);
    if (order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED') {
      order.status = 'APPROVED';
      order.update_time = nowIso();
      order.payer = { payer_id: newId(13), email_address: 'buyer@example.com', name: { given_name: 'Test', surname: 'Buyer' } };
    }
    return order;
  }

  // --- the API's operations, each answering { status, body } -------------------------------------

  function createOrder(body: Json): { status: number; body: unknown } {
    if (body.intent !== 'CAPTURE' && body.intent !== 'AUTHORIZE') return invalidRequest('INVALID_PARAMETER_VALUE', 'The value of a field is invalid: intent.');
    const units = body.purchase_units;
    if (!Array.isArray(units) || units.length !== 1) return invalidRequest('MISSING_REQUIRED_PARAMETER', 'purchase_units: exactly one is supported here.');
    const unit = units[0] ?? {};
    const amount = unit.amount ?? {};
    if (typeof amount.currency_code !== 'string' || typeof amount.value !== 'string')
      return invalidRequest('MISSING_REQUIRED_PARAMETER', 'A required field is missing: amount.');
    if (!CURRENCIES.has(amount.currency_code)) return unprocessable('CURRENCY_NOT_SUPPORTED', 'Currency code is not currently supported.');
    if (!MONEY.test(amount.value) || !/^\d+(\.\d{1,2})?$/.test(amount.value))
      return invalidRequest('DECIMAL_PRECISION', 'If the currency supports decimals, only two decimal place precision is supported.');
    if (cents(amount.value) <= 0) return unprocessable('AMOUNT_MUST_BE_POSITIVE', 'The amount must be greater than zero.');
    const experience = body.payment_source?.paypal?.experience_context;
    const context = experience ?? body.application_context ?? {};
    const order: StandInOrder = {
      id: newId(17),
      intent: body.intent,
      status: experience ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
      purchaseUnit: {
        reference_id: typeof unit.reference_id === 'string' ? unit.reference_id : 'default',
        custom_id: typeof unit.custom_id === 'string' ? unit.custom_id : undefined,
        invoice_id: typeof unit.invoice_id === 'string' ? unit.invoice_id : undefined,
        description: typeof unit.description === 'string' ? unit.description : undefined,
        amount: { currency_code: amount.currency_code, value: toValue(cents(amount.value)) },
      },
      returnUrl: typeof context.return_url === 'string' ? context.return_url : undefined,
      cancelUrl: typeof context.cancel_url === 'string' ? context.cancel_url : undefined,
      create_time: nowIso(),
      update_time: nowIso(),
    };
    orders.set(order.id, order);
    return { status: 201, body: orderJson(order) };
  }

  function captureOrder(id: string): { status: number; body: unknown } {
    const order = orders.get(id);
    if (!order) return notFound('Specified resource ID does not exist. Please check the resource ID and try again.');
    if (order.intent !== 'CAPTURE') return unprocessable('ACTION_DOES_NOT_MATCH_INTENT', 'Order was created with an intent to AUTHORIZE.');
    if (order.status === 'COMPLETED')
      return unprocessable('ORDER_ALREADY_CAPTURED', 'Order already captured. If intent=CAPTURE only one capture per order is allowed.');
    if (order.status !== 'APPROVED')
      return unprocessable(
        'ORDER_NOT_APPROVED',
        'Payer has not yet approved the Order for payment. Please redirect the payer to the rel:approve url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.',
      );
    const status = nextCaptureStatus ?? 'COMPLETED';
    nextCaptureStatus = null;
    const capture: StandInCapture = {
      id: newId(17),
      status,
      amount: order.purchaseUnit.amount,
      final_capture: true,
      custom_id: order.purchaseUnit.custom_id,
      invoice_id: order.purchaseUnit.invoice_id,
      create_time: nowIso(),
      update_time: nowIso(),
      orderId: order.id,
      refunded: 0,
    };
    captures.set(capture.id, capture);
    order.captureId = capture.id;
    order.status = 'COMPLETED';
    order.update_time = nowIso();
    if (status === 'COMPLETED')
      emit('PAYMENT.CAPTURE.COMPLETED', 'capture', captureJson(capture), `Payment completed for ${capture.amount.value} ${capture.amount.currency_code}`);
    if (status === 'DECLINED') emit('PAYMENT.CAPTURE.DENIED', 'capture', captureJson(capture), 'Payment denied');
    return { status: 201, body: orderJson(order) };
  }

  function refundCapture(id: string, body: Json): { status: number; body: unknown } {
    const capture = captures.get(id);
    if (!capture) return notFound('Specified resource ID does not exist. Please check the resource ID and try again.');
    if (capture.status === 'REFUNDED') return unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
    if (capture.status !== 'COMPLETED' && capture.status !== 'PARTIALLY_REFUNDED')
      return unprocessable('INVALID_CAPTURE_STATUS', 'Invalid capture status. Tranaction is not eligible for refund.');
    const left = cents(capture.amount.value) - capture.refunded;
    let amount = left;
    if (body.amount !== undefined) {
      const a = body.amount ?? {};
      if (typeof a.value !== 'string' || typeof a.currency_code !== 'string')
        return invalidRequest('MISSING_REQUIRED_PARAMETER', 'A required field is missing: amount.');
      if (!/^\d+(\.\d{1,2})?$/.test(a.value)) return invalidRequest('DECIMAL_PRECISION', 'Only two decimal place precision is supported.');
      if (a.currency_code !== capture.amount.currency_code)
        return unprocessable('REFUND_CURRENCY_MISMATCH', 'Refund must be in the same currency as the capture.');
      amount = cents(a.value);
      if (amount <= 0) return unprocessable('REFUND_AMOUNT_NOT_POSITIVE', 'The refund amount must be positive.');
      if (amount > left)
        return unprocessable('REFUND_AMOUNT_EXCEEDED', 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.');
    }
    capture.refunded += amount;
    capture.status = capture.refunded >= cents(capture.amount.value) ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    capture.update_time = nowIso();
    const refund: StandInRefund = {
      id: newId(17),
      status: 'COMPLETED',
      amount: { currency_code: capture.amount.currency_code, value: toValue(amount) },
      note_to_payer: typeof body.note_to_payer === 'string' ? body.note_to_payer : undefined,
      captureId: capture.id,
      create_time: nowIso(),
    };
    refunds.set(refund.id, refund);
    emit('PAYMENT.CAPTURE.REFUNDED', 'refund', refundJson(refund), `A ${refund.amount.value} ${refund.amount.currency_code} capture payment was refunded`);
    return { status: 201, body: refundJson(refund) };
  }

  function verifySignature(body: Json): { status: number; body: unknown } {
    const fields = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id'];
    const missing = fields.find((f) => typeof body[f] !== 'string' || body[f] === '');
    if (missing || typeof body.webhook_event !== 'object' || body.webhook_event === null)
      return {
        status: 400,
        body: {
          name: 'VALIDATION_ERROR',
          message: 'Invalid request - see details',
          details: [{ field: missing ?? 'webhook_event', issue: 'Required field cannot be blank' }],
        },
      };
    if (!webhookIds.has(body.webhook_id)) return { status: 404, body: { name: 'INVALID_RESOURCE_ID', message: 'Webhook id does not exist' } };
    const expected = Buffer.from(sign(body.transmission_id, body.transmission_time, body.webhook_id, JSON.stringify(body.webhook_event)));
    const given = Buffer.from(body.transmission_sig);
    const ok = expected.length === given.length && timingSafeEqual(expected, given);
    return { status: 200, body: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } };
  }

  // --- HTTP ---------------------------------------------------------------------------------------

  function readBody(req: http.IncomingMessage): Promise<string> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });
  }

  function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    res.writeHead(status, {
      'content-type': typeof body === 'string' ? 'text/html; charset=utf-8' : 'application/json',
      'paypal-debug-id': newId(13).toLowerCase(),
      ...headers,
    });
    res.end(text);
  }

  const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

  function approvalPage(order: StandInOrder) {
    const { value, currency_code } = order.purchaseUnit.amount;
    const description = order.purchaseUnit.description ?? '';
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>PayPal stand-in: approve payment</title></head>
<body><main><h1>Pay with PayPal (stand-in)</h1><p>${escapeHtml(description)}</p><p>Total: <strong>${escapeHtml(value)} ${escapeHtml(currency_code)}</strong></p>
<form method="post" action="/checkoutnow/approve"><input type="hidden" name="token" value="${order.id}"><button type="submit">Approve payment</button></form>
<form method="post" action="/checkoutnow/cancel"><input type="hidden" name="token" value="${order.id}"><button type="submit">Cancel and return</button></form></main></body></html>`;
  }

  const withQuery = (url: string, params: Record<string, string>) => {
    const u = new URL(url);
    for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
    return u.toString();
  };

  function bearerOk(req: http.IncomingMessage) {
    const m = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
    const expiry = m ? tokens.get(m[1]!) : undefined;
    return expiry !== undefined && expiry > Date.now();
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', baseUrl);
    const method = req.method ?? 'GET';
    const path = url.pathname;
    requests.push({ method, path });
    const raw = await readBody(req);

    // The buyer's pages: no API credentials, as on paypal.com.
    if (path === '/checkoutnow' && method === 'GET') {
      const order = orders.get(url.searchParams.get('token') ?? '');
      if (!order) return send(res, 404, '<!doctype html><title>Not found</title><p>This payment link is not valid.</p>');
      return send(res, 200, approvalPage(order));
    }
    if ((path === '/checkoutnow/approve' || path === '/checkoutnow/cancel') && method === 'POST') {
      const token = new URLSearchParams(raw).get('token') ?? '';
      const order = orders.get(token);
      if (!order) return send(res, 404, '<!doctype html><title>Not found</title><p>This payment link is not valid.</p>');
      if (path.endsWith('/cancel')) {
        if (!order.cancelUrl) return send(res, 200, '<!doctype html><title>Cancelled</title><p>Cancelled.</p>');
        return send(res, 303, '', { location: withQuery(order.cancelUrl, { token: order.id }) });
      }
      approve(order.id);
      if (!order.returnUrl) return send(res, 200, '<!doctype html><title>Approved</title><p>Approved.</p>');
      return send(res, 303, '', { location: withQuery(order.returnUrl, { token: order.id, PayerID: order.payer!.payer_id }) });
    }

    const op: Operation | null =
      path === '/v1/oauth2/token' && method === 'POST'
        ? 'token'
        : path === '/v2/checkout/orders' && method === 'POST'
          ? 'create'
          : /^\/v2\/checkout\/orders\/[^/]+\/capture$/.test(path) && method === 'POST'
            ? 'capture'
            : /^\/v2\/checkout\/orders\/[^/]+$/.test(path) && method === 'GET'
              ? 'get'
              : /^\/v2\/payments\/captures\/[^/]+\/refund$/.test(path) && method === 'POST'
                ? 'refund'
                : path === '/v1/notifications/verify-webhook-signature' && method === 'POST'
                  ? 'verify'
                  : null;

    const failure = op ? failures.get(op)?.shift() : undefined;
    if (failure === 'hang') {
      hanging.add(res);
      return; // never answered: the caller's timeout decides
    }
    if (failure && failure !== 'after-work') {
      return send(res, failure.status, { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error has occurred.', debug_id: newId(13).toLowerCase() });
    }
    const answer = (status: number, body: unknown) =>
      failure === 'after-work'
        ? send(res, 500, { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error has occurred.', debug_id: newId(13).toLowerCase() })
        : send(res, status, body);

    if (op === 'token') {
      const m = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
      const [id, secret] = m ? Buffer.from(m[1]!, 'base64').toString('utf8').split(':') : [];
      if (id !== clientId || secret !== clientSecret) return send(res, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      if (new URLSearchParams(raw).get('grant_type') !== 'client_credentials')
        return send(res, 400, { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
      const token = `A21AA${randomBytes(24).toString('base64url')}`;
      tokens.set(token, Date.now() + 32_400_000);
      return answer(200, {
        scope: 'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-STANDIN',
        expires_in: 32400,
        nonce: `${nowIso()}${randomBytes(8).toString('hex')}`,
      });
    }
    if (!op) return send(res, 404, notFound('No such resource on the stand-in.').body);
    if (!bearerOk(req))
      return send(res, 401, {
        name: 'AUTHENTICATION_FAILURE',
        message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
        links: [],
      });

    let body: Json = {};
    if (raw) {
      try {
        body = JSON.parse(raw) as Json;
      } catch {
        return send(res, 400, invalidRequest('MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.').body);
      }
    }
    const requestId = req.headers['paypal-request-id'];
    const key = typeof requestId === 'string' && requestId ? `${op}:${path}:${requestId}` : null;
    if (key && idempotent.has(key)) {
      const kept = idempotent.get(key)!;
      return answer(kept.status, kept.body);
    }
    const id = path.split('/')[4] ?? '';
    const result =
      op === 'create'
        ? createOrder(body)
        : op === 'capture'
          ? captureOrder(id)
          : op === 'refund'
            ? refundCapture(id, body)
            : op === 'verify'
              ? verifySignature(body)
              : orders.has(id)
                ? { status: 200, body: orderJson(orders.get(id)!) }
                : notFound('Specified resource ID does not exist. Please check the resource ID and try again.');
    if (key && result.status < 300) idempotent.set(key, result);
    return answer(result.status, result.body);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => send(res, 500, { name: 'INTERNAL_SERVER_ERROR', message: String(err) }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    clientId,
    clientSecret,
    webhookId: [...webhookIds][0]!,
    orders,
    captures,
    refunds,
    deliveries,
    requests,
    /** The buyer approves the order on PayPal's page (without a browser). */
    approve,
    /** The next call(s) of `op` fail: an HTTP status, a hang, or the work done and a 500 answered. */
    failNext(op: Operation, how: FailMode, times = 1) {
      failures.set(op, [...(failures.get(op) ?? []), ...Array<FailMode>(times).fill(how)]);
    },
    /** The next capture ends with this capture status (DECLINED for a denied card, PENDING for a held payment). */
    nextCapture(status: StandInCapture['status']) {
      nextCaptureStatus = status;
    },
    deliverTo(target: PayPalStandInOptions['listener'], auto = true) {
      listener = target;
      autoDeliver = auto;
    },
    /** Sends an event now (e.g. a PAYMENT.CAPTURE.COMPLETED for a capture) and returns its delivery. */
    deliver,
    captureJson: (id: string) => captureJson(captures.get(id)!),
    refundJson: (id: string) => refundJson(refunds.get(id)!),
    /** Sends a recorded delivery again, byte for byte (PayPal retries until a listener answers 2xx). */
    async redeliver(delivery: WebhookDelivery) {
      return post(delivery.headers, delivery.body);
    },
    /** Resolves when every event sent so far has been answered. */
    async settled() {
      while (pendingDeliveries.size) await Promise.all([...pendingDeliveries]);
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type PayPalStandIn = Awaited<ReturnType<typeof startPayPalStandIn>>;
