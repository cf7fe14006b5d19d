import type { RouteObject } from 'react-router';
import { paths, routePath } from '../../../lib/paths';

export const feedbackRoutes: RouteObject[] = [
  { path: routePath(paths.feedback.pattern), lazy: () => import('./feedback').then((m) => ({ Component: m.default })) },
];
