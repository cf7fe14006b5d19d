import { z } from './zod';
import { jobSummary } from './jobs.schema';
import { languageCode } from './language.schema';

/** Why a job is "for you" (issue 46, decision 0072): only what the seeker's own resume and profile say. */
export const forYouReasons = z.object({
  /** The resume's skills the job's text holds. */
  skills: z.array(z.string()),
  /** The resume's experience titles the job's text holds (in any of the app's languages). */
  roles: z.array(z.string()),
  /** The job's country, when it is the seeker's or one of their job alerts'. */
  country: z.string().nullable(),
  /** The job's category, when one of their job alerts names it. */
  category: z.string().nullable(),
  /** The seeker's language, when the job asks for it (other than English, which every job is written in). */
  language: languageCode.nullable(),
});
export const jobForYou = jobSummary.extend({ reasons: forYouReasons });
export const jobsForYou = z.object({
  items: z.array(jobForYou),
  /** Whether the seeker has a resume: without one the page invites them to make one. */
  hasResume: z.boolean(),
});
export const jobsForYouQuery = z.object({ limit: z.coerce.number().int().min(1).max(50).default(20) });
export type ForYouReasons = z.infer<typeof forYouReasons>;
export type JobForYou = z.infer<typeof jobForYou>;
export type JobsForYou = z.infer<typeof jobsForYou>;

/**
 * "Invite to apply" (issue 46): a message from the job's team to an opted-in candidate, through the
 * existing messaging; the job's address is added to the text when the sender left it out.
 */
export const jobInvitationBody = z
  .object({
    jobId: z.uuid(),
    userId: z.string().min(1).max(64),
    message: z.string().max(8000),
  })
  .strict();
export type JobInvitationBody = z.infer<typeof jobInvitationBody>;
