import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Where a visitor was going when sign-up interrupted them (issue 48, item 2; decision 0069): a path
 * of ours carried through the confirmation email and back, signed with AUTH_SECRET so a link someone
 * else made cannot send a freshly confirmed person somewhere they did not ask to go, and never to
 * another site (a path only: no `//host`, no scheme).
 */
export function ownPath(value: unknown): string | null {
  return typeof value === 'string' &&
    value.length <= 2000 &&
    value.startsWith('/') &&
    !value.startsWith('//') &&
    !value.startsWith('/\\') &&
    !/[\u0000-\u001f]/.test(value)
    ? value
    : null;
}

const mac = (secret: string, path: string) => createHmac('sha256', secret).update(`return-path:${path}`).digest('base64url').slice(0, 32);

/** The signature of a return path. */
export const signReturnPath = (secret: string, path: string): string => mac(secret, path);

/** The path, when it is ours and its signature is right; null otherwise. */
export function verifiedReturnPath(secret: string, next: unknown, sig: unknown): string | null {
  const path = ownPath(next);
  if (!path || typeof sig !== 'string') return null;
  const want = Buffer.from(mac(secret, path));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got) ? path : null;
}

/** `/continue?next=…&sig=…`: the address that checks the signature and goes on (modules/accounts/page-forms.ts). */
export const continueQuery = (secret: string, path: string) => `next=${encodeURIComponent(path)}&sig=${signReturnPath(secret, path)}`;
