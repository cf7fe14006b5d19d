import { z } from './zod';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Please enter a valid email address.' }));
export const passwordSchema = z
  .string()
  .min(1, { message: 'Password is required.' })
  .min(PASSWORD_MIN, { message: `Password must be at least ${PASSWORD_MIN} characters.` })
  .max(PASSWORD_MAX, { message: `Password must be at most ${PASSWORD_MAX} characters.` });

/** Sign-up takes any role string so that the server, not the schema, answers a forged role with the spec's alert. */
export const signUpBody = z.object({
  email: emailSchema,
  password: passwordSchema,
  role: z.string().trim().max(40),
  fullName: z.string().trim().max(120).optional(),
});
export type SignUpBody = z.infer<typeof signUpBody>;

export const signInBody = z.object({
  email: emailSchema,
  password: z.string().min(1, { message: 'Password is required.' }).max(PASSWORD_MAX),
});
export type SignInBody = z.infer<typeof signInBody>;

export const forgotPasswordBody = z.object({ email: emailSchema });

export const sessionUser = z.object({
  id: z.string(),
  email: z.string(),
  role: z.string(),
  fullName: z.string(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const meResponse = z.object({ user: sessionUser.nullable() });
export type MeResponse = z.infer<typeof meResponse>;
