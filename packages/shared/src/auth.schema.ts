import { z } from './zod';
import { languageCode } from './language.schema';

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

export const FULL_NAME_MAX = 120;
// C0 and C1 controls (tabs, newlines, NUL, escape...) and the Unicode line separators: a name is one
// line of text that appears in greetings, lists and e-mails.
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029]/u;

/** A person's full name: optional (empty is allowed), trimmed, one line, at most 120 characters. */
export const fullNameSchema = z
  .string()
  .trim()
  .max(FULL_NAME_MAX, { message: `Full name must be at most ${FULL_NAME_MAX} characters.` })
  .refine((s) => !CONTROL_CHARACTERS.test(s), { message: 'Full name cannot contain control characters.' });

/** Sign-up takes any role string so that the server, not the schema, answers a forged role with the spec's alert. */
export const signUpBody = z.object({
  email: emailSchema,
  password: passwordSchema,
  role: z.string().trim().max(40),
  fullName: fullNameSchema.optional(),
  /** An employer's company (required for employers; checked by the server, which knows the role). */
  companyName: z.string().trim().max(200, { message: 'Company name must be at most 200 characters.' }).optional(),
  /** The language of the person's emails; absent, the server takes the page's (decision 0043). */
  language: languageCode.optional(),
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
  /** For a suspended, muted or banned person, the role they had (a muted person's screens follow it). */
  previousRole: z.string().nullable().optional(),
  /** False until the person follows the link sent at sign-up; posting waits for it (issue 23). */
  emailVerified: z.boolean().optional(),
  /** An authenticator app confirms their sign-ins; admins need it before /admin opens. */
  twoFactorEnabled: z.boolean().optional(),
  /** The language their emails are written in, saved by the switcher and at sign-up (issue 24). */
  language: languageCode.optional(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const meResponse = z.object({ user: sessionUser.nullable() });

/** PUT /api/me/language: the person's language, saved on their profile (answered 204). */
export const setLanguageBody = z.object({ language: languageCode });
export type SetLanguageBody = z.infer<typeof setLanguageBody>;
export type MeResponse = z.infer<typeof meResponse>;

/** Sign-up's one answer, whether or not the address was already registered (decision 0041). */
export const SIGN_UP_SENT_MESSAGE = 'Check your email to confirm your account';
export const signUpResponse = z.object({ message: z.string() });

/** One signed-in device of the caller (Settings › Devices). */
export const deviceSession = z.object({
  id: z.string(),
  browser: z.string(),
  os: z.string(),
  /** Refreshed at most once a day (the session's own update age). */
  lastActiveAt: z.string(),
  createdAt: z.string(),
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof deviceSession>;
export const deviceSessions = z.object({ items: z.array(deviceSession) });
export const signedOutOthers = z.object({ signedOut: z.number().int() });
export const messageResponse = z.object({ message: z.string() });
