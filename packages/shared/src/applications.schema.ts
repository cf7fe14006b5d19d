import { z } from './zod';
import { APPLICATION_STATUSES } from './constants/application-statuses';

export const COVER_LETTER_MAX = 10_000;
/** Spec section 5: uploaded cover letters and resumes are pdf, doc or docx. */
export const APPLICATION_FILE_EXTENSIONS = ['.pdf', '.doc', '.docx'] as const;

/** Text fields of the multipart Apply form; the files travel as coverLetterFile and resumeFile. */
export const applyFields = z.object({
  coverLetter: z
    .string()
    .trim()
    .max(COVER_LETTER_MAX, { message: `Cover letter must be at most ${COVER_LETTER_MAX} characters.` })
    .default(''),
  /** 'true' sends a copy of the applicant's saved resume instead of an uploaded file. */
  useSavedResume: z
    .enum(['true', 'false'], { message: 'useSavedResume must be true or false.' })
    .default('false')
    .transform((v) => v === 'true'),
});

export const applicationStatus = z.enum(APPLICATION_STATUSES, { message: 'Unknown status.' });

/** What the applicant sees on My Applications. */
export const myApplication = z.object({
  id: z.string(),
  jobId: z.string(),
  status: applicationStatus,
  createdAt: z.string(),
  job: z.object({ title: z.string(), company: z.string(), country: z.string() }).nullable(),
  /** The applicant's own documents, through the same authorised download route as the employer's. */
  resumeUrl: z.string().nullable(),
  coverLetterUrl: z.string().nullable(),
});
export type MyApplication = z.infer<typeof myApplication>;

/** What the job's owner sees on the Applicants page. File URLs are authorised downloads, never public. */
export const applicant = z.object({
  id: z.string(),
  userId: z.string(),
  applicantName: z.string(),
  message: z.string(),
  status: applicationStatus,
  createdAt: z.string(),
  resumeUrl: z.string().nullable(),
  coverLetterUrl: z.string().nullable(),
});
export type Applicant = z.infer<typeof applicant>;

export const updateApplicationStatusBody = z.object({ status: applicationStatus });
