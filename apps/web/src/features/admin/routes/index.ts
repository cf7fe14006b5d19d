import type { RouteObject } from '../../../lib/router';
import { paths, routePath } from '../../../lib/paths';

const screen = (load: () => Promise<{ default: React.ComponentType }>) => () => load().then((m) => ({ Component: m.default }));

// The dashboard's chunk carries the chart library: only /admin downloads it.
export const adminRoutes: RouteObject[] = [
  { path: routePath(paths.admin.pattern), lazy: screen(() => import('./admin-dashboard')) },
  { path: routePath(paths.adminJobs.pattern), lazy: screen(() => import('./admin-jobs')) },
  { path: routePath(paths.adminApplications.pattern), lazy: screen(() => import('./admin-applications')) },
  { path: routePath(paths.adminFeedback.pattern), lazy: screen(() => import('./admin-feedback')) },
  { path: routePath(paths.adminModeration.pattern), lazy: screen(() => import('./admin-moderation')) },
  { path: routePath(paths.adminPayments.pattern), lazy: screen(() => import('./admin-payments')) },
  { path: routePath(paths.adminCompanies.pattern), lazy: screen(() => import('./admin-companies')) },
];
