import { z } from './zod';

/** Who may read a resume besides its owner and admins (decision 0013). */
export const RESUME_VISIBILITIES = ['members', 'employers', 'nobody'] as const;
export type ResumeVisibility = (typeof RESUME_VISIBILITIES)[number];

/** Stated length limits of every resume field; the form and the server read the same numbers. */
export const RESUME_LIMITS = {
  fullName: 120,
  phone: 40,
  email: 254,
  summary: 4000,
  /** Entries in education, and in experience. */
  entries: 20,
  entryTitle: 150,
  entryPlace: 150,
  entryPeriod: 60,
  entryDetail: 4000,
  /** Items in skills, and in certifications, and the length of one. */
  listItems: 50,
  listItem: 100,
} as const;
const L = RESUME_LIMITS;

/** One education or experience entry. Only `detail` existed in the original builder. */
export interface ResumeEntry {
  title: string;
  place: string;
  period: string;
  detail: string;
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * Reads education or experience in any shape it was ever saved in: the original builder's single
 * text (a string, or a one-item list `[{ detail }]`), a list of strings, or today's entries.
 * Entries with nothing in them are dropped.
 */
export function normalizeEntries(raw: unknown): ResumeEntry[] {
  const items = typeof raw === 'string' ? [raw] : Array.isArray(raw) ? raw : [];
  return items
    .map((item): ResumeEntry => {
      if (typeof item === 'string') return { title: '', place: '', period: '', detail: item.trim() };
      const o = (item && typeof item === 'object' ? item : {}) as Record<string, unknown>;
      return { title: str(o.title), place: str(o.place), period: str(o.period), detail: str(o.detail) };
    })
    .filter((e) => e.title || e.place || e.period || e.detail);
}

/** Skills and certifications: split on commas, trimmed, empty items dropped (spec section 5). */
export function splitList(raw: unknown): string[] {
  const parts = typeof raw === 'string' ? [raw] : Array.isArray(raw) ? raw.filter((v): v is string => typeof v === 'string') : [];
  return parts
    .flatMap((p) => p.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
}

const tooLong = (max: number) => ({ message: `Must be at most ${max} characters.` });
const text = (max: number) => z.string().trim().max(max, tooLong(max));

const entry = z.object({
  title: text(L.entryTitle),
  place: text(L.entryPlace),
  period: text(L.entryPeriod),
  detail: text(L.entryDetail),
});

/** A list of entries, also accepted in the original single-text shapes. */
const entries = z
  .union([z.string().max(L.entryDetail, tooLong(L.entryDetail)), z.array(z.union([z.string(), z.record(z.string(), z.unknown())])).max(L.entries * 2)])
  .transform((raw) => normalizeEntries(raw))
  .pipe(z.array(entry).max(L.entries, { message: `At most ${L.entries} entries.` }))
  .default([]);

const list = z
  .union([z.string().max(L.listItems * (L.listItem + 2)), z.array(z.string()).max(L.listItems * 2)])
  .transform((raw) => splitList(raw))
  .pipe(z.array(text(L.listItem)).max(L.listItems, { message: `At most ${L.listItems} items.` }))
  .default([]);

/**
 * What the Resume Builder saves. Unknown keys (a forged `user_id`, `fileUrl`…) are dropped: the
 * resume always belongs to the caller and its file comes only from an upload.
 */
export const saveResumeBody = z.object({
  fullName: text(L.fullName).default(''),
  phone: text(L.phone).default(''),
  email: z.union([z.literal(''), z.email({ message: 'Please enter a valid email address.' }).max(L.email, tooLong(L.email))]).default(''),
  summary: text(L.summary).default(''),
  education: entries,
  experience: entries,
  skills: list,
  certifications: list,
  /** Kept as it was when omitted; 'members' for a new resume. */
  visibility: z.enum(RESUME_VISIBILITIES, { message: 'Unknown visibility.' }).optional(),
  /** Drop the uploaded file and go back to the PDF generated from the fields. */
  removeFile: z.boolean().default(false),
});
export type SaveResumeBody = z.input<typeof saveResumeBody>;
export type SaveResume = z.output<typeof saveResumeBody>;

const entryOut = z.object({ title: z.string(), place: z.string(), period: z.string(), detail: z.string() });

/** A resume as readers see it. `documentUrl` is the uploaded file or, without one, the generated PDF. */
export const resume = z.object({
  userId: z.string(),
  fullName: z.string(),
  phone: z.string(),
  email: z.string(),
  summary: z.string(),
  education: z.array(entryOut),
  experience: z.array(entryOut),
  skills: z.array(z.string()),
  certifications: z.array(z.string()),
  /** 'generated' when no file was uploaded. */
  documentType: z.enum(['pdf', 'doc', 'docx', 'generated']),
  documentUrl: z.string(),
  /**
   * 'pending' while the PDF of the fields is still being drawn (a queued job, usually a second or
   * two): `documentUrl` then answers 409 RESUME_PDF_PENDING. An uploaded file is always 'ready'.
   */
  documentStatus: z.enum(['ready', 'pending']),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Resume = z.infer<typeof resume>;

/** The owner's own resume adds who may see it. */
export const myResume = resume.extend({
  visibility: z.enum(RESUME_VISIBILITIES),
  /** "Employers can find me" (decision 0072): off by default. */
  discoverable: z.boolean(),
});

/** Turns "Employers can find me" on or off. */
export const resumeDiscoverableBody = z.object({ discoverable: z.boolean() });

/** One person in "Candidates for this job": who, and why (never contact details or documents). */
export const jobCandidate = z.object({
  userId: z.string(),
  fullName: z.string(),
  /** The resume's skills the job's text holds. */
  matchedSkills: z.array(z.string()),
  /** How many of the resume's experience titles the job's text holds. */
  matchedRoles: z.number().int().nonnegative(),
});
export const jobCandidateList = z.object({ items: z.array(jobCandidate) });
export type JobCandidate = z.infer<typeof jobCandidate>;
export type MyResume = z.infer<typeof myResume>;
