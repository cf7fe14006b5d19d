import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPayment,
  adminPaymentsQuery,
  checkoutBody,
  checkoutResponse,
  errorResponse,
  idParam,
  page,
  payment,
  paymentsQuery,
  paymentTotals,
  providerReturnQuery,
  refundBody,
  type LanguageCode,
} from '@caribconnect/shared';
import { csvLines, csvRow } from '../../lib/csv';
import { emailText, languageOf, pageLanguage } from '../../lib/emails';
import { HttpError } from '../../lib/http-error';
import { readPaymentSettings } from '../../lib/settings';
import { me, requireAdmin, requireUser, requireWriter, viewerOf } from '../../plugins/auth';
import { acceptFormBodies, formBody, seeOther } from '../../plugins/page-forms';
import { createPayPalDriver } from './paypal';
import type { PaymentProvider } from './provider';
import { renderReceiptPdf } from './receipt-pdf';
import {
  allPaymentsForCsv,
  cancelFromProvider,
  createCheckout,
  handleWebhook,
  listAllPayments,
  listOwnPayments,
  paymentTotals as totals,
  receiptOf,
  reconcilePending,
  refundPayment,
  returnFromProvider,
  type PaymentsContext,
} from './service';

declare module '../../plugins/queue' {
  interface JobKinds {
    /** Every 10 minutes: asks the provider about orders left pending (decision 0073). */
    'payments-reconcile': Record<string, never>;
  }
}

/** One driver per configuration (it keeps its access token), shared by the routes and the queue's job. */
const providers = new WeakMap<FastifyInstance['config'], PaymentProvider | null>();

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 502: errorResponse };
/** PayPal's page in the payer's language (Haitian Creole and Papiamento readers get French and Dutch). */
const PAYPAL_LOCALE: Record<LanguageCode, string> = { en: 'en-US', es: 'es-ES', fr: 'fr-FR', nl: 'nl-NL', ht: 'fr-FR', pap: 'nl-NL' };

export function providerOf(config: FastifyInstance['config']): PaymentProvider | null {
  if (!providers.has(config)) providers.set(config, config.paypal ? createPayPalDriver(config.paypal) : null);
  return providers.get(config)!;
}

export function paymentsContext(app: FastifyInstance, log = app.log): PaymentsContext {
  return { db: app.db.db, provider: providerOf(app.config), queue: app.queue, publicUrl: app.config.publicUrl, log };
}

const CSV_HEADER = ['Date', 'Paid', 'Payer', 'Payer email', 'Listing', 'Kind', 'Method', 'Amount', 'Refunded', 'Currency', 'Status', 'Receipt'];

/**
 * Online payment of listings (issue 47, decision 0073): "Pay now" (API and page form), the provider's
 * return and cancel addresses, its webhook, "My payments" with receipt PDFs, and the admin's books
 * (list, monthly totals, CSV) and refunds. Who may call each route is decided in onRequest (0068).
 */
const payments: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.db;
  const tags = ['payments'];
  const ctx = (request: FastifyRequest) => paymentsContext(app, request.log);
  const localeOf = (request: FastifyRequest) => PAYPAL_LOCALE[pageLanguage(request.headers.cookie, request.headers['accept-language'])];

  app.queue.define('payments-reconcile', {
    run: async () => {
      await reconcilePending(paymentsContext(app));
    },
    retryLimit: 1,
    expireInSeconds: 300,
    policy: 'short',
    summary: () => 'payments reconciliation',
  });
  app.queue.every('payments-reconcile', '*/10 * * * *', {});

  app.post(
    '/api/payments/checkout',
    {
      onRequest: requireWriter,
      schema: {
        tags,
        summary: 'Pay now: an order with the provider for a listing that awaits payment (its owner)',
        body: checkoutBody,
        response: { 200: checkoutResponse, ...errors },
      },
    },
    async (request) => createCheckout(ctx(request), (await me(request)).id, request.body.kind, request.body.id, localeOf(request)),
  );

  // The provider sends the payer back here (GET, as PayPal's redirect is): capture, then the page that says how it went.
  app.get(
    '/api/payments/paypal/return',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Return from PayPal: captures the payer’s own approved order, then 303 to My payments',
        querystring: providerReturnQuery,
        response: { 303: z.null(), ...errors },
      },
    },
    async (request, reply) => seeOther(reply, await returnFromProvider(ctx(request), (await me(request)).id, request.query.token)),
  );
  app.get(
    '/api/payments/paypal/cancel',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Cancel on PayPal: drops the payer’s pending order, 303 to the cancelled page',
        querystring: providerReturnQuery,
        response: { 303: z.null(), ...errors },
      },
    },
    async (request, reply) => seeOther(reply, await cancelFromProvider(ctx(request), (await me(request)).id, request.query.token)),
  );

  // The provider's webhook reads its body as the text that was signed: its own JSON parser, in its own scope.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
    scope.post(
      '/api/payments/webhooks/paypal',
      {
        // Authorised by PayPal's verification of its signature, never by a cookie: no Origin to check.
        config: { crossSite: true },
        schema: {
          tags,
          summary: 'PayPal webhook (verified with PayPal before it is believed; each event once)',
          body: z.string(),
          response: { 200: z.object({ ok: z.literal(true) }), ...errors },
        },
      },
      async (request) => {
        const result = await handleWebhook(ctx(request), request.headers, request.body as string);
        if (result === false) throw new HttpError(400, 'This notification could not be verified.', 'WEBHOOK_NOT_VERIFIED');
        return { ok: true as const };
      },
    );
  });

  // "Pay now" as a plain HTML form: 303 to the provider's page, or back to My payments with the reason.
  await app.register(async (scope) => {
    acceptFormBodies(scope);
    scope.post(
      '/payments/checkout',
      {
        onRequest: requireWriter,
        schema: { hide: true, summary: 'Pay now from the HTML form', body: formBody, response: { 303: z.null(), '4xx': errorResponse } },
      },
      async (request, reply) => {
        const body = checkoutBody.safeParse(request.body);
        if (!body.success) return seeOther(reply, '/payments?error=VALIDATION_FAILED');
        try {
          const order = await createCheckout(ctx(request), (await me(request)).id, body.data.kind, body.data.id, localeOf(request));
          return seeOther(reply, order.approveUrl);
        } catch (err) {
          if (err instanceof HttpError) return seeOther(reply, `/payments?error=${encodeURIComponent(err.code ?? 'UNEXPECTED')}`);
          throw err;
        }
      },
    );
  });

  app.get(
    '/api/me/payments',
    { onRequest: requireUser, schema: { tags, summary: 'My payments, newest first', querystring: paymentsQuery, response: { 200: page(payment), ...errors } } },
    async (request) => listOwnPayments(db, (await me(request)).id, request.query),
  );

  app.get(
    '/api/payments/:id/receipt.pdf',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'A payment’s receipt as PDF (its payer, or an admin)',
        params: idParam,
        produces: ['application/pdf'],
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const viewer = (await viewerOf(request))!;
      const found = await receiptOf(db, viewer, request.params.id);
      const settings = await readPaymentSettings(db);
      const pdf = await renderReceiptPdf({
        language: await languageOf(db, viewer.id),
        operatorName: settings.operatorName,
        operatorAddress: settings.operatorAddress,
        receiptNumber: found.receiptNumber,
        payment: found.payment,
        refunds: found.refunds,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="receipt-${found.payment.receipt}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  // The books (admins only).
  const admin = { onRequest: requireAdmin };
  app.get(
    '/api/admin/payments',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Every payment, newest first; by status, method, month',
        querystring: adminPaymentsQuery,
        response: { 200: page(adminPayment), ...errors },
      },
    },
    (request) => listAllPayments(db, request.query),
  );
  app.get(
    '/api/admin/payments/totals',
    { ...admin, schema: { tags, summary: 'Received and refunded per month (UTC), method and currency', response: { 200: paymentTotals, ...errors } } },
    () => totals(db),
  );
  app.get(
    '/api/admin/payments.csv',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Payments as CSV (spreadsheet-safe cells)',
        querystring: adminPaymentsQuery.omit({ cursor: true, limit: true }),
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const rows = await allPaymentsForCsv(db, request.query);
      const lines = [
        csvRow(CSV_HEADER),
        ...rows.map((r) =>
          csvRow([
            r.createdAt,
            r.paidAt ?? '',
            r.payerName,
            r.payerEmail,
            r.listingTitle,
            r.listingKind,
            emailText('en', `payment.method.${r.method}`),
            r.amount,
            r.refundedAmount,
            r.currency,
            r.status,
            r.receiptNumber === null ? '' : `R-${String(r.receiptNumber).padStart(6, '0')}`,
          ]),
        ),
      ];
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="payments-${new Date().toISOString().slice(0, 10)}.csv"`)
        .header('cache-control', 'no-store')
        .send(csvLines(lines));
    },
  );
  app.post(
    '/api/admin/payments/:id/refund',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Refund a payment in full or in part, with a reason (provider or by hand)',
        params: idParam,
        body: refundBody,
        response: { 200: adminPayment, ...errors },
      },
    },
    async (request) => {
      const u = await me(request);
      return refundPayment(ctx(request), { id: u.id, email: u.email }, request.params.id, request.body);
    },
  );
};
export default payments;
