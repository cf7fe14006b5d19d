import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import type * as axe from 'axe-core';
import { E2E_ADMIN } from './admin-account';
import { takeMailTo } from './smtp-sink';
import { withFreshCode } from './totp';

export { E2E_ADMIN };
export const PASSWORD = 'e2e-password-123';
let counter = 0;
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${process.pid}-${++counter}@example.com`;

export type Role = 'jobseeker' | 'employer';

/** The Origin our API expects on state-changing calls made with page.request (CSRF check). */
export const originOf = (page: Page) => new URL(page.url().startsWith('http') ? page.url() : test.info().project.use.baseURL!).origin;

const CONFIRMATION_LINK = /https?:\/\/\S+\/api\/auth\/verify-email\S+/;

/** The confirmation link in the newest confirmation email to `email` (from the test SMTP sink, which then forgets it). */
export async function confirmationLink(email: string) {
  const mail = await takeMailTo(email, CONFIRMATION_LINK);
  return CONFIRMATION_LINK.exec(mail.text)![0];
}

/** Follows the confirmation link of `email` in the page's context: confirmed, and signed in by it. */
export async function confirmEmail(page: Page, email: string) {
  const link = new URL(await confirmationLink(email));
  const confirmed = await page.request.get(link.pathname + link.search, { maxRedirects: 0 });
  expect(confirmed.status()).toBe(302);
  // The page in the language of the email (decision 0043).
  expect(confirmed.headers().location).toMatch(/^\/email-confirmed\?lang=[a-z]+(&next=[^&]+&sig=[^&]+)?$/);
}

/**
 * Creates an account through the API (the UI's own sign-up is covered by auth.spec.ts), confirms
 * it through the link in its email, as a person would, and leaves the page signed in as it (the
 * link signs in). Every run has its own fresh database, removed with the run's data dir.
 */
export async function signUpViaApi(page: Page, role: Role, fullName = role === 'employer' ? 'Bay Resorts Ltd' : 'Marie Joseph', language?: string) {
  const email = uniqueEmail(role);
  const res = await page.request.post('/api/signup', {
    data: {
      email,
      password: PASSWORD,
      role,
      fullName,
      ...(role === 'employer' && { companyName: fullName || 'Bay Resorts Ltd' }),
      ...(language && { language }),
    },
    headers: { origin: originOf(page) },
  });
  expect(res.status(), await res.text()).toBe(200);
  await confirmEmail(page, email);
  const me = await (await page.request.get('/api/me')).json();
  expect(me.user, 'signed in by the confirmation link').toBeTruthy();
  return { email, id: me.user.id as string, fullName };
}

/**
 * Logs in through the login screen, as a person would. The e2e admin has two-step sign-in set up:
 * its code step is filled in from the known secret.
 */
export async function logIn(page: Page, email: string, password = PASSWORD) {
  // The administrator signs in with a code once per worker: each code works once (decision 0042), so
  // many sign-ins in one 30-second window would wait for the next code. Later tests reuse the session.
  if (email === E2E_ADMIN.email && adminSession && (await reuseAdminSession(page.context()))) {
    await page.goto('/admin');
    return;
  }
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  if (email === E2E_ADMIN.email) {
    await enterTwoFactorCode(page, E2E_ADMIN.totpSecret);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    adminSession = (await page.context().storageState()).cookies;
  }
}

/** The e2e administrator's session cookies, once signed in on this worker. */
let adminSession: Awaited<ReturnType<BrowserContext['storageState']>>['cookies'] | null = null;

/** Puts the saved administrator session in `context`; false when it has ended (signed out). */
async function reuseAdminSession(context: BrowserContext): Promise<boolean> {
  await context.addCookies(adminSession!);
  const me = await (await context.request.get('/api/me')).json().catch(() => ({}));
  if (me?.user?.email === E2E_ADMIN.email) return true;
  adminSession = null;
  return false;
}

/** Fills the code step of the login screen, trying another code when the last one was used already. */
export async function enterTwoFactorCode(page: Page, secret: string | Uint8Array) {
  const field = page.getByRole('textbox', { name: 'Authentication code' });
  await withFreshCode(secret, async (code) => {
    await field.fill(code);
    const answer = page.waitForResponse((r) => r.url().includes('/api/auth/two-factor/verify-totp'));
    await page.getByRole('button', { name: 'Verify' }).click();
    const res = await answer;
    if (res.ok()) return 'ok';
    return (await res.json().catch(() => ({}))).code === 'CODE_ALREADY_USED' ? 'used' : 'refused';
  });
}

/**
 * Makes the page note when its live stream is ready (call before the page loads). The server sends
 * `ready` once it has taken the stream's position: an event published after `streamReady` resolves
 * is certain to reach the page, with no guessed pause.
 */
export async function watchStream(page: Page) {
  await page.addInitScript(() => {
    const Native = window.EventSource;
    window.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        this.addEventListener('ready', () => document.documentElement.setAttribute('data-e2e-stream-ready', ''));
      }
    };
  });
}

/** Waits for the `ready` event of the stream `watchStream` watches. */
export const streamReady = (page: Page) => page.locator('html[data-e2e-stream-ready]').waitFor({ state: 'attached' });

/**
 * axe-core's minified build, read once per worker. A check was the largest share of the journeys'
 * CPU time. It runs in the page itself (our screens have no frames), detailing only the violations,
 * and axe is put into a page once: a journey's screens change without loading another document, and
 * AxeBuilder sent and compiled the 0.5 MB script twice on every check.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_OPTIONS: axe.RunOptions = { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] };

/**
 * The violations axe finds on the page, less the nodes that left it while axe ran: a toast closing
 * itself is measured half removed (its selector then starts at :root and its colours are nobody's).
 */
async function axeViolations(page: Page): Promise<axe.Result[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(`${AXE_SOURCE};axe.configure({ allowedOrigins: ['<same_origin>'] });`);
  return page.evaluate(async (options) => {
    const { violations } = await (window as unknown as { axe: typeof axe }).axe.run(document, options);
    return violations
      .map((v) => ({ ...v, nodes: v.nodes.filter((n) => document.querySelector(n.target.join(' ')) !== null) }))
      .filter((v) => v.nodes.length > 0);
  }, AXE_OPTIONS);
}

/** axe-core on the current page: no serious or critical violations. */
export async function expectAccessible(page: Page) {
  // A dialog or a toast fading in is half transparent: axe would measure its text against a blend of
  // colours. Dialog code loads on first use, and a toast's transition starts a frame after it
  // mounts, so the transition may not have started yet: wait until no animation runs and every
  // open dialog and toast is fully opaque.
  await page
    .waitForFunction(
      () => {
        if (document.getAnimations().some((a) => a.playState === 'running')) return false;
        for (const dialog of document.querySelectorAll('[role="dialog"], [role="alertdialog"], .mantine-Notification-root'))
          for (let el: Element | null = dialog; el; el = el.parentElement) if (getComputedStyle(el).opacity !== '1') return false;
        return true;
      },
      undefined,
      { timeout: 5_000, polling: 100 },
    )
    .catch(() => {});
  const bad = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)} ${n.failureSummary ?? ''}`).join(', ')})`),
  ).toEqual([]);
}

/**
 * Pages arrive server-rendered: a field filled before the app has hydrated would be typed into
 * plain HTML and lost. The test page's goto and reload wait until the app is live (<html data-hydrated>);
 * a page of another context gets the same with `waitForHydration(page)`.
 */
export function waitForHydration(page: Page) {
  for (const name of ['goto', 'reload'] as const) {
    const original = page[name].bind(page) as (...args: unknown[]) => ReturnType<Page['goto']>;
    (page as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      const res = await original(...args);
      if (res?.headers()['content-type']?.includes('text/html')) await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      return res;
    };
  }
}

/** Every test also fails if the page breaks our Content-Security-Policy. */
export const test = base.extend<{ cspViolations: string[] }>({
  page: async ({ page }, use) => {
    waitForHydration(page);
    await use(page);
  },
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error' && /Content.Security.Policy/i.test(msg.text())) violations.push(msg.text());
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

/** Signs a separate API context in as the e2e administrator (created by the command line). */
export async function adminRequest(playwright: typeof import('@playwright/test').request, baseURL: string) {
  if (adminSession) {
    const reused = await playwright.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL }, storageState: { cookies: adminSession, origins: [] } });
    const me = await (await reused.get('/api/me')).json().catch(() => ({}));
    if (me?.user?.email === E2E_ADMIN.email) return reused;
    await reused.dispose();
    adminSession = null;
  }
  const ctx = await playwright.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const res = await ctx.post('/api/auth/sign-in/email', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  expect(res.status(), await res.text()).toBe(200);
  expect((await res.json()).twoFactorRedirect).toBe(true);
  await withFreshCode(E2E_ADMIN.totpSecret, async (code) => {
    const second = await ctx.post('/api/auth/two-factor/verify-totp', { data: { code } });
    if (second.ok()) return 'ok';
    return (await second.json().catch(() => ({}))).code === 'CODE_ALREADY_USED' ? 'used' : 'refused';
  });
  adminSession = (await ctx.storageState()).cookies;
  return ctx;
}
export { expect };

/**
 * With SCREENSHOTS_DIR set, the page is also photographed at phone and desktop widths, to look at
 * (not to compare): `<name>-360.png` and `<name>-1280.png`.
 */
export async function shoot(page: Page, name: string) {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const size = page.viewportSize()!;
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
}
