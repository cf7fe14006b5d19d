/** Every cache key of the applications feature (the job an application is for: lib/job-query.ts). */
export const applicationKeys = {
  all: ['applications'] as const,
  mine: () => [...applicationKeys.all, 'mine'] as const,
  forJob: (jobId: string) => [...applicationKeys.all, 'job', jobId] as const,
  savedResume: () => ['resumes', 'mine'] as const,
};
