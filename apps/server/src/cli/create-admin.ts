// npm run create-admin -- --email admin@example.com --password 'a long password' [--totp-secret S]
// The only way to make an administrator: sign-up never creates one. The admin then sets up
// two-factor on first visit to /admin; --totp-secret enrols it at once with a known secret
// (the end-to-end tests, or an operator who provisions the authenticator app themselves).
import { parseArgs } from 'node:util';
import pino from 'pino';
import { signInBody, passwordSchema } from '@caribconnect/shared';
import { loadConfig } from '../config';
import { openDatabaseOrExit } from '../db/client';
import { createMailer } from '../lib/mailer';
import { createAuth, pendingAccount } from '../plugins/auth-instance';
import { sql } from 'drizzle-orm';
import { enrolTwoFactor } from '../modules/accounts/two-factor-enrolment';

async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' }, 'totp-secret': { type: 'string' } },
  });
  const parsed = signInBody.safeParse({ email: values.email, password: values.password ?? '' });
  const strong = passwordSchema.safeParse(values.password ?? '');
  if (!values.email || !parsed.success || !strong.success) {
    const why = !parsed.success ? parsed.error.issues[0]!.message : !strong.success ? strong.error.issues[0]!.message : '';
    console.error(`Usage: npm run create-admin -- --email E --password P [--name "Full Name"] [--totp-secret S]\n${why}`);
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabaseOrExit(config);
  try {
    await database.migrate();
    const log = pino({ level: 'warn' });
    const auth = createAuth({ db: database.db, config, mailer: createMailer({ from: config.mailFrom, log }) });
    const name = values.name ?? 'Administrator';
    // Sign-up answers a registered address as a new one (decision 0041); the operator is told.
    const existing = (await database.db.execute(sql`select 1 from users where email = ${parsed.data.email}`)) as unknown as { rows: unknown[] };
    if (existing.rows.length) {
      console.error('Could not create the admin: User already exists.');
      process.exitCode = 1;
      return;
    }
    const res = await pendingAccount.run({ role: 'admin', fullName: name }, () =>
      auth.api.signUpEmail({ body: { email: parsed.data.email, password: parsed.data.password, name }, asResponse: true }),
    );
    if (!res.ok) {
      const body = (await res.json().catch(() => ({}))) as { message?: string };
      console.error(`Could not create the admin: ${body.message ?? res.statusText}`);
      process.exitCode = 1;
      return;
    }
    const { user: created } = (await res.json()) as { user: { id: string } };
    // The operator typed this address; there is no one to send a confirmation link to.
    await database.db.execute(sql`update users set email_verified = true where id = ${created.id}`);
    const totpSecret = values['totp-secret'];
    if (totpSecret) await enrolTwoFactor(database.db, config.authSecret, created.id, totpSecret, []);
    console.log(`Admin account created for ${parsed.data.email}. Sign in at ${config.publicUrl}/login`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
