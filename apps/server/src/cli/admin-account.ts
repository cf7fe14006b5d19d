import pino from 'pino';
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { createMailer } from '../lib/mailer';
import { createAuth, pendingAccount } from '../plugins/auth-instance';
import { enrolTwoFactor } from '../modules/accounts/two-factor-enrolment';

export interface AdminAccount {
  /** Already checked: a valid address (lower-cased) and a strong password. */
  email: string;
  password: string;
  name: string;
  /** Two-step sign-in set up at once with this secret, instead of at the first visit to /admin. */
  totpSecret?: string;
}

/**
 * Makes an administrator on a migrated database, as `npm run create-admin` does: sign-up never
 * creates one. Answers why not when it could not (the address is taken, or better-auth refused).
 */
export async function createAdminAccount(database: Database, config: Config, admin: AdminAccount): Promise<{ ok: true } | { ok: false; message: string }> {
  const auth = createAuth({ db: database.db, config, mailer: createMailer({ from: config.mailFrom, log: pino({ level: 'warn' }) }) });
  // Sign-up answers a registered address as a new one (decision 0041); the operator is told.
  const existing = (await database.db.execute(sql`select 1 from users where email = ${admin.email}`)) as unknown as { rows: unknown[] };
  if (existing.rows.length) return { ok: false, message: 'User already exists.' };
  const res = await pendingAccount.run({ role: 'admin', fullName: admin.name }, () =>
    auth.api.signUpEmail({ body: { email: admin.email, password: admin.password, name: admin.name }, asResponse: true }),
  );
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    return { ok: false, message: body.message ?? res.statusText };
  }
  const { user: created } = (await res.json()) as { user: { id: string } };
  // The operator typed this address; there is no one to send a confirmation link to.
  await database.db.execute(sql`update users set email_verified = true where id = ${created.id}`);
  if (admin.totpSecret) await enrolTwoFactor(database.db, config.authSecret, created.id, admin.totpSecret, []);
  return { ok: true };
}
