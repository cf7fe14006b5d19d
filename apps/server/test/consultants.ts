import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { Client, multipart, signUp } from './http';
import { enrolTwoFactor } from '../src/modules/accounts/two-factor-enrolment';
import { TEST_AUTH_SECRET } from './app';
import type { App } from '../src/app';

export const CONSULTANT_FIELDS = {
  fullName: 'Keisha Brown',
  contactInfo: 'WhatsApp +1 876 555 0101',
  country: 'Jamaica',
  specialty: 'Finance',
  phone: '+1 876 555 0101',
  bio: 'Fifteen years of bookkeeping for small hotels.',
};

type Fields = Record<string, string>;
type File = { name: string; filename: string; contentType: string; data: Buffer };

/** PUT /api/consultants/me as the browser's form sends it (multipart), with an optional photo. */
export function saveConsultant(client: Client, fields: Fields = CONSULTANT_FIELDS, photo?: Omit<File, 'name'>) {
  const parts: Array<{ name: string; filename?: string; contentType?: string; data: Buffer | string }> = Object.entries(fields).map(([name, data]) => ({
    name,
    data,
  }));
  if (photo) parts.push({ name: 'photo', ...photo });
  const body = multipart(parts);
  return client.request({ method: 'PUT', url: '/api/consultants/me', ...body });
}

/** A job seeker who completed the consultant profile. */
export async function signUpConsultant(app: App, fields: Partial<Fields> = {}) {
  const account = await signUp(app, 'jobseeker', { fullName: fields.fullName ?? CONSULTANT_FIELDS.fullName });
  const res = await saveConsultant(account.client, { ...CONSULTANT_FIELDS, ...fields });
  if (res.statusCode !== 201) throw new Error(`consultant setup failed: ${res.statusCode} ${res.body}`);
  return account;
}

/** The TOTP secret (as better-auth stores it, before base32) and backup codes of admins made by setRole. */
export const TEST_TOTP_SECRET = 'caribconnect-test-totp-secret-00';
export const TEST_BACKUP_CODES = ['AAAAA-11111', 'BBBBB-22222', 'CCCCC-33333'];

/**
 * Sets the role in the profile, as the create-admin command does. An admin also gets two-factor
 * set up with TEST_TOTP_SECRET, as every admin must before /api/admin answers (decision 0042).
 */
export async function setRole(database: Database, userId: string, role: string) {
  await database.db.execute(sql`update profiles set role = ${role} where id = ${userId}`);
  if (role === 'admin') await enrolTwoFactor(database.db, TEST_AUTH_SECRET, userId, TEST_TOTP_SECRET, TEST_BACKUP_CODES);
}

export const CONTACT = { fullName: 'Andre Thomas', email: 'andre@example.com', phone: '+1 246 555 0199', message: 'I need help with my books.' };
