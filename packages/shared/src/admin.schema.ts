import { z } from 'zod';

/** Roles an admin may give (spec section 6): never admin, which only the command line creates. */
export const ASSIGNABLE_ROLES = ['jobseeker', 'employer', 'suspended', 'muted', 'banned'] as const;

export const setRoleBody = z.object({ role: z.enum(ASSIGNABLE_ROLES, { message: 'Unknown role.' }) });
export type SetRoleBody = z.infer<typeof setRoleBody>;

export const roleChange = z.object({ id: z.string(), role: z.string(), previousRole: z.string() });
export type RoleChange = z.infer<typeof roleChange>;
