/** Roles a person can pick at sign-up. The spec also accepts the legacy spelling job_seeker on sign-in. */
export const SIGNUP_ROLES = ['jobseeker', 'employer'] as const;
export type SignupRole = (typeof SIGNUP_ROLES)[number];

/** Every value profiles.role may hold; suspended, muted and banned are set by admins only. */
export const ROLES = ['jobseeker', 'job_seeker', 'employer', 'admin', 'consultant', 'suspended', 'muted', 'banned'] as const;
export type Role = (typeof ROLES)[number];

/** Roles that may not sign in or call the API. */
export const LOCKED_ROLES: readonly Role[] = ['suspended', 'banned'];

export function isJobSeeker(role: string | null | undefined): boolean {
  return role === 'jobseeker' || role === 'job_seeker';
}
