import type { RouteObject } from '../../../lib/router';
import { paths, routePath } from '../../../lib/paths';

export const blocksRoutes: RouteObject[] = [
  { path: routePath(paths.blockedPeople.pattern), lazy: () => import('./blocked-people').then((m) => ({ Component: m.default })) },
];
