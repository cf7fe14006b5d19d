// Codes of an authenticator app, computed from the secret as the app would (better-auth's own OTP
// helpers). The server refuses a code twice (decision 0042), and several tests sign the same admin
// in within one 30-second window, so helpers try the codes the server accepts now in turn.
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';

const PERIOD_MS = 30_000;

/** The secret as the setup screen shows it (base32) or as create-admin took it (raw). */
export const secretFromBase32 = (shown: string) => base32.decode(shown.replace(/\s+/g, '').toUpperCase());

/** The code of the current window, or of the one `offset` windows away (the server accepts ±1). */
export function totpCode(secret: string | Uint8Array, offset = 0) {
  return createOTP(secret).hotp(Math.floor(Date.now() / PERIOD_MS) + offset);
}

/**
 * Calls `attempt` with a code the server should accept until it answers true ("accepted") or
 * false for another reason than reuse: the previous, current and next window's codes, then the
 * next window's after waiting for it.
 */
export async function withFreshCode(secret: string | Uint8Array, attempt: (code: string) => Promise<'ok' | 'used' | 'refused'>) {
  for (let round = 0; round < 4; round++) {
    for (const offset of [0, 1, -1]) {
      const result = await attempt(await totpCode(secret, offset));
      if (result === 'ok') return;
      if (result === 'refused') throw new Error('the code was refused');
    }
    await new Promise((r) => setTimeout(r, PERIOD_MS - (Date.now() % PERIOD_MS) + 200));
  }
  throw new Error('no unused code was accepted');
}
