import { SIGNUP_ROLES, type Role } from '@caribconnect/shared';
import { HttpError, badRequest } from '../../lib/http-error';

export const ADMIN_SIGNUP_MESSAGE = 'Admin accounts must be created manually.';
export const UNKNOWN_ROLE_MESSAGE = 'Unknown role. Please contact support.';

/** Sign-up creates job seekers and employers only; the spec's alerts answer anything else. */
export function checkSignUpRole(role: string): Role {
  const normalized = role.trim().toLowerCase();
  if (normalized === 'admin') throw new HttpError(403, ADMIN_SIGNUP_MESSAGE, 'ADMIN_SIGNUP_FORBIDDEN');
  if (normalized === 'job_seeker') return 'jobseeker';
  if (!(SIGNUP_ROLES as readonly string[]).includes(normalized)) throw badRequest(UNKNOWN_ROLE_MESSAGE, 'UNKNOWN_ROLE');
  return normalized as Role;
}
