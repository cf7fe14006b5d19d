import { z } from './zod';

/** Spec section 4 names pending, confirmed and declined; cancelled is the employer's (decision 0014). */
export const INTERVIEW_STATUSES = ['pending', 'confirmed', 'declined', 'cancelled'] as const;
export type InterviewStatus = (typeof INTERVIEW_STATUSES)[number];
/** What an applicant may answer, once, to a pending interview. */
export const INTERVIEW_ANSWERS = ['confirmed', 'declined'] as const;
export type InterviewAnswer = (typeof INTERVIEW_ANSWERS)[number];

/** The spec sets no length limits; the server still caps what it stores. */
export const INTERVIEW_LOCATION_MAX = 500;
export const INTERVIEW_NOTES_MAX = 5_000;
/** Names searched among all profiles need 3+ characters (trigram index); a job's applicants need none. */
export const CANDIDATE_SEARCH_MIN = 3;
export const CANDIDATES_LIMIT = 20;

/** An IANA zone this runtime knows, e.g. America/Jamaica. */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Schedule Interview (spec section 5): job and time required; the time is an instant in the future. */
export const scheduleInterviewBody = z.object({
  jobId: z.string().trim().min(1, { message: 'Please select a job.' }).max(100),
  applicantId: z.string().trim().min(1, { message: 'Please select an applicant.' }).max(100),
  interviewTime: z
    .string({ message: 'Please choose a date and time.' })
    .min(1, { message: 'Please choose a date and time.' })
    .pipe(z.iso.datetime({ offset: true, message: 'Please choose a valid date and time.' }))
    .refine((v) => Date.parse(v) > Date.now(), { message: 'The interview time must be in the future.' }),
  timeZone: z.string().max(64).refine(isTimeZone, { message: 'Unknown time zone.' }).optional(),
  location: z
    .string()
    .trim()
    .max(INTERVIEW_LOCATION_MAX, { message: `Location must be at most ${INTERVIEW_LOCATION_MAX} characters.` })
    .default(''),
  notes: z
    .string()
    .trim()
    .max(INTERVIEW_NOTES_MAX, { message: `Notes must be at most ${INTERVIEW_NOTES_MAX} characters.` })
    .default(''),
});
export type ScheduleInterviewBody = z.input<typeof scheduleInterviewBody>;

export const answerInterviewBody = z.object({
  status: z.enum(INTERVIEW_ANSWERS, { message: 'An interview can only be confirmed or declined.' }),
});

export const interview = z.object({
  id: z.string(),
  jobId: z.string().nullable(),
  /** The job's title, kept when the job is deleted; null only for interviews whose job went before it was kept ('Untitled Job'). */
  jobTitle: z.string().nullable(),
  /** The job's company (kept the same way): who the employer is when they never gave their name. */
  jobCompany: z.string().nullable(),
  applicantId: z.string(),
  applicantName: z.string(),
  /** Null once the employer's account is deleted (its upcoming interviews are then cancelled). */
  employerId: z.string().nullable(),
  employerName: z.string(),
  interviewTime: z.string(),
  timeZone: z.string().nullable(),
  location: z.string(),
  notes: z.string(),
  status: z.enum(INTERVIEW_STATUSES),
  createdAt: z.string(),
});
export type Interview = z.infer<typeof interview>;

/** Select Applicant: the job's applicants first, then other people by name. */
export const candidatesQuery = z.object({
  jobId: z.string().max(100).optional(),
  q: z.string().trim().max(100).default(''),
  /** A person to include whatever the search (the pre-filled applicant). */
  selected: z.string().max(100).optional(),
});
export const candidate = z.object({ id: z.string(), fullName: z.string(), applied: z.boolean() });
export type Candidate = z.infer<typeof candidate>;
export const candidates = z.object({ items: z.array(candidate) });
export type Candidates = z.infer<typeof candidates>;

/** How many upcoming interviews deleting a job or an account would cancel: its confirmation says so. */
export const upcomingInterviewsCount = z.object({ count: z.number().int().nonnegative() });
export type UpcomingInterviewsCount = z.infer<typeof upcomingInterviewsCount>;
