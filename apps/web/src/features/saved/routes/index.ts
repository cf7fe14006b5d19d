import { redirect, type RouteObject } from '../../../lib/router';
// The constant's own module: the package's index would bring zod (its schemas) into the first load.
import { SAVED_KINDS, type SavedKind } from '@caribconnect/shared/constants/saved-kinds';
import { paths, routePath, safeReturnTo } from '../../../lib/paths';
import { saveItem } from '../../../lib/saved';

/**
 * Where Log In sends a person who tapped a heart signed out, when it navigates in the browser (a
 * full page load is answered by the server, which saves and redirects the same way).
 */
const continueSave: RouteObject['loader'] = async ({ params, request }) => {
  const kind = params.kind as SavedKind;
  const back = safeReturnTo(new URL(request.url).searchParams.get('back')) ?? paths.saved.to();
  if (SAVED_KINDS.includes(kind) && params.id) await saveItem(kind, params.id).catch(() => undefined);
  return redirect(back);
};

export const savedRoutes: RouteObject[] = [
  { path: routePath(paths.saved.pattern), lazy: () => import('./saved-list').then((m) => ({ Component: m.default })) },
  { path: routePath(paths.savedContinue.pattern), loader: continueSave, Component: () => null },
];
