import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { eq } from 'drizzle-orm';
import { canApplyForJobs, LOCKED_ROLES, type Role, type SessionUser } from '@caribconnect/shared';
import { profiles } from '../db/schema';
import { forbidden, unauthorized } from '../lib/http-error';
import { rateLimit } from '../lib/rate-limit';
import { createAuth, type Auth } from './auth-instance';

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
export const PUBLIC_AUTH_PATHS = new Set(['/sign-in/email', '/sign-out', '/get-session', '/request-password-reset', '/reset-password', '/change-password']);

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
  };
}

export default fp(
  async (app) => {
    const auth = createAuth({ db: app.db.db, config: app.config, mailer: { send: app.queue.email } });
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
        .select({ role: profiles.role, fullName: profiles.fullName, previousRole: profiles.previousRole })
        .from(profiles)
        .where(eq(profiles.id, found.user.id));
      if (!row) return null;
      return { id: found.user.id, email: found.user.email, role: row.role, fullName: row.fullName, previousRole: row.previousRole };
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
        const res = await auth.handler(
          new Request(url, {
            method: request.method,
            headers: authHeaders(request),
            body: request.method === 'GET' || request.body == null ? undefined : JSON.stringify(request.body),
          }),
        );
        return sendWebResponse(reply, res);
      },
    });
  },
  { name: 'auth', dependencies: ['db', 'queue'] },
);

/** preHandler: the caller must be signed in and not suspended or banned. */
export async function requireUser(request: FastifyRequest) {
  const me = await request.currentUser();
  if (!me) throw unauthorized();
  if (LOCKED_ROLES.includes(me.role as Role)) throw forbidden('This account is suspended. Please contact support.', 'ACCOUNT_SUSPENDED');
}

/** preHandler factory: the caller must hold one of these roles. */
export function requireRole(...roles: Role[]) {
  return async (request: FastifyRequest) => {
    await requireUser(request);
    const me = (await request.currentUser())!;
    if (!roles.includes(me.role as Role)) throw forbidden('You are not allowed to do that.', 'WRONG_ROLE');
  };
}

/** The signed-in user inside a handler guarded by requireUser. */
export async function me(request: FastifyRequest): Promise<SessionUser> {
  const user = await request.currentUser();
  if (!user) throw unauthorized();
  return user;
}

const MUTED = 'Your account is muted: you can read but not post. Please contact support.';

/** preHandler: signed in, not locked, and allowed to write (muted people read only). */
export async function requireWriter(request: FastifyRequest) {
  await requireUser(request);
  if ((await request.currentUser())!.role === 'muted') throw forbidden(MUTED, 'ACCOUNT_MUTED');
}

/**
 * preHandler for actions reserved to one kind of account, answering with messages the UI can show
 * as they are: signed out (401), suspended/banned (403), muted (403), or the wrong role (403).
 */
export function requireAccount(kind: 'employer' | 'jobseeker', messages: { signedOut: string; wrongRole: string }) {
  return async (request: FastifyRequest) => {
    const user = await request.currentUser();
    if (!user) throw unauthorized(messages.signedOut);
    await requireWriter(request);
    // 'jobseeker' actions (applying) are open to consultants too (decision 0015).
    const ok = kind === 'employer' ? user.role === 'employer' : canApplyForJobs(user.role);
    if (!ok) throw forbidden(messages.wrongRole, 'WRONG_ROLE');
  };
}
