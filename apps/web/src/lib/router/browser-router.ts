import type { HydrationState, Location, RouteObject, RouterContextProvider } from './data';
import { isRedirectResult, load, resolveMatches } from './load';
import { matchRoutes, type RouteMatch } from './match';

export type HistoryAction = 'POP' | 'PUSH' | 'REPLACE';

export interface RouterState extends HydrationState {
  /** False until the first page's screens are in (a page the server did not draw). */
  initialized: boolean;
  historyAction: HistoryAction;
  location: Location;
  matches: RouteMatch[];
  /** Where to scroll once the page is drawn: a saved position, false to leave the scroll alone, null for the default. */
  restoreScrollPosition: number | false | null;
  preventScrollReset: boolean;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  /** Keep the scroll where it is (a filter rewriting the query). */
  preventScrollReset?: boolean;
}

export interface Router {
  readonly state: RouterState;
  subscribe(listener: () => void): () => void;
  navigate(to: string | number, options?: NavigateOptions): Promise<void>;
  /** Scroll positions by key, saved as each navigation leaves a page (components.tsx's ScrollRestoration). */
  enableScrollRestoration(positions: Record<string, number>, getKey: (location: Location) => string): () => void;
}

const ORIGIN = 'http://router.invalid';

const createKey = () => Math.random().toString(36).slice(2, 10);

export const createPath = ({ pathname, search, hash }: Pick<Location, 'pathname' | 'search' | 'hash'>) => pathname + search + hash;

/**
 * `to` as a location, read against the current one: '?q=nurse' keeps the path, '#top' the path and
 * query. Null for an address on another site, which the browser should load itself.
 */
export function resolveTo(to: string, from: Pick<Location, 'pathname' | 'search'>): Pick<Location, 'pathname' | 'search' | 'hash'> | null {
  const url = new URL(to, ORIGIN + from.pathname + from.search);
  if (url.origin !== ORIGIN) return null;
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

function currentLocation(): Location {
  const entry = window.history.state as { usr?: unknown; key?: string } | null;
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
}

const urlOf = (location: Location) => new URL(ORIGIN + createPath(location));

// One cache for the page's life: a screen's code is fetched once, and its component keeps its identity.
const cache = new WeakMap<RouteObject, Promise<RouteObject>>();
const resolved = new WeakMap<RouteObject, RouteObject>();

/**
 * Fetches the screens a location needs, so that the router can draw them at once: the first page must
 * be drawn as the server drew it, in the first render (entry-client.tsx). Rejects when one failed.
 */
export async function preloadScreens(routes: RouteObject[], location: { pathname: string }): Promise<void> {
  const original = matchRoutes(routes, location) ?? [];
  const { matches, failed } = await resolveMatches(original, cache);
  if (failed) throw failed.error;
  original.forEach((m, i) => resolved.set(m.route, matches[i]!.route));
}

/** The matches with their screens, when all are already in. */
function readyMatches(matches: RouteMatch[]): RouteMatch[] | null {
  const out = matches.map((m) => (m.route.lazy ? resolved.get(m.route) : m.route));
  return out.every(Boolean) ? matches.map((m, i) => ({ ...m, route: out[i]! })) : null;
}

/**
 * The browser's router: the address bar and history, and for each navigation the new page's screens
 * and loaders before it is drawn (the old page stays until then). The server's data
 * (`hydrationData`) stands for the first page's loaders.
 */
export function createBrowserRouter(routes: RouteObject[], options: { hydrationData?: HydrationState; getContext: () => RouterContextProvider }): Router {
  const listeners = new Set<() => void>();
  let scroll: { positions: Record<string, number>; getKey: (location: Location) => string } | null = null;
  let navigationId = 0;
  const initialLocation = currentLocation();

  // The first page is drawn as the server drew it when its data came along and its screens are in.
  const initialMatches = options.hydrationData ? readyMatches(matchRoutes(routes, initialLocation) ?? []) : null;
  let state: RouterState = {
    initialized: initialMatches !== null,
    historyAction: 'POP',
    location: initialLocation,
    matches: initialMatches ?? [],
    loaderData: options.hydrationData?.loaderData ?? {},
    actionData: options.hydrationData?.actionData ?? null,
    errors: options.hydrationData?.errors ?? null,
    restoreScrollPosition: false,
    preventScrollReset: false,
  };

  const update = (next: Partial<RouterState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };

  const savedPosition = (location: Location) => {
    const y = scroll?.positions[scroll.getKey(location)];
    return typeof y === 'number' ? y : null;
  };

  async function start(action: HistoryAction, location: Location, preventScrollReset = false): Promise<void> {
    const id = ++navigationId;
    const matched = matchRoutes(routes, location) ?? [];
    // The server's own address (a navigation, a link or a loader's redirect to it): the browser loads
    // it. Not the page the app started on, which the server already answered (that would loop).
    if (location !== initialLocation && matched[matched.length - 1]?.route.document) return void window.location.assign(createPath(location));
    const previous = state;
    const currentUrl = urlOf(previous.location);
    const nextUrl = urlOf(location);
    const sameDocument = currentUrl.pathname === nextUrl.pathname && currentUrl.search === nextUrl.search;
    let result;
    if (sameDocument && currentUrl.hash !== nextUrl.hash) {
      // A jump within the page (the skip link): nothing to load.
      result = { matches: previous.matches, loaderData: previous.loaderData, actionData: previous.actionData, errors: previous.errors };
    } else {
      // A navigation that a newer one overtakes is dropped below; its loaders only start requests
      // TanStack Query keeps, so there is nothing to abort.
      const loaded = await load(matched, {
        request: new Request(new URL(createPath(location), window.location.origin)),
        context: options.getContext(),
        cache,
        previous: previous.loaderData,
        shouldLoad: (match) => {
          const before = previous.matches.find((m) => m.id === match.id);
          if (!before || !previous.initialized) return true;
          const paramsChanged = Object.keys({ ...before.params, ...match.params }).some((k) => before.params[k] !== match.params[k]);
          const defaultShouldRevalidate = paramsChanged || currentUrl.search !== nextUrl.search || sameDocument;
          const decide = match.route.shouldRevalidate;
          return decide
            ? decide({ currentUrl, nextUrl, currentParams: before.params, nextParams: match.params, defaultShouldRevalidate })
            : defaultShouldRevalidate;
        },
      });
      if (id !== navigationId) return;
      if (isRedirectResult(loaded)) {
        const target = resolveTo(loaded.location, location);
        if (!target) return void window.location.assign(loaded.location);
        return start(action === 'POP' ? 'REPLACE' : action, { ...target, state: null, key: createKey() });
      }
      result = loaded;
    }

    if (scroll) scroll.positions[scroll.getKey(previous.location)] = window.scrollY;
    if (action === 'PUSH') window.history.pushState({ usr: location.state, key: location.key }, '', createPath(location));
    else if (action === 'REPLACE') window.history.replaceState({ usr: location.state, key: location.key }, '', createPath(location));
    // A navigation's pass is a GET, so the action data of a page the server answered a form with is
    // gone after it; a jump within the page keeps it.
    update({
      ...result,
      initialized: true,
      historyAction: action,
      location,
      restoreScrollPosition: sameDocument && currentUrl.hash !== nextUrl.hash ? false : savedPosition(location),
      preventScrollReset,
    });
  }

  window.addEventListener('popstate', () => void start('POP', currentLocation()));

  if (!state.initialized) void start('POP', initialLocation);

  return {
    get state() {
      return state;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    navigate(to, { replace, state: carried, preventScrollReset } = {}) {
      if (typeof to === 'number') {
        window.history.go(to);
        return Promise.resolve();
      }
      const target = resolveTo(to, state.location);
      if (!target) {
        window.location.assign(to);
        return Promise.resolve();
      }
      // The same address again replaces its entry rather than adding a second.
      const action = replace || createPath(target) === createPath(state.location) ? 'REPLACE' : 'PUSH';
      return start(action, { ...target, state: carried ?? null, key: createKey() }, preventScrollReset);
    },
    enableScrollRestoration(positions, getKey) {
      scroll = { positions, getKey };
      // A reload lands where the person was.
      const y = savedPosition(state.location);
      if (state.initialized && y !== null) update({ restoreScrollPosition: y });
      return () => {
        scroll = null;
      };
    },
  };
}
