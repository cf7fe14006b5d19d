import type { RouteObject } from 'react-router';

const mine = () => import('./my-applications').then((m) => ({ Component: m.default }));

export const applicationsRoutes: RouteObject[] = [
  { path: 'jobs/:jobId/apply', lazy: () => import('./apply').then((m) => ({ Component: m.default })) },
  { path: 'my-applications', lazy: mine },
  { path: 'applications', lazy: mine },
  { path: 'employer/applicants/:jobId', lazy: () => import('./applicants').then((m) => ({ Component: m.default })) },
];
