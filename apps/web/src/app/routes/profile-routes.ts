import type { RouteObject } from 'react-router';
import { paths, routePath } from '../../lib/paths';

const profile = () => import('./profile').then((m) => ({ Component: m.default }));

/** /profile and /profile/{userId}: composed here because the screen hosts another feature's block. */
export const profileRoutes: RouteObject[] = [
  { path: routePath(paths.myProfile.pattern), lazy: profile },
  { path: routePath(paths.profile.pattern), lazy: profile },
];
