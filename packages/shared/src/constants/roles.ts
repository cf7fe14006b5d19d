/** Roles a person can pick at sign-up. The spec also accepts the legacy spelling job_seeker on sign-in. */
export const SIGNUP_ROLES = ['jobseeker', 'employer'] as const;
export type SignupRole = (typeof SIGNUP_ROLES)[number];

/** Every value profiles.role may hold; suspended, muted and banned are set by admins only. */
export const ROLES = ['jobseeker', 'job_seeker', 'employer', 'admin', 'consultant', 'suspended', 'muted', 'banned'] as const;
export type Role = (typeof ROLES)[number];

/**
 * A job seeker who completes a consultant profile becomes a consultant (docs/decisions/0015); no
 * other role changes that way, so the step can never raise anyone to admin or lift a mute or a ban.
 */
export const BECOMES_CONSULTANT: readonly Role[] = ['jobseeker', 'job_seeker'];

/**
 * An account's stored role is the administrator's: for naming and protecting admin accounts (an
 * admin cannot be deleted or suspended, lands on /admin). It grants nothing: the server decides a
 * caller's admin power with isAdmin (plugins/auth.ts), which also requires two-step sign-in.
 */
export const holdsAdminRole = (role: string | null | undefined): boolean => role === 'admin';

/** Roles that may not sign in or call the API. */
export const LOCKED_ROLES: readonly Role[] = ['suspended', 'banned'];

/** States an admin puts a person in, replacing their role; the role they had is kept as previousRole. */
export const ACCOUNT_STATES: readonly Role[] = ['suspended', 'muted', 'banned'];

/**
 * The role a person reads the product as: their own, or for a muted person the one they had before
 * (a muted employer still has an employer's home and screens, only posting is refused). Null when
 * that role is not known.
 */
export function readingRole(user: { role: string; previousRole?: string | null }): string | null {
  return user.role === 'muted' ? (user.previousRole ?? null) : user.role;
}

/**
 * Who may apply for jobs: job seekers, and consultants, who were job seekers until they completed a
 * consultant profile and many of whom still look for work (docs/decisions/0015).
 */
export function canApplyForJobs(role: string | null | undefined): boolean {
  return isJobSeeker(role) || role === 'consultant';
}

export function isJobSeeker(role: string | null | undefined): boolean {
  return role === 'jobseeker' || role === 'job_seeker';
}
