/** Spec section 9: the jobs list's date filter (thisYear counts from 1 January). */
export const JOB_DATE_FILTERS = ['last24h', 'last3d', 'last7d', 'last30d', 'thisYear'] as const;
export type JobDateFilter = (typeof JOB_DATE_FILTERS)[number];
