import type { RouteObject } from '../../../lib/router';
import { formEchoAction } from '../../../lib/form-post';
import type { RouteHandle } from '../../../lib/head';
import { paths, routePath } from '../../../lib/paths';

// Anyone may send feedback: the form is drawn on the server, so it can be filled in and sent before
// the scripts run (it posts to the server; a failure comes back through the action, lib/form-post.ts).
const handle: RouteHandle = { ssr: true, head: ({ t }) => ({ title: t('feedback:title'), description: t('head.welcomeDescription') }) };

export const feedbackRoutes: RouteObject[] = [
  { path: routePath(paths.feedback.pattern), handle, action: formEchoAction, lazy: () => import('./feedback').then((m) => ({ Component: m.default })) },
];
