import type { RouteObject } from '../../../lib/router';
import { paths, routePath } from '../../../lib/paths';

export const homesRoutes: RouteObject[] = [
  { path: routePath(paths.jobSeekerHome.pattern), lazy: () => import('./job-seeker-home').then((m) => ({ Component: m.default })) },
  { path: routePath(paths.employerHome.pattern), lazy: () => import('./employer-home').then((m) => ({ Component: m.default })) },
  { path: routePath(paths.consultantHome.pattern), lazy: () => import('./consultant-home').then((m) => ({ Component: m.default })) },
];
