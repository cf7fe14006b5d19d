import type { RouteObject } from '../../../lib/router';
import { paths, routePath } from '../../../lib/paths';

const inbox = () => import('./inbox').then((m) => ({ Component: m.default }));

export const messagesRoutes: RouteObject[] = [
  { path: routePath(paths.inbox.pattern), lazy: inbox },
  { path: routePath(paths.inbox.alias), lazy: inbox },
  { path: routePath(paths.sendMessage.pattern), lazy: () => import('./send-message').then((m) => ({ Component: m.default })) },
  { path: routePath(paths.searchUsers.pattern), lazy: () => import('./search-users').then((m) => ({ Component: m.default })) },
  { path: routePath(paths.directory.pattern), lazy: () => import('./directory').then((m) => ({ Component: m.default })) },
];
