/**
 * The jobs list's orders (decision 0072): by relevance to the search words, newest first, or "for
 * you" (a signed-in person's resume and profile: the ranking of Jobs for you).
 */
export const JOB_SORTS = ['relevance', 'newest', 'foryou'] as const;
export type JobSort = (typeof JOB_SORTS)[number];
