import { randomUUID } from 'node:crypto';
import { symmetricEncrypt } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Enrols an account in two-factor sign-in with a TOTP secret chosen by the caller, stored as
 * better-auth's two-factor plugin stores its own (encrypted with the auth secret). For operators
 * (`create-admin --totp-secret`) and for tests that need an admin who passed setup; people enrol
 * through /two-factor/enable and a first code instead.
 */
export async function enrolTwoFactor(db: Db, authSecret: string, userId: string, totpSecret: string, backupCodes: string[]) {
  const secret = await symmetricEncrypt({ key: authSecret, data: totpSecret });
  const codes = await symmetricEncrypt({ key: authSecret, data: JSON.stringify(backupCodes) });
  await db.execute(sql`
    insert into two_factors (id, secret, backup_codes, user_id, verified) values (${randomUUID()}, ${secret}, ${codes}, ${userId}, true)
    on conflict (user_id) do update set secret = excluded.secret, backup_codes = excluded.backup_codes, verified = true`);
  await db.execute(sql`update users set two_factor_enabled = true where id = ${userId}`);
}
