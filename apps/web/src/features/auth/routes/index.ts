import type { RouteObject } from 'react-router';
import { paths, routePath } from '../../../lib/paths';

export const authRoutes: RouteObject[] = [
  { path: routePath(paths.login.pattern), lazy: () => import('./login').then((m) => ({ Component: m.default })) },
  { path: routePath(paths.signup.pattern), lazy: () => import('./signup').then((m) => ({ Component: m.default })) },
  { path: routePath(paths.forgotPassword.pattern), lazy: () => import('./forgot-password').then((m) => ({ Component: m.default })) },
  { path: routePath(paths.resetPassword.pattern), lazy: () => import('./reset-password').then((m) => ({ Component: m.default })) },
  { path: routePath(paths.logout.pattern), lazy: () => import('./logout').then((m) => ({ Component: m.default })) },
];
