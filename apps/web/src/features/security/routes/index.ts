import type { RouteObject } from '../../../lib/router';
import { paths, routePath } from '../../../lib/paths';

export const securityRoutes: RouteObject[] = [
  { path: routePath(paths.securitySettings.pattern), lazy: () => import('./security-settings').then((m) => ({ Component: m.default })) },
];
