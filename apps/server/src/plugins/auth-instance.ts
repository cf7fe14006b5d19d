import { AsyncLocalStorage } from 'node:async_hooks';
import { APIError, betterAuth, getCurrentAdapter, type BetterAuthPlugin } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor as twoFactorPlugin } from 'better-auth/plugins/two-factor';
import { holdsAdminRole, LOCKED_ROLES, type LanguageCode, type Role } from '@caribconnect/shared';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { account, profiles, session, twoFactor, user, verification } from '../db/schema';
import { emailLink, emailText, languageOf, languageOfEmail } from '../lib/emails';
import type { Mailer } from '../lib/mailer';
import { hashPassword, verifyPassword } from '../lib/passwords';

/**
 * The role, name and language of the account being created. Our sign-up route and the create-admin
 * command set it; better-auth's own sign-up endpoint cannot, so an account can never be created
 * without a role chosen by our code, and its language is never read from better-auth's input
 * (decision 0043). Without a language the account reads English.
 */
export const pendingAccount = new AsyncLocalStorage<{ role: Role; fullName: string; language?: LanguageCode; createdUserId?: string }>();

/** Tells better-auth's adapter about the profiles table, so the profile row joins its transaction. */
const profilesModel = {
  id: 'caribconnect-profiles',
  schema: {
    profile: {
      modelName: 'profile',
      fields: {
        fullName: { type: 'string', required: false },
        phone: { type: 'string', required: false },
        country: { type: 'string', required: false },
        bio: { type: 'string', required: false },
        avatarUrl: { type: 'string', required: false },
        role: { type: 'string', required: true },
        email: { type: 'string', required: true },
        language: { type: 'string', required: false },
      },
    },
  },
} satisfies BetterAuthPlugin;

/** How long a confirmation link works (issue 23: 24 hours). */
export const EMAIL_VERIFICATION_SECONDS = 24 * 60 * 60;
/** Where better-auth sends the browser after a confirmation link, with `?error=` when it failed. */
export const EMAIL_CONFIRMED_PATH = '/email-confirmed';

/**
 * The link of a confirmation email. The page it lands on carries `?lang=` of the email's language
 * (decision 0043: the parameter comes before cookie and Accept-Language), so a person who opens it
 * on another device, or whose link failed and who is therefore not signed in, still reads the page
 * in the email's language. better-auth appends its `error` to the callback's own query.
 */
export function confirmationLink(publicUrl: string, token: string, language: LanguageCode) {
  const callback = `${EMAIL_CONFIRMED_PATH}?lang=${language}`;
  return `${publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(callback)}`;
}

/** The link of a password-reset email, its page in the email's language (as `confirmationLink`). */
export function resetPasswordLink(publicUrl: string, token: string, language: LanguageCode) {
  return emailLink(publicUrl, `/reset-password?token=${encodeURIComponent(token)}`, language);
}

/** OWASP ASVS 6.3: the owner learns someone tried, and how to get back in if it was them. */
export function alreadyRegisteredMail(publicUrl: string, email: string, language: LanguageCode = 'en') {
  return {
    to: email,
    subject: emailText(language, 'auth.alreadyRegistered.subject'),
    text: emailText(language, 'auth.alreadyRegistered.text', {
      loginUrl: emailLink(publicUrl, '/login', language),
      resetUrl: emailLink(publicUrl, '/forgot-password', language),
    }),
  };
}

/** The transaction a better-auth call runs in, while it is open (see `inAuthTransaction`). */
const authTransaction = new AsyncLocalStorage<{ tx: Db; open: boolean }>();

/**
 * The transaction of the better-auth call in progress, if there is one: an email job written with
 * it commits or rolls back with the rows better-auth wrote (the password reset's token, decision 0035).
 */
export function currentAuthTransaction(): Db | null {
  const state = authTransaction.getStore();
  return state?.open ? state.tx : null;
}

/**
 * The database as better-auth's adapter sees it: the same, except that inside `inAuthTransaction`
 * every statement goes to that call's transaction. better-auth's own transactions cannot be used for
 * this: each endpoint runs with its base adapter, and its create hooks run after the commit.
 */
function followingAuthTransaction(db: Db): Db {
  return new Proxy(db, {
    get(target, prop) {
      const current = currentAuthTransaction() ?? target;
      const value: unknown = Reflect.get(current, prop, current);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(current) : value;
    },
  });
}

/**
 * Runs a better-auth call in one database transaction: every row it writes, and every email it
 * queues through `mailer.send` meanwhile (the auth plugin's mailer writes jobs with
 * `currentAuthTransaction()`), commit together or not at all. Used for password-reset requests,
 * whose token row and email job must not be split by a crash (decision 0035).
 */
export async function inAuthTransaction<T>(db: Db, fn: () => Promise<T>): Promise<T> {
  const state = { tx: db, open: true };
  try {
    return await db.transaction((tx) => {
      state.tx = tx as unknown as Db;
      return authTransaction.run(state, fn);
    });
  } finally {
    state.open = false;
  }
}

export function createAuth({ db, config, mailer }: { db: Db; config: Config; mailer: Pick<Mailer, 'send'> }) {
  // Reads made while better-auth's call runs go through its transaction when it has one: PGlite has
  // a single connection, so a read beside an open transaction would wait for it forever.
  const live = followingAuthTransaction(db);
  const secure = config.publicUrl.startsWith('https://');
  return betterAuth({
    appName: 'CaribConnect',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    telemetry: { enabled: false },
    logger: { level: config.env === 'test' ? 'error' : 'warn' },
    database: drizzleAdapter(live, {
      provider: 'pg',
      schema: { user, session, account, verification, twoFactor, profile: profiles },
      transaction: true,
    }),
    plugins: [
      profilesModel,
      // TOTP only (no email/SMS codes); enabling needs the password and a first code from the app.
      twoFactorPlugin({ issuer: 'CaribConnect', twoFactorCookieMaxAge: 10 * 60 }),
    ],
    // Same-origin requests are trusted whatever host name the person used to reach us.
    trustedOrigins: (request) => {
      const host = request?.headers.get('host');
      const proto = request ? new URL(request.url).protocol : 'http:';
      return [config.publicUrl, host ? `${proto}//${host}` : null];
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // Sign-up answers the same for a new and a registered address (decision 0041), so it cannot
      // sign the new one in: the person signs in, or follows the confirmation link.
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      password: { hash: hashPassword, verify: verifyPassword },
      // Sign-up answers a registered address as a new one; its owner is told by email (decision 0041).
      onExistingUserSignUp: async ({ user: existing }) => {
        // In the owner's language, not the language of whoever tried.
        await mailer.send(alreadyRegisteredMail(config.publicUrl, existing.email, await languageOfEmail(live, existing.email)));
      },
      sendResetPassword: async ({ user: u, token }) => {
        const language = await languageOf(live, u.id);
        const link = resetPasswordLink(config.publicUrl, token, language);
        await mailer.send({
          to: u.email,
          subject: emailText(language, 'auth.reset.subject'),
          text: emailText(language, 'auth.reset.text', { link }),
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: EMAIL_VERIFICATION_SECONDS,
      sendVerificationEmail: async ({ user: u, token }) => {
        // create-admin confirms its account itself; an admin is never sent a link.
        const pending = pendingAccount.getStore();
        if (holdsAdminRole(pending?.role)) return;
        // At sign-up the profile is not committed yet: its language is the one being written.
        const language = pending ? (pending.language ?? 'en') : await languageOf(live, u.id);
        await mailer.send({
          to: u.email,
          subject: emailText(language, 'auth.confirm.subject'),
          text: emailText(language, 'auth.confirm.text', { link: confirmationLink(config.publicUrl, token, language) }),
        });
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 14,
      updateAge: 60 * 60 * 24,
      // No cookie cache: every request reads the session row, so sign-out and bans act at once.
      cookieCache: { enabled: false },
    },
    // Off: the Fastify bridge limits sign-in and password resets with our own database-backed
    // limiter, whose window really resets and whose counts every server instance shares (0007).
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'caribconnect',
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure },
      // Our Fastify bridge writes the client's address (as Fastify resolved it) into this header.
      ipAddress: { ipAddressHeaders: ['x-client-ip'] },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (created, ctx) => {
            const pending = pendingAccount.getStore();
            if (!pending) throw new APIError('FORBIDDEN', { message: 'Sign up through /api/signup.' });
            const adapter = await getCurrentAdapter(ctx!.context.adapter);
            // Read by the sign-up once better-auth answers: a new account (not a registered address's
            // made-up answer) gets its company then (lib/companies.ts).
            pending.createdUserId = created.id;
            await adapter.create({
              model: 'profile',
              forceAllowId: true,
              data: {
                id: created.id,
                fullName: pending.fullName,
                phone: '',
                country: '',
                bio: '',
                role: pending.role,
                email: created.email,
                language: pending.language ?? 'en',
              },
            });
          },
        },
      },
      session: {
        create: {
          before: async (s, ctx) => {
            // Suspended and banned people cannot start a session. Read through the current adapter:
            // during sign-up this runs inside better-auth's transaction.
            const adapter = await getCurrentAdapter(ctx!.context.adapter);
            const row = await adapter.findOne<{ role: string }>({ model: 'profile', where: [{ field: 'id', value: s.userId }] });
            if (row && LOCKED_ROLES.includes(row.role as Role)) {
              throw new APIError('FORBIDDEN', { message: 'This account is suspended. Please contact support.' });
            }
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
