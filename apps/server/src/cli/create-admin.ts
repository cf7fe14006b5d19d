// npm run create-admin -- --email admin@example.com --password 'a long password' [--totp-secret S]
// The only way to make an administrator: sign-up never creates one. The admin then sets up
// two-factor on first visit to /admin; --totp-secret enrols it at once with a known secret
// (the end-to-end tests, or an operator who provisions the authenticator app themselves).
import { parseArgs } from 'node:util';
import { signInBody, passwordSchema } from '@caribconnect/shared';
import { loadConfig } from '../config';
import { openDatabaseOrExit } from '../db/client';
import { createAdminAccount } from './admin-account';

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
    const { email, password } = parsed.data;
    const result = await createAdminAccount(database, config, { email, password, name: values.name ?? 'Administrator', totpSecret: values['totp-secret'] });
    if (!result.ok) {
      console.error(`Could not create the admin: ${result.message}`);
      process.exitCode = 1;
      return;
    }
    console.log(`Admin account created for ${email}. Sign in at ${config.publicUrl}/login`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
