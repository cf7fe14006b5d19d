// npm run create-admin -- --email admin@example.com --password 'a long password'
// The only way to make an administrator: sign-up never creates one.
import { parseArgs } from 'node:util';
import pino from 'pino';
import { signInBody, passwordSchema } from '@caribconnect/shared';
import { loadConfig } from '../config';
import { openDatabaseOrExit } from '../db/client';
import { createMailer } from '../lib/mailer';
import { createAuth, pendingAccount } from '../plugins/auth-instance';

async function main() {
  const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } } });
  const parsed = signInBody.safeParse({ email: values.email, password: values.password ?? '' });
  const strong = passwordSchema.safeParse(values.password ?? '');
  if (!values.email || !parsed.success || !strong.success) {
    const why = !parsed.success ? parsed.error.issues[0]!.message : !strong.success ? strong.error.issues[0]!.message : '';
    console.error(`Usage: npm run create-admin -- --email E --password P [--name "Full Name"]\n${why}`);
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabaseOrExit(config);
  try {
    await database.migrate();
    const log = pino({ level: 'warn' });
    const auth = createAuth({ db: database.db, config, mailer: createMailer({ from: config.mailFrom, log }) });
    const name = values.name ?? 'Administrator';
    const res = await pendingAccount.run({ role: 'admin', fullName: name }, () =>
      auth.api.signUpEmail({ body: { email: parsed.data.email, password: parsed.data.password, name }, asResponse: true }),
    );
    if (!res.ok) {
      const body = (await res.json().catch(() => ({}))) as { message?: string };
      console.error(`Could not create the admin: ${body.message ?? res.statusText}`);
      process.exitCode = 1;
      return;
    }
    console.log(`Admin account created for ${parsed.data.email}. Sign in at ${config.publicUrl}/login`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
