import { z } from './zod';
import { fullNameSchema } from './auth.schema';

export const profile = z.object({
  id: z.string(),
  fullName: z.string(),
  phone: z.string(),
  country: z.string(),
  bio: z.string(),
  avatarUrl: z.string().nullable(),
  role: z.string(),
  email: z.string(),
  specialty: z.string().nullable(),
});
export type Profile = z.infer<typeof profile>;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `Must be at most ${max} characters.` });

/** What an owner may change on their own profile: never the role, the id or the email. */
export const updateProfileBody = z
  .object({
    fullName: fullNameSchema,
    phone: text(40),
    country: text(80),
    bio: text(2000),
  })
  .partial()
  .strict();
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

export const userIdParams = z.object({ userId: z.string().min(1).max(64) });
