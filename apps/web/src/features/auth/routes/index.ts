import type { RouteObject } from '../../../lib/router';
import { formEchoAction } from '../../../lib/form-post';
import type { RouteHandle } from '../../../lib/head';
import { paths, routePath } from '../../../lib/paths';

// The forms a visitor opens from a search result or a link: drawn on the server like the public pages.
const form = (titleKey: string): RouteHandle => ({ ssr: true, head: ({ t }) => ({ title: t(titleKey), description: t('head.welcomeDescription') }) });

export const authRoutes: RouteObject[] = [
  // Each form also posts to the server before the scripts run; a failure comes back through the action (lib/form-post.ts).
  {
    path: routePath(paths.login.pattern),
    handle: form('auth:loginTitle'),
    action: formEchoAction,
    lazy: () => import('./login').then((m) => ({ Component: m.default })),
  },
  // The code step of a sign-in with two-step sign-in on, when posted before the scripts ran and refused.
  {
    path: '/login/code',
    handle: form('auth:twoFactorTitle'),
    action: formEchoAction,
    lazy: () => import('./login').then((m) => ({ Component: m.default })),
  },
  {
    path: routePath(paths.emailConfirmed.pattern),
    handle: form('auth:emailConfirmedTitle'),
    lazy: () => import('./email-confirmed').then((m) => ({ Component: m.default })),
  },
  {
    path: routePath(paths.signup.pattern),
    handle: form('auth:signupTitle'),
    action: formEchoAction,
    lazy: () => import('./signup').then((m) => ({ Component: m.default })),
  },
  {
    path: routePath(paths.forgotPassword.pattern),
    handle: form('auth:forgotTitle'),
    action: formEchoAction,
    lazy: () => import('./forgot-password').then((m) => ({ Component: m.default })),
  },
  { path: routePath(paths.resetPassword.pattern), lazy: () => import('./reset-password').then((m) => ({ Component: m.default })) },
  // The server's address that goes on to where sign-up interrupted: loaded as a page, never a screen.
  { path: routePath(paths.continue.pattern), document: true },
  { path: routePath(paths.logout.pattern), lazy: () => import('./logout').then((m) => ({ Component: m.default })) },
];
