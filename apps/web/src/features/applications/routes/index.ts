import type { RouteObject } from 'react-router';
import { paths, routePath } from '../../../lib/paths';

const mine = () => import('./my-applications').then((m) => ({ Component: m.default }));

export const applicationsRoutes: RouteObject[] = [
  { path: routePath(paths.apply.pattern), lazy: () => import('./apply').then((m) => ({ Component: m.default })) },
  { path: routePath(paths.myApplications.pattern), lazy: mine },
  { path: routePath(paths.myApplications.alias), lazy: mine },
  { path: routePath(paths.applicants.pattern), lazy: () => import('./applicants').then((m) => ({ Component: m.default })) },
];
