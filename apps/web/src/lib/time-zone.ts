// The reader's time zone, which the server needs to format dates as their browser will: the browser
// writes it to a cookie, as it does the language (lib/i18n.ts). No i18next or React here, so the
// server entry and tests can use it.
import { rememberInCookie } from './cookies';

/** The cookie that tells the server the reader's IANA time zone. */
export const TIME_ZONE_COOKIE = 'tz';

// IANA names ("America/Port_of_Spain", "Etc/GMT+4") and offsets ("+05:00"); anything else is not
// worth handing to Intl. The length cap keeps a forged cookie from costing more than a lookup.
const ZONE_SHAPE = /^[A-Za-z0-9_+\-/:]{1,64}$/;
const IN_COOKIE = /(?:^|;\s*)tz=([^;]*)/;

/** The zone in Intl's own spelling when Intl knows it; undefined for anything else. Never throws. */
export function validTimeZone(value: unknown): string | undefined {
  if (typeof value !== 'string' || !ZONE_SHAPE.test(value)) return undefined;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** The `tz` cookie's value as written, decoded but not checked; undefined when missing or unreadable. */
function cookieZone(cookieHeader: string | undefined): string | undefined {
  const raw = IN_COOKIE.exec(cookieHeader ?? '')?.[1];
  if (raw === undefined) return undefined;
  try {
    return decodeURIComponent(raw.trim());
  } catch {
    return undefined;
  }
}

/** The reader's time zone from a request's Cookie header; undefined when missing or not a zone. */
export function timeZoneFromCookie(cookieHeader: string | undefined): string | undefined {
  return validTimeZone(cookieZone(cookieHeader));
}

/**
 * Writes the browser's zone to the cookie, before the app hydrates, so the next page the server
 * renders uses it. The first page of a first visit (no cookie yet) and the first page after the
 * reader's zone changed were rendered in another zone: a date near midnight may differ there, and
 * React renders that part again in the browser.
 */
export function rememberTimeZone(known?: string, sent?: string | null): void {
  if (typeof document === 'undefined') return;
  // Intl's own answer is a valid zone already: one formatter, not three. The page's Intl warm-up
  // worker usually brings it (lib/intl-warm-up.ts), so the page builds none.
  const zone = known ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone || !ZONE_SHAPE.test(zone)) return;
  // What the page's request carried (SsrData.sent) saves reading the cookie back.
  const current = sent !== undefined ? sent : cookieZone(document.cookie);
  if (current !== zone) rememberInCookie(TIME_ZONE_COOKIE, encodeURIComponent(zone));
}
