import type { RouteObject } from 'react-router';

export const authRoutes: RouteObject[] = [
  { path: 'login', lazy: () => import('./login').then((m) => ({ Component: m.default })) },
  { path: 'signup', lazy: () => import('./signup').then((m) => ({ Component: m.default })) },
  { path: 'forgot-password', lazy: () => import('./forgot-password').then((m) => ({ Component: m.default })) },
  { path: 'reset-password', lazy: () => import('./reset-password').then((m) => ({ Component: m.default })) },
  { path: 'logout', lazy: () => import('./logout').then((m) => ({ Component: m.default })) },
];
