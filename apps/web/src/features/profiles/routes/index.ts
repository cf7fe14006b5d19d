import type { RouteObject } from 'react-router';

const profile = () => import('./profile').then((m) => ({ Component: m.default }));

export const profilesRoutes: RouteObject[] = [
  { path: 'profile', lazy: profile },
  { path: 'profile/:userId', lazy: profile },
];
