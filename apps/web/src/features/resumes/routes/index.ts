import type { RouteObject } from '../../../lib/router';
import { paths, routePath } from '../../../lib/paths';

export const resumesRoutes: RouteObject[] = [
  { path: routePath(paths.resumeBuilder.pattern), lazy: () => import('./resume-builder').then((m) => ({ Component: m.default })) },
  { path: routePath(paths.viewResume.pattern), lazy: () => import('./view-resume').then((m) => ({ Component: m.default })) },
];
