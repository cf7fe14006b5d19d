import type { RouteObject } from '../../../lib/router';
import { formEchoAction } from '../../../lib/form-post';
import type { RouteHandle } from '../../../lib/head';
import { paths, routePath } from '../../../lib/paths';

// The links of alert emails are opened from a mail app, often on a phone before any script runs:
// drawn on the server, with a real form (a link scanner opening the page changes nothing).
const linkHandle = (key: string): RouteHandle => ({ ssr: true, head: ({ t }) => ({ title: t(`alerts:${key}.title`) }) });
const linkPage = () => import('./alert-link').then((m) => ({ Component: m.default }));

export const alertsRoutes: RouteObject[] = [
  { path: routePath(paths.alerts.pattern), lazy: () => import('./alerts-list').then((m) => ({ Component: m.default })) },
  { path: routePath(paths.alertConfirm.pattern), handle: linkHandle('confirm'), action: formEchoAction, lazy: linkPage },
  { path: routePath(paths.alertUnsubscribe.pattern), handle: linkHandle('unsubscribe'), action: formEchoAction, lazy: linkPage },
];
