// The end-to-end runs' PayPal: the tests' stand-in of PayPal's API (apps/server/test/paypal-stand-in.ts)
// on a fixed port, delivering its webhooks to the app under test. The app reaches it through the
// same PAYPAL_* variables an operator sets for the sandbox (playwright.config.ts).
import { startPayPalStandIn } from '../apps/server/test/paypal-stand-in';

const APP_PORT = Number(process.env.E2E_PORT ?? 3100);
export const PAYPAL_PORT = Number(process.env.E2E_PAYPAL_PORT ?? APP_PORT + 2);
export const PAYPAL_ENV_VARS = {
  PAYPAL_CLIENT_ID: 'stand-in-client',
  PAYPAL_CLIENT_SECRET: 'stand-in-secret',
  PAYPAL_ENV: 'sandbox',
  PAYPAL_WEBHOOK_ID: 'WH7STANDIN0001',
  PAYPAL_API_URL: `http://127.0.0.1:${PAYPAL_PORT}`,
};

export function startPayPalForE2e() {
  return startPayPalStandIn({
    port: PAYPAL_PORT,
    clientId: PAYPAL_ENV_VARS.PAYPAL_CLIENT_ID,
    clientSecret: PAYPAL_ENV_VARS.PAYPAL_CLIENT_SECRET,
    webhookId: PAYPAL_ENV_VARS.PAYPAL_WEBHOOK_ID,
    listener: `http://127.0.0.1:${APP_PORT}/api/payments/webhooks/paypal`,
  });
}
