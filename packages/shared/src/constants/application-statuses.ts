/** Spec section 4: any value may follow any other, set by the job's owner. */
export const APPLICATION_STATUSES = ['Pending', 'Reviewed', 'Shortlisted', 'Rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
