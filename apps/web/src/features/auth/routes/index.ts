import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../../lib/head';
import { paths, routePath } from '../../../lib/paths';

// The forms a visitor opens from a search result or a link: drawn on the server like the public pages.
const form = (titleKey: string): RouteHandle => ({ ssr: true, head: ({ t }) => ({ title: t(titleKey), description: t('head.welcomeDescription') }) });

export const authRoutes: RouteObject[] = [
  { path: routePath(paths.login.pattern), handle: form('auth:loginTitle'), lazy: () => import('./login').then((m) => ({ Component: m.default })) },
  { path: routePath(paths.signup.pattern), handle: form('auth:signupTitle'), lazy: () => import('./signup').then((m) => ({ Component: m.default })) },
  {
    path: routePath(paths.forgotPassword.pattern),
    handle: form('auth:forgotTitle'),
    lazy: () => import('./forgot-password').then((m) => ({ Component: m.default })),
  },
  { path: routePath(paths.resetPassword.pattern), lazy: () => import('./reset-password').then((m) => ({ Component: m.default })) },
  { path: routePath(paths.logout.pattern), lazy: () => import('./logout').then((m) => ({ Component: m.default })) },
];
