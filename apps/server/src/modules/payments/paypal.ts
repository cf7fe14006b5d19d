import type { CheckoutInput, PaymentProvider, ProviderCapture, ProviderEvent, ProviderOrder } from './provider';
import { ProviderError } from './provider';

/**
 * The PayPal driver: OAuth 2.0 client credentials, Orders v2 (create, get, capture), Payments v2
 * (refund) and Webhooks (verify-webhook-signature), over fetch (decision 0073 says why not the SDK).
 * Every call has a timeout; create, capture and refund carry PayPal-Request-Id, so a retry of the same
 * request answers the first one's result instead of doing it again.
 */
export interface PayPalSettings {
  clientId: string;
  clientSecret: string;
  env: 'sandbox' | 'live';
  webhookId?: string;
  apiUrl: string;
  /** Per request (default 10 s). */
  timeoutMs?: number;
}

/** PayPal's answers, read field by field and each checked. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

export function createPayPalDriver(settings: PayPalSettings): PaymentProvider {
  const timeoutMs = settings.timeoutMs ?? 10_000;
  let token: { value: string; until: number } | null = null;

  async function request(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${settings.apiUrl}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      throw new ProviderError(`PayPal could not be reached: ${(err as Error).message}`, 0);
    }
  }

  async function accessToken(fresh = false): Promise<string> {
    if (!fresh && token && token.until > Date.now()) return token.value;
    const basic = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64');
    const res = await request('/v1/oauth2/token', {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: 'grant_type=client_credentials',
    });
    const body = (await res.json().catch(() => ({}))) as Json;
    if (!res.ok || typeof body.access_token !== 'string')
      throw new ProviderError(`PayPal refused the credentials (${res.status} ${body.error ?? ''})`, res.status, body.error);
    // Renewed a minute before PayPal says it ends.
    token = { value: body.access_token, until: Date.now() + Math.max(0, Number(body.expires_in ?? 0) - 60) * 1000 };
    return token.value;
  }

  async function call(method: string, path: string, body?: unknown, requestId?: string): Promise<Json> {
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = { authorization: `Bearer ${await accessToken(attempt > 0)}`, accept: 'application/json' };
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (requestId) headers['paypal-request-id'] = requestId;
      const res = await request(path, { method, headers, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) });
      const text = await res.text().catch(() => '');
      let json: Json = {};
      try {
        json = text ? (JSON.parse(text) as Json) : {};
      } catch {
        json = {};
      }
      // A token PayPal no longer takes (revoked, expired early): one new token, one more try.
      if (res.status === 401 && attempt === 0) continue;
      if (!res.ok) {
        const issue = json.details?.[0]?.issue ?? json.name;
        throw new ProviderError(`PayPal answered ${res.status} ${issue ?? ''} to ${method} ${path.replace(/\/[A-Z0-9]{10,}/g, '/…')}`, res.status, issue);
      }
      return json;
    }
  }

  const toCapture = (c: Json | undefined): ProviderCapture | undefined =>
    c && typeof c.id === 'string'
      ? {
          id: c.id,
          status: String(c.status ?? ''),
          value: String(c.amount?.value ?? ''),
          currency: String(c.amount?.currency_code ?? ''),
          customId: c.custom_id,
        }
      : undefined;

  function toOrder(o: Json): ProviderOrder {
    const unit = o.purchase_units?.[0] ?? {};
    return {
      id: String(o.id ?? ''),
      status: String(o.status ?? ''),
      customId: unit.custom_id,
      value: String(unit.amount?.value ?? ''),
      currency: String(unit.amount?.currency_code ?? ''),
      capture: toCapture(unit.payments?.captures?.[0]),
    };
  }

  const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
    const v = headers[name];
    return Array.isArray(v) ? v[0] : v;
  };

  return {
    name: 'paypal',
    mode: settings.env,

    async createCheckout(input: CheckoutInput) {
      const order = await call(
        'POST',
        '/v2/checkout/orders',
        {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: input.reference,
              custom_id: input.reference,
              description: input.description.slice(0, 127),
              amount: { currency_code: input.currency, value: input.amount },
            },
          ],
          payment_source: {
            paypal: {
              experience_context: {
                return_url: input.returnUrl,
                cancel_url: input.cancelUrl,
                user_action: 'PAY_NOW',
                shipping_preference: 'NO_SHIPPING',
                ...(input.locale ? { locale: input.locale } : {}),
              },
            },
          },
        },
        `create-${input.reference}`,
      );
      const approve = (order.links as Array<{ rel: string; href: string }> | undefined)?.find((l) => l.rel === 'payer-action' || l.rel === 'approve');
      if (typeof order.id !== 'string' || !approve) throw new ProviderError('PayPal answered an order without an approval link', 502);
      return { orderId: order.id, approveUrl: approve.href };
    },

    async capture(orderId, requestId) {
      return toOrder(await call('POST', `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {}, requestId));
    },

    async getOrder(orderId) {
      return toOrder(await call('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`));
    },

    async refund(captureId, input) {
      const refund = await call(
        'POST',
        `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
        { amount: { value: input.amount, currency_code: input.currency }, note_to_payer: input.reason.slice(0, 255) },
        input.requestId,
      );
      return { id: String(refund.id), status: String(refund.status), value: String(refund.amount?.value ?? input.amount) };
    },

    async verifyWebhook(headers, rawBody) {
      if (!settings.webhookId) return null;
      const fields = {
        auth_algo: header(headers, 'paypal-auth-algo'),
        cert_url: header(headers, 'paypal-cert-url'),
        transmission_id: header(headers, 'paypal-transmission-id'),
        transmission_sig: header(headers, 'paypal-transmission-sig'),
        transmission_time: header(headers, 'paypal-transmission-time'),
        webhook_id: settings.webhookId,
      };
      if (Object.values(fields).some((v) => !v)) return null;
      let event: Json;
      try {
        event = JSON.parse(rawBody) as Json;
      } catch {
        return null;
      }
      if (typeof event !== 'object' || event === null || typeof event.id !== 'string') return null;
      // The event goes back exactly as it came (its bytes are what PayPal signed).
      const body = `{${Object.entries(fields)
        .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`)
        .join(',')},"webhook_event":${rawBody}}`;
      const answer = await call('POST', '/v1/notifications/verify-webhook-signature', body);
      if (answer.verification_status !== 'SUCCESS') return null;
      const resource = (event.resource ?? {}) as Json;
      const type = String(event.event_type ?? '');
      const result: ProviderEvent = { id: event.id, type };
      if (type === 'PAYMENT.CAPTURE.REFUNDED' && event.resource_type === 'refund') {
        const up = (resource.links as Array<{ rel: string; href: string }> | undefined)?.find((l) => l.rel === 'up')?.href;
        result.refund = {
          id: String(resource.id),
          captureId: up ? decodeURIComponent(up.split('/').pop() ?? '') : undefined,
          value: String(resource.amount?.value ?? ''),
          currency: String(resource.amount?.currency_code ?? ''),
        };
      } else if (type.startsWith('PAYMENT.CAPTURE.')) {
        const capture = toCapture(resource);
        if (capture) result.capture = { ...capture, orderId: resource.supplementary_data?.related_ids?.order_id };
      }
      return result;
    },
  };
}
