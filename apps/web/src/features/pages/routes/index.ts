import type { RouteObject } from 'react-router';
import { paths, routePath } from '../../../lib/paths';

export const pagesRoutes: RouteObject[] = [
  { index: true, lazy: () => import('./welcome').then((m) => ({ Component: m.default })) },
  { path: routePath(paths.faq.pattern), lazy: () => import('./faq').then((m) => ({ Component: m.default })) },
  { path: routePath(paths.about.pattern), lazy: () => import('./about').then((m) => ({ Component: m.default })) },
  { path: routePath(paths.terms.pattern), lazy: () => import('./terms').then((m) => ({ Component: m.default })) },
];
