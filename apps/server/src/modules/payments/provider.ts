/**
 * What the payments module needs of a payment provider (decision 0073). PayPal is the one driver
 * today (paypal.ts); a second (Stripe Checkout, a Caribbean acquirer such as WiPay) implements the same
 * five calls and is chosen in createProvider.
 */
export interface ProviderCapture {
  id: string;
  /** COMPLETED is money received; anything else (PENDING, DECLINED…) is not. */
  status: string;
  value: string;
  currency: string;
  /** Our payment's id, as we sent it with the order. */
  customId?: string;
}

export interface ProviderOrder {
  id: string;
  /** CREATED / PAYER_ACTION_REQUIRED (waiting for the payer), APPROVED, COMPLETED, VOIDED. */
  status: string;
  customId?: string;
  value: string;
  currency: string;
  capture?: ProviderCapture;
}

/** A verified webhook event, reduced to what we act on. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** PAYMENT.CAPTURE.COMPLETED / DENIED: the capture and its order. */
  capture?: ProviderCapture & { orderId?: string };
  /** PAYMENT.CAPTURE.REFUNDED: the refund and the capture it belongs to. */
  refund?: { id: string; captureId?: string; value: string; currency: string };
}

export interface CheckoutInput {
  /** Our payment's id: the provider keeps it on the order and its capture, so we know both as ours. */
  reference: string;
  amount: string;
  currency: string;
  description: string;
  returnUrl: string;
  cancelUrl: string;
  /** The payer's language (BCP 47), for the provider's pages. */
  locale?: string;
}

export interface PaymentProvider {
  readonly name: 'paypal';
  readonly mode: 'sandbox' | 'live';
  createCheckout(input: CheckoutInput): Promise<{ orderId: string; approveUrl: string }>;
  /** Captures an approved order; `requestId` makes a retry answer the first capture (never a second charge). */
  capture(orderId: string, requestId: string): Promise<ProviderOrder>;
  getOrder(orderId: string): Promise<ProviderOrder>;
  refund(
    captureId: string,
    input: { amount: string; currency: string; reason: string; requestId: string },
  ): Promise<{ id: string; status: string; value: string }>;
  /** The event when the provider confirms the delivery is its own; null when it does not. */
  verifyWebhook(headers: Record<string, string | string[] | undefined>, rawBody: string): Promise<ProviderEvent | null>;
}

/** The provider refused (status 4xx, `issue` its reason), failed (5xx) or could not be reached (status 0: network, timeout). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly issue?: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
  /** Worth trying again later: an outage, not a refusal. */
  get transient() {
    return this.status === 0 || this.status >= 500 || this.status === 429;
  }
}
