/** The on-screen filters of /admin/payments, as its address holds them ('' for none). */
export interface PaymentFilters {
  status: string;
  from: string;
  to: string;
}

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
  payments: (filters: PaymentFilters) => [...adminKeys.all, 'payments', filters.status, filters.from, filters.to] as const,
  paymentTotals: () => [...adminKeys.all, 'payments', 'totals'] as const,
};
