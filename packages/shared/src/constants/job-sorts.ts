/** The jobs list's orders (decision 0072): by relevance to the search words, or newest first. */
export const JOB_SORTS = ['relevance', 'newest'] as const;
export type JobSort = (typeof JOB_SORTS)[number];
