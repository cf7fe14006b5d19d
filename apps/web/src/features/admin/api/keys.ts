/** Every cache key of the admin feature, from the broadest (invalidate all) to one entry. */
export const adminKeys = {
  all: ['admin'] as const,
  stats: () => [...adminKeys.all, 'stats'] as const,
  growth: () => [...adminKeys.all, 'growth'] as const,
  userGrowth: (from: string, to: string) => [...adminKeys.all, 'growth', 'users', from, to] as const,
  users: (q: string) => [...adminKeys.all, 'users', q] as const,
  jobs: () => [...adminKeys.all, 'jobs'] as const,
  ads: () => [...adminKeys.all, 'ads'] as const,
  applications: () => [...adminKeys.all, 'applications'] as const,
  feedback: () => [...adminKeys.all, 'feedback'] as const,
  settings: () => [...adminKeys.all, 'settings'] as const,
  audit: (action: string, q: string) => [...adminKeys.all, 'audit', action, q] as const,
  payments: (method: string, status: string) => [...adminKeys.all, 'payments', method, status] as const,
  paymentTotals: () => [...adminKeys.all, 'payments', 'totals'] as const,
};
