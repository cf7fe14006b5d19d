/** Every cache key of the applications feature. The job detail it reads shares the jobs feature's key shape. */
export const applicationKeys = {
  all: ['applications'] as const,
  mine: () => [...applicationKeys.all, 'mine'] as const,
  forJob: (jobId: string) => [...applicationKeys.all, 'job', jobId] as const,
  job: (id: string) => ['jobs', 'detail', id] as const,
  savedResume: () => ['resumes', 'mine'] as const,
};
