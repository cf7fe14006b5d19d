import { companyNameSchema, holdsAdminRole, SIGNUP_ROLES, type Role } from '@caribconnect/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema';
import { HttpError, badRequest } from '../../lib/http-error';

export const ADMIN_SIGNUP_MESSAGE = 'Admin accounts must be created manually.';
export const UNKNOWN_ROLE_MESSAGE = 'Unknown role. Please contact support.';

export const ROLE_REQUIRED_MESSAGE = 'Please choose Job Seeker or Employer.';
export const COMPANY_NAME_REQUIRED_MESSAGE = 'Company name is required.';

/** Sign-up creates job seekers and employers only; the spec's alerts answer anything else. No role is never taken for one (issue 48, item 4). */
export function checkSignUpRole(role: string): Role {
  const normalized = role.trim().toLowerCase();
  if (!normalized) throw badRequest(ROLE_REQUIRED_MESSAGE, 'ROLE_REQUIRED');
  if (holdsAdminRole(normalized)) throw new HttpError(403, ADMIN_SIGNUP_MESSAGE, 'ADMIN_SIGNUP_FORBIDDEN');
  if (normalized === 'job_seeker') return 'jobseeker';
  if (!(SIGNUP_ROLES as readonly string[]).includes(normalized)) throw badRequest(UNKNOWN_ROLE_MESSAGE, 'UNKNOWN_ROLE');
  return normalized as Role;
}

/** The role in the person's profile (the one place it lives, decision 0001); null without a profile. */
export async function findRole(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, userId));
  return row?.role ?? null;
}

/**
 * Where a person lands after signing in or up, as the web app routes them (spec: Login, Sign Up;
 * apps/web/src/lib/paths.ts): an unknown role goes to the profile.
 */
export function roleHome(role: string | null): string {
  if (holdsAdminRole(role)) return '/admin';
  if (role === 'employer') return '/employer/home';
  if (role === 'jobseeker' || role === 'job_seeker') return '/job-seeker/home';
  if (role === 'consultant') return '/consultant/home';
  return '/profile';
}

/** An employer's company name (issue 44): required, one line, at most 200 characters. */
export function checkCompanyName(name: string | undefined): string {
  const parsed = companyNameSchema.safeParse(name ?? '');
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? COMPANY_NAME_REQUIRED_MESSAGE, 'COMPANY_NAME_REQUIRED');
  return parsed.data;
}
