import type { RouteObject, RouterContextProvider } from './data';
import type { Router } from './browser-router';
import { load, type LoadResult, type Redirect } from './load';
import { matchRoutes } from './match';

/**
 * The server's half: the routes a request matches, loaded for it. Each request resolves the lazy
 * screens itself (the renderer records which chunks a page used as their imports run).
 */
export function query(routes: RouteObject[], request: Request, context: RouterContextProvider): Promise<LoadResult | Redirect> {
  const matches = matchRoutes(routes, new URL(request.url)) ?? [];
  return load(matches, { request, context, cache: new Map() });
}

/** A router that draws one page as loaded and never moves (the server's render). */
export function createStaticRouter(result: LoadResult, url: URL): Router {
  return {
    state: {
      ...result,
      initialized: true,
      historyAction: 'POP',
      location: { pathname: url.pathname, search: url.search, hash: '', state: null, key: 'default' },
      restoreScrollPosition: false,
      preventScrollReset: false,
    },
    subscribe: () => () => undefined,
    navigate: () => Promise.reject(new Error('the server renders one page and cannot navigate')),
    enableScrollRestoration: () => () => undefined,
  };
}
