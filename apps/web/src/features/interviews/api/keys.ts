/** Every cache key of the interviews feature. */
export const interviewKeys = {
  all: ['interviews'] as const,
  mine: () => [...interviewKeys.all, 'mine'] as const,
  scheduled: () => [...interviewKeys.all, 'scheduled'] as const,
  candidates: (jobId: string, q: string, selected: string) => [...interviewKeys.all, 'candidates', { jobId, q, selected }] as const,
  myJobs: () => [...interviewKeys.all, 'my-jobs'] as const,
};
