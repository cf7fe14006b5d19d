import type { RouteObject } from 'react-router';
import { paths, routePath } from '../../../lib/paths';

const profile = () => import('./profile').then((m) => ({ Component: m.default }));

export const profilesRoutes: RouteObject[] = [
  { path: routePath(paths.myProfile.pattern), lazy: profile },
  { path: routePath(paths.profile.pattern), lazy: profile },
];
