import { z } from './zod';
import { pageQuery } from './common.schema';
import { applicantFilters, screeningAnswer } from './screening.schema';
import { APPLICANT_STATUSES, APPLICATION_STAGES, APPLICATION_STATUSES, TEAM_STAGES } from './constants/application-statuses';

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

export const applicationStage = z.enum(APPLICATION_STAGES, { message: 'Unknown stage.' });
export const applicantStatus = z.enum(APPLICANT_STATUSES, { message: 'Unknown status.' });

/**
 * One step of the applicant's timeline: applied, viewed by the employer, an interview scheduled, a
 * change of their visible status (the four statuses), or their withdrawal. Never a stage's name.
 */
export const timelineEvent = z.object({
  kind: z.enum(['applied', 'viewed', 'interview', 'status', 'withdrawn']),
  at: z.string(),
  status: applicantStatus.nullable(),
});
export type TimelineEvent = z.infer<typeof timelineEvent>;

/** What the applicant sees on My Applications: the spec's four statuses or Withdrawn, never a stage, note or rating. */
export const myApplication = z.object({
  id: z.string(),
  jobId: z.string(),
  status: applicantStatus,
  createdAt: z.string(),
  job: z.object({ title: z.string(), company: z.string(), country: z.string() }).nullable(),
  /** The applicant's own documents, through the same authorised download route as the employer's. */
  resumeUrl: z.string().nullable(),
  coverLetterUrl: z.string().nullable(),
  /** Oldest first. */
  timeline: z.array(timelineEvent),
});
export type MyApplication = z.infer<typeof myApplication>;

/** What the job's owner sees on the Applicants page. File URLs are authorised downloads, never public. */
export const applicant = z.object({
  id: z.string(),
  userId: z.string(),
  applicantName: z.string(),
  message: z.string(),
  status: applicationStatus,
  /** The pipeline's stage (decision 0071); `status` is the spec's word for it. */
  stage: applicationStage,
  createdAt: z.string(),
  resumeUrl: z.string().nullable(),
  coverLetterUrl: z.string().nullable(),
  /** The team's ratings (1–5): their average and count, and the caller's own; private to the team. */
  rating: z.object({ average: z.number().nullable(), count: z.number().int(), mine: z.number().int().nullable() }),
  notesCount: z.number().int(),
  /** The screening answers (decision 0075), each with the question as it was asked. */
  answers: z.array(screeningAnswer),
  /** False: "Does not meet a requirement" (a knockout answer); null: the job asked no knockout question. Team only. */
  meetsRequirements: z.boolean().nullable(),
});
export type Applicant = z.infer<typeof applicant>;

export const updateApplicationStatusBody = z.object({ status: applicationStatus });

/** The team moves an application to a stage (owner, recruiter). Withdrawn is not theirs to set. */
export const moveStageBody = z.object({ stage: z.enum(TEAM_STAGES, { message: 'Unknown stage.' }) });

/** One recorded move: who, when, from, to (the team's history of an application). */
export const stageMove = z.object({
  id: z.string(),
  actorName: z.string().nullable(),
  from: applicationStage,
  to: applicationStage,
  at: z.string(),
});
export const stageMoves = z.object({ items: z.array(stageMove) });
export type StageMove = z.infer<typeof stageMove>;

export const NOTE_MAX = 2_000;
export const noteBody = z.object({
  body: z
    .string()
    .trim()
    .min(1, { message: 'Write a note.' })
    .max(NOTE_MAX, { message: `A note must be at most ${NOTE_MAX} characters.` }),
});
export const applicationNote = z.object({
  id: z.string(),
  authorId: z.string().nullable(),
  authorName: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
  /** The teammates the note @mentions (notified once each). */
  mentions: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type ApplicationNote = z.infer<typeof applicationNote>;

export const ratingBody = z.object({
  rating: z
    .number({ message: 'A rating is a whole number from 1 to 5.' })
    .int({ message: 'A rating is a whole number from 1 to 5.' })
    .min(1, { message: 'A rating is a whole number from 1 to 5.' })
    .max(5, { message: 'A rating is a whole number from 1 to 5.' }),
});
/** Each member's rating and the average: what the team sees of an application's ratings. */
export const applicationRatings = z.object({
  average: z.number().nullable(),
  items: z.array(z.object({ userId: z.string(), name: z.string(), rating: z.number().int() })),
});

/** A bulk move: listed applications (at most 10,000) or every one of the job's in `fromStage`. */
export const bulkMoveBody = z
  .object({
    ids: z.array(z.string().max(100)).min(1).max(10_000).optional(),
    fromStage: applicationStage.optional(),
    to: z.enum(TEAM_STAGES, { message: 'Unknown stage.' }),
    /** Moving to Not selected: reply from this template ("default": the built-in kind rejection). */
    template: z.string().trim().min(1).max(100).nullable().optional(),
  })
  .refine((b) => (b.ids === undefined) !== (b.fromStage === undefined), { message: 'Choose the applications or a stage.' });
export const bulkMoveResult = z.object({ batch: z.string(), moved: z.number().int(), undoUntil: z.string() });

export const REPLY_SUBJECT_MAX = 200;
export const REPLY_BODY_MAX = 5_000;
/** One language's text of a company's reply template; `{{first_name}}`, `{{job_title}}`, `{{company}}` are filled in. Plain text. */
export const replyTemplateBody = z.object({
  name: z.string().trim().min(1, { message: 'Template name is required.' }).max(100, { message: 'Template name must be at most 100 characters.' }),
  language: z.enum(['en', 'es', 'fr', 'ht', 'nl', 'pap'], { message: 'Unknown language.' }),
  subject: z
    .string()
    .trim()
    .min(1, { message: 'Subject is required.' })
    .max(REPLY_SUBJECT_MAX, { message: `Subject must be at most ${REPLY_SUBJECT_MAX} characters.` }),
  body: z
    .string()
    .trim()
    .min(1, { message: 'Message is required.' })
    .max(REPLY_BODY_MAX, { message: `Message must be at most ${REPLY_BODY_MAX} characters.` }),
});
export const replyTemplate = replyTemplateBody.extend({ id: z.string() });

/** The applicants page's list: a page, optionally of one stage (the workspace's tabs). */
export const applicantsQuery = pageQuery
  .extend({ stage: z.preprocess((v) => (v === '' ? undefined : v), applicationStage.optional()) })
  .extend(applicantFilters.shape);
/** How many of a job's applications are at each stage (the tabs' counts). */
export const stageCounts = z.object({ counts: z.record(z.string(), z.number().int()), total: z.number().int() });
