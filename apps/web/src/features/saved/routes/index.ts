import type { RouteObject } from '../../../lib/router';
import { paths, routePath } from '../../../lib/paths';

export const savedRoutes: RouteObject[] = [
  { path: routePath(paths.saved.pattern), lazy: () => import('./saved-list').then((m) => ({ Component: m.default })) },
  // Where Log In sends a person who tapped a heart signed out: the server saves and goes back (a GET
  // that acts, modules/saved/page-forms.ts), so the browser loads it as a page, never as a screen.
  { path: routePath(paths.savedContinue.pattern), document: true },
];
