/** Spec section 4: any value may follow any other, set by the job's owner. */
export const APPLICATION_STATUSES = ['Pending', 'Reviewed', 'Shortlisted', 'Rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/**
 * The hiring pipeline's stages (issue 45, decision 0071). The spec's four statuses stay what the
 * applicant sees; each stage shows as one of them (statusOfStage), Withdrawn as itself.
 */
export const APPLICATION_STAGES = ['Applied', 'Screening', 'Interview', 'Offer', 'Hired', 'Not selected', 'Withdrawn'] as const;
export type ApplicationStage = (typeof APPLICATION_STAGES)[number];
/** The stages the team moves an application to: Withdrawn is the applicant's own act. */
export const TEAM_STAGES = ['Applied', 'Screening', 'Interview', 'Offer', 'Hired', 'Not selected'] as const;
export type TeamStage = (typeof TEAM_STAGES)[number];
/** What the applicant sees: the spec's four statuses, and Withdrawn. */
export const APPLICANT_STATUSES = [...APPLICATION_STATUSES, 'Withdrawn'] as const;
export type ApplicantStatus = (typeof APPLICANT_STATUSES)[number];

/** The spec's status a team stage shows as (the database keeps the same rule: applications_stage_status_check). */
export function statusOfStage(stage: TeamStage): ApplicationStatus {
  switch (stage) {
    case 'Applied':
      return 'Pending';
    case 'Screening':
      return 'Reviewed';
    case 'Not selected':
      return 'Rejected';
    default:
      return 'Shortlisted';
  }
}
