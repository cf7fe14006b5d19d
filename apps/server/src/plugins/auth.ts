import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { eq, sql } from 'drizzle-orm';
import { canApplyForJobs, LOCKED_ROLES, type Role, type SessionUser } from '@caribconnect/shared';
import { profiles } from '../db/schema';
import { forbidden, unauthorized } from '../lib/http-error';
import type { Mail } from '../lib/mailer';
import { rateLimit } from '../lib/rate-limit';
import { createAuth, currentAuthTransaction, inAuthTransaction, type Auth } from './auth-instance';

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
  }
  interface FastifyRequest {
    /** The signed-in person, or null; read once per request. */
    currentUser(): Promise<SessionUser | null>;
    _currentUser?: Promise<SessionUser | null>;
  }
}

/**
 * better-auth endpoints the browser may reach. Sign-up is not among them: it goes through our
 * /api/signup, which validates the role and creates the profile in the same transaction.
 */
export const PUBLIC_AUTH_PATHS = new Set([
  '/sign-in/email',
  '/sign-out',
  '/get-session',
  '/request-password-reset',
  '/reset-password',
  '/change-password',
  // Email confirmation (the link in the email) and two-factor sign-in (decision 0042).
  '/verify-email',
  '/two-factor/enable',
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  '/two-factor/disable',
  '/two-factor/generate-backup-codes',
]);

/** The TOTP code typed at /two-factor/verify-totp stays refused this long after it was accepted. */
const USED_CODE_SECONDS = 5 * 60;

export function authHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set('x-client-ip', request.ip);
  return headers;
}

/**
 * Copies a Web Response from better-auth onto Fastify's reply, keeping every Set-Cookie. The
 * session token better-auth also puts in JSON bodies (sign-in's `token`, get-session's
 * `session.token`) is removed: page scripts must never see it, it lives in the httpOnly cookie only.
 */
export async function sendWebResponse(reply: FastifyReply, res: Response) {
  reply.status(res.status);
  res.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  });
  const cookies = res.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  let body = await res.text();
  if (body && res.headers.get('content-type')?.includes('json')) body = JSON.stringify(withoutTokens(JSON.parse(body)));
  return reply.send(body || null);
}

function withoutTokens(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const { token: _token, ...rest } = body as Record<string, unknown>;
  if (rest.session && typeof rest.session === 'object') {
    const { token: _sessionToken, ...session } = rest.session as Record<string, unknown>;
    rest.session = session;
  }
  return rest;
}

/**
 * better-auth's own limiter is off (auth-instance.ts): its window restarts on every request and its
 * counts stay in one process. These use our database-backed limiter instead (0007), by path. The
 * page forms (POST /login, /forgot-password) count against the same counters as the API.
 */
export function authRateLimits(config: FastifyInstance['config']): Record<string, ReturnType<typeof rateLimit>> {
  const tooMany = 'Too many attempts from this network. Please try again later.';
  const perMinute = (name: string, max: number) => rateLimit({ name, max, windowMs: 60_000, message: tooMany });
  return {
    '/sign-in/email': rateLimit({ name: 'sign-in', max: config.signInRateLimit.max, windowMs: config.signInRateLimit.windowSeconds * 1000, message: tooMany }),
    '/request-password-reset': perMinute('password-reset-request', 3),
    '/reset-password': perMinute('password-reset', 5),
    '/change-password': perMinute('change-password', 5),
    '/two-factor/verify-totp': perMinute('two-factor', config.twoFactorRateLimit),
    '/two-factor/verify-backup-code': perMinute('two-factor', config.twoFactorRateLimit),
    '/two-factor/enable': perMinute('two-factor-enable', 5),
    '/two-factor/disable': perMinute('two-factor-enable', 5),
    '/two-factor/generate-backup-codes': perMinute('two-factor-enable', 5),
  };
}

export default fp(
  async (app) => {
    // An email better-auth asks for inside one of its transactions is a job in that transaction.
    const mailer = { send: (mail: Mail) => app.queue.send(currentAuthTransaction() ?? app.db.db, 'email', mail) };
    const auth = createAuth({ db: app.db.db, config: app.config, mailer });
    app.decorate('auth', auth);

    app.decorateRequest('currentUser', function (this: FastifyRequest) {
      this._currentUser ??= loadUser(this);
      return this._currentUser;
    });

    async function loadUser(request: FastifyRequest): Promise<SessionUser | null> {
      if (!request.headers.cookie) return null;
      const found = await auth.api.getSession({ headers: authHeaders(request) });
      if (!found) return null;
      const [row] = await app.db.db
        .select({ role: profiles.role, fullName: profiles.fullName, previousRole: profiles.previousRole, language: profiles.language })
        .from(profiles)
        .where(eq(profiles.id, found.user.id));
      if (!row) return null;
      return {
        id: found.user.id,
        email: found.user.email,
        role: row.role,
        fullName: row.fullName,
        previousRole: row.previousRole,
        emailVerified: found.user.emailVerified,
        twoFactorEnabled: Boolean((found.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled),
        language: row.language,
      };
    }

    const limits = authRateLimits(app.config);

    app.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      schema: { hide: true },
      handler: async (request, reply) => {
        const url = new URL(request.url, app.config.publicUrl);
        const sub = url.pathname.slice('/api/auth'.length);
        if (!PUBLIC_AUTH_PATHS.has(sub)) {
          return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'Not found.' });
        }
        if (request.method === 'POST') await limits[sub]?.(request, reply);
        if (sub === '/two-factor/verify-totp' && request.method === 'POST') {
          const code = String((request.body as { code?: unknown } | null)?.code ?? '');
          return sendWebResponse(reply, await verifyTotp(request, code, JSON.stringify(request.body ?? {})));
        }
        const call = () =>
          auth.handler(
            new Request(url, {
              method: request.method,
              headers: authHeaders(request),
              body: request.method === 'GET' || request.body == null ? undefined : JSON.stringify(request.body),
            }),
          );
        // The reset's token row and its email job commit together (decision 0035).
        const res = sub === '/request-password-reset' ? await inAuthTransaction(app.db.db, call) : await call();
        return sendWebResponse(reply, res);
      },
    });
  },
  { name: 'auth', dependencies: ['db', 'queue'] },
);

/**
 * better-auth accepts a TOTP code for its whole time window, again and again. The code is claimed
 * here before it is checked, and given back if the check fails, so one accepted code never opens
 * a second session, even when two requests race (decision 0042). Used by /api/auth/two-factor/
 * verify-totp and the no-script sign-in form; `body` is the JSON better-auth reads.
 */
export async function verifyTotp(request: FastifyRequest, code: string, body = JSON.stringify({ code })): Promise<Response> {
  const app = request.server;
  const trimmed = code.trim();
  const userId = (await request.currentUser())?.id ?? (await pendingTwoFactorUser(request));
  let claimed = false;
  if (userId && /^\d{6}$/.test(trimmed)) {
    await app.db.db.execute(sql`delete from two_factor_used_codes where used_at < now() - make_interval(secs => ${USED_CODE_SECONDS})`);
    const rows = await app.db.db.execute(
      sql`insert into two_factor_used_codes (user_id, code) values (${userId}, ${trimmed}) on conflict do nothing returning user_id`,
    );
    if (!(rows as unknown as { rows: unknown[] }).rows.length) {
      return Response.json({ message: 'That code was already used. Wait for the next one.', code: 'CODE_ALREADY_USED' }, { status: 401 });
    }
    claimed = true;
  }
  const url = new URL('/api/auth/two-factor/verify-totp', app.config.publicUrl);
  const headers = authHeaders(request);
  headers.set('content-type', 'application/json');
  const res = await app.auth.handler(new Request(url, { method: 'POST', headers, body }));
  if (claimed && !res.ok) await app.db.db.execute(sql`delete from two_factor_used_codes where user_id = ${userId} and code = ${trimmed}`);
  return res;
}

/** Whose second step this is: the two-factor cookie names a verification row holding the user id. */
async function pendingTwoFactorUser(request: FastifyRequest): Promise<string | null> {
  const match = /(?:^|;\s*)(?:__Secure-)?caribconnect\.two_factor=([^;]+)/.exec(request.headers.cookie ?? '');
  if (!match) return null;
  const identifier = decodeURIComponent(match[1]!).split('.')[0]!;
  const result = (await request.server.db.db.execute(
    sql`select value from verifications where identifier = ${identifier} and expires_at > now()`,
  )) as unknown as { rows: Array<{ value: string }> };
  return result.rows[0]?.value ?? null;
}

/**
 * Route guards decide who may call a route. They run in `onRequest`, before the body is parsed or the
 * input validated, so a caller who may not use a route learns nothing of its input's shape (issue 48).
 * Each carries its access level: the route table records it, and buildApp refuses a guard placed in
 * a later hook (`assertGuardsFirst`).
 */
const ACCESS = Symbol('access');
/** `operator`: a bearer token of the operator's, for commands run from outside (the alerts' run). */
export type Access = 'signed-in' | 'writer' | 'admin' | 'employer' | 'jobseeker' | 'operator';
type Guard = ((request: FastifyRequest) => Promise<void>) & { [ACCESS]: Access };

export function guard(access: Access, check: (request: FastifyRequest) => Promise<void>): Guard {
  return Object.assign(check, { [ACCESS]: access });
}

type Hook = unknown;
const hooksOf = (hooks: Hook | Hook[] | undefined): Hook[] => (hooks == null ? [] : Array.isArray(hooks) ? hooks : [hooks]);
const accessOfHook = (hook: Hook): Access | undefined => (typeof hook === 'function' ? (hook as Partial<Guard>)[ACCESS] : undefined);

/** The access levels a route's `onRequest` guards require; empty for a public route. */
export function routeAccess(route: { onRequest?: Hook | Hook[] }): Access[] {
  return hooksOf(route.onRequest)
    .map(accessOfHook)
    .filter((a): a is Access => a !== undefined);
}

/** A guard in a hook that runs after validation would let the route's input shape leak before access is decided. */
export function assertGuardsFirst(route: { method: string | string[]; url: string; preParsing?: Hook; preValidation?: Hook; preHandler?: Hook }) {
  for (const hook of ['preParsing', 'preValidation', 'preHandler'] as const) {
    if (hooksOf(route[hook]).some((h) => accessOfHook(h) !== undefined)) {
      throw new Error(`${String(route.method)} ${route.url}: an access guard is in ${hook}; guards go in onRequest, before the input is read`);
    }
  }
}

/**
 * The one place that decides whether a caller holds admin power. An admin who has not set up
 * two-step sign-in holds none (decision 0042, issue 48): everywhere else they are a signed-in person
 * like any other, and the admin area answers TWO_FACTOR_REQUIRED.
 */
export function isAdmin(user: SessionUser | null | undefined): boolean {
  return user?.role === 'admin' && user.twoFactorEnabled === true;
}

/** An admin account still waiting for its second step (the admin area leads them through it). */
const awaitsTwoFactor = (user: SessionUser) => user.role === 'admin' && user.twoFactorEnabled !== true;

/**
 * Who is asking, as services see a reader: null when signed out or locked (suspended, banned), and
 * admin power only by `isAdmin`.
 */
export async function viewerOf(request: FastifyRequest): Promise<{ id: string; isAdmin: boolean } | null> {
  const user = await request.currentUser();
  if (!user || LOCKED_ROLES.includes(user.role as Role)) return null;
  return { id: user.id, isAdmin: isAdmin(user) };
}

/** The caller of a route guarded by requireUser, as services see an actor. */
export async function callerOf(request: FastifyRequest): Promise<{ id: string; isAdmin: boolean }> {
  const user = await me(request);
  return { id: user.id, isAdmin: isAdmin(user) };
}

/** Signed in and not suspended or banned. */
export const requireUser = guard('signed-in', async (request) => {
  const me = await request.currentUser();
  if (!me) throw unauthorized();
  if (LOCKED_ROLES.includes(me.role as Role)) throw forbidden('This account is suspended. Please contact support.', 'ACCOUNT_SUSPENDED');
});

/** An administrator with two-step sign-in; others get `refusal` (a route's own sentence, or WRONG_ROLE). */
export function adminOnly(refusal: { message: string; code: string } = { message: 'You are not allowed to do that.', code: 'WRONG_ROLE' }) {
  return guard('admin', async (request) => {
    await requireUser(request);
    const user = (await request.currentUser())!;
    if (awaitsTwoFactor(user)) throw forbidden('Set up two-factor sign-in before using the admin area.', 'TWO_FACTOR_REQUIRED');
    if (!isAdmin(user)) throw forbidden(refusal.message, refusal.code);
  });
}
export const requireAdmin = adminOnly();

/** The signed-in user inside a handler guarded by requireUser. */
export async function me(request: FastifyRequest): Promise<SessionUser> {
  const user = await request.currentUser();
  if (!user) throw unauthorized();
  return user;
}

export const MUTED = 'Your account is muted: you can read but not post. Please contact support.';
export const EMAIL_NOT_CONFIRMED = 'Please confirm your email address first. We sent you a link when you signed up.';

/**
 * Signed in, not locked, and allowed to write: muted people read only, and so do people who have
 * not confirmed their email yet (issue 23, decision 0041).
 */
export const requireWriter = guard('writer', async (request) => {
  await requireUser(request);
  const user = (await request.currentUser())!;
  if (user.role === 'muted') throw forbidden(MUTED, 'ACCOUNT_MUTED');
  if (user.emailVerified === false) throw forbidden(EMAIL_NOT_CONFIRMED, 'EMAIL_NOT_CONFIRMED');
});

/**
 * Another guard (requireUser by default), whose 401 for a signed-out caller is the route's own
 * sentence, shown by its screen as it is.
 */
export function requireSignedIn(message: string, code: string, then: Guard = requireUser) {
  return guard(then[ACCESS], async (request) => {
    if (!(await request.currentUser())) throw unauthorized(message, code);
    await then(request);
  });
}

/**
 * Actions reserved to one kind of account, answering with messages the UI can show as they are:
 * signed out (401), suspended/banned (403), muted (403), or the wrong role (403).
 */
export function requireAccount(kind: 'employer' | 'jobseeker', messages: { signedOut: string; wrongRole: string }) {
  return guard(kind, async (request) => {
    const user = await request.currentUser();
    if (!user) throw unauthorized(messages.signedOut);
    await requireWriter(request);
    // 'jobseeker' actions (applying) are open to consultants too (decision 0015).
    const ok = kind === 'employer' ? user.role === 'employer' : canApplyForJobs(user.role);
    if (!ok) throw forbidden(messages.wrongRole, 'WRONG_ROLE');
  });
}
