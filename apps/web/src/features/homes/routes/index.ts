import type { RouteObject } from 'react-router';

export const homesRoutes: RouteObject[] = [
  { path: 'job-seeker/home', lazy: () => import('./job-seeker-home').then((m) => ({ Component: m.default })) },
  { path: 'employer/home', lazy: () => import('./employer-home').then((m) => ({ Component: m.default })) },
  { path: 'consultant/home', lazy: () => import('./consultant-home').then((m) => ({ Component: m.default })) },
];
