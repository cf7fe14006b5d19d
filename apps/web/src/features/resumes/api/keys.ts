/** Every cache key of the resumes feature. The applications feature reads `mine` under the same shape. */
export const resumeKeys = {
  all: ['resumes'] as const,
  mine: () => [...resumeKeys.all, 'mine'] as const,
  detail: (userId: string) => [...resumeKeys.all, 'detail', userId] as const,
};
