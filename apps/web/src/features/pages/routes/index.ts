import type { RouteObject } from 'react-router';

export const pagesRoutes: RouteObject[] = [
  { index: true, lazy: () => import('./welcome').then((m) => ({ Component: m.default })) },
  { path: 'faq', lazy: () => import('./faq').then((m) => ({ Component: m.default })) },
  { path: 'about', lazy: () => import('./about').then((m) => ({ Component: m.default })) },
  { path: 'terms', lazy: () => import('./terms').then((m) => ({ Component: m.default })) },
];
