import type { RouteObject } from '../../../lib/router';
import { paths, routePath } from '../../../lib/paths';

export const interviewsRoutes: RouteObject[] = [
  { path: routePath(paths.scheduleInterview.pattern), lazy: () => import('./schedule-interview').then((m) => ({ Component: m.default })) },
  { path: routePath(paths.myInterviews.pattern), lazy: () => import('./my-interviews').then((m) => ({ Component: m.default })) },
  { path: routePath(paths.scheduledInterviews.pattern), lazy: () => import('./scheduled-interviews').then((m) => ({ Component: m.default })) },
];
