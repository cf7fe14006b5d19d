import type { RouteObject } from 'react-router';

export const feedbackRoutes: RouteObject[] = [
  { path: 'feedback', lazy: () => import('./feedback').then((m) => ({ Component: m.default })) },
];
