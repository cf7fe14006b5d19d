import { createHmac, timingSafeEqual } from 'node:crypto';

export type AlertTokenPurpose = 'confirm' | 'unsubscribe' | 'run';

/**
 * The token of an alert's confirmation or unsubscribe link: an HMAC of the purpose and the alert's
 * id under the server's secret. It opens that one alert for that one purpose, and cannot be
 * computed without the secret; nothing is stored, so deleting the alert is the only revocation needed.
 */
export function alertToken(secret: string, purpose: AlertTokenPurpose, alertId: string): string {
  return createHmac('sha256', secret).update(`job-alert:${purpose}:${alertId}`).digest('base64url');
}

export function alertTokenValid(secret: string, purpose: AlertTokenPurpose, alertId: string, token: string): boolean {
  const expected = Buffer.from(alertToken(secret, purpose, alertId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const RUN_TOKEN_SUBJECT = 'operator';
/** The bearer token of POST /api/alerts/run (npm run alerts:run): only a holder of the server's secret can make it. */
export const runToken = (secret: string) => alertToken(secret, 'run', RUN_TOKEN_SUBJECT);
