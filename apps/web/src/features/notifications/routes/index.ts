import type { RouteObject } from '../../../lib/router';
import { paths, routePath } from '../../../lib/paths';

export const notificationsRoutes: RouteObject[] = [
  { path: routePath(paths.notifications.pattern), lazy: () => import('./notifications').then((m) => ({ Component: m.default })) },
  { path: routePath(paths.notificationSettings.pattern), lazy: () => import('./notification-settings').then((m) => ({ Component: m.default })) },
];
