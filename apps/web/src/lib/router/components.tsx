import {
  Component,
  createContext,
  forwardRef,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type CSSProperties,
  type MouseEvent,
  type ReactNode,
} from 'react';
import type { Location, Params } from './data';
import { createPath, resolveTo, type NavigateOptions, type Router, type RouterState } from './browser-router';
import type { RouteMatch } from './match';

const RouterContext = createContext<Router | null>(null);
const StateContext = createContext<RouterState | null>(null);
interface RouteContextValue {
  /** What the route's <Outlet /> draws: the next route down. */
  outlet: ReactNode;
  match: RouteMatch | null;
}
const RouteContext = createContext<RouteContextValue>({ outlet: null, match: null });
const ErrorContext = createContext<unknown>(undefined);

function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error('a router hook was used outside <RouterProvider>');
  return router;
}

function useRouterState(): RouterState {
  const state = useContext(StateContext);
  if (!state) throw new Error('a router hook was used outside <RouterProvider>');
  return state;
}

/** Shows the route's errorElement for an error its screens throw while drawing; a new location clears it. */
class RouteErrorBoundary extends Component<
  { location: Location; fallback: ReactNode; route: RouteContextValue; children: ReactNode },
  { error: unknown; location: Location }
> {
  state = { error: undefined as unknown, location: this.props.location };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  static getDerivedStateFromProps(props: { location: Location }, state: { location: Location }) {
    return props.location !== state.location ? { error: undefined, location: props.location } : null;
  }
  componentDidCatch(error: unknown) {
    console.error('a screen failed while drawing:', error);
  }
  render() {
    if (this.state.error === undefined) return this.props.children;
    return (
      <RouteContext.Provider value={this.props.route}>
        <ErrorContext.Provider value={this.state.error}>{this.props.fallback}</ErrorContext.Provider>
      </RouteContext.Provider>
    );
  }
}

/** The matched routes, each inside its parent's <Outlet />, down to the route that shows an error. */
function renderMatches({ matches, errors, location }: RouterState): ReactNode {
  const errorAt = errors ? matches.findIndex((m) => m.id in errors) : -1;
  const shown = errorAt >= 0 ? matches.slice(0, errorAt + 1) : matches;
  return shown.reduceRight<ReactNode>((outlet, match, index) => {
    const { route } = match;
    const value = { outlet, match };
    const screen = route.Component ? <route.Component /> : route.element !== undefined ? route.element : outlet;
    const content = index === errorAt ? <ErrorContext.Provider value={errors![match.id]}>{route.errorElement}</ErrorContext.Provider> : screen;
    const inContext = <RouteContext.Provider value={value}>{content}</RouteContext.Provider>;
    return route.errorElement ? (
      <RouteErrorBoundary location={location} fallback={route.errorElement} route={value}>
        {inContext}
      </RouteErrorBoundary>
    ) : (
      inContext
    );
  }, null);
}

export function RouterProvider({ router }: { router: Router }) {
  const state = useSyncExternalStore(
    router.subscribe,
    () => router.state,
    () => router.state,
  );
  if (!state.initialized) return null;
  return (
    <RouterContext.Provider value={router}>
      <StateContext.Provider value={state}>{renderMatches(state)}</StateContext.Provider>
    </RouterContext.Provider>
  );
}

export const Outlet = () => <>{useContext(RouteContext).outlet}</>;

export const useLocation = (): Location => useRouterState().location;

export const useNavigate = (): Router['navigate'] => useRouter().navigate;

export const useParams = (): Params => useContext(RouteContext).match?.params ?? {};

export const useRouteError = (): unknown => useContext(ErrorContext);

/** The data the server's answer to this route's form carried (lib/form-post.ts); gone after the next navigation. */
export function useActionData(): unknown {
  const { match } = useContext(RouteContext);
  const { actionData } = useRouterState();
  return match && actionData ? actionData[match.id] : undefined;
}

export interface UIMatch {
  id: string;
  pathname: string;
  params: Params;
  data: unknown;
  handle: unknown;
}

export function useMatches(): UIMatch[] {
  const { matches, loaderData } = useRouterState();
  return useMemo(
    () => matches.map((m) => ({ id: m.id, pathname: m.pathname, params: m.params, data: loaderData[m.id], handle: m.route.handle })),
    [matches, loaderData],
  );
}

type SearchInit = URLSearchParams | Record<string, string> | string;

/** The query as URLSearchParams, and a setter that navigates to the same path with a new query. */
export function useSearchParams(): [URLSearchParams, (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => void] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback(
    (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const value = new URLSearchParams(typeof next === 'function' ? next(new URLSearchParams(search)) : next);
      void navigate(`?${value.toString()}`, options);
    },
    [navigate, search],
  );
  return [params, set];
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
}

const modified = (event: MouseEvent) => event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;

/**
 * A real link (it works before the scripts run, and in a new tab); a plain click navigates in the
 * page. An address on another site is left to the browser.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, replace, state, preventScrollReset, onClick, target, ...rest }, ref) {
  const router = useRouter();
  const location = useLocation();
  const resolved = resolveTo(to, location);
  const href = !resolved || (to.startsWith('/') && !to.startsWith('//')) ? to : createPath(resolved);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!resolved || event.defaultPrevented || event.button !== 0 || (target && target !== '_self') || modified(event)) return;
    event.preventDefault();
    void router.navigate(to, { replace, state, preventScrollReset });
  };
  return <a {...rest} ref={ref} href={href} target={target} onClick={handleClick} />;
});

interface ActiveState {
  isActive: boolean;
}

export interface NavLinkProps extends Omit<LinkProps, 'className' | 'style' | 'children'> {
  /** Active only on its own path, not on the paths below it. */
  end?: boolean;
  className?: string | ((state: ActiveState) => string | undefined);
  style?: CSSProperties | ((state: ActiveState) => CSSProperties | undefined);
  children?: ReactNode | ((state: ActiveState) => ReactNode);
}

/** A Link that knows when it leads to the current page: class `active` and aria-current="page". */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink({ to, end, className, style, children, ...rest }, ref) {
  const location = useLocation();
  const target = resolveTo(to, location)?.pathname.toLowerCase();
  const current = location.pathname.toLowerCase();
  const isActive = target !== undefined && (current === target || (!end && target !== '/' && current.startsWith(target.endsWith('/') ? target : `${target}/`)));
  const active = { isActive };
  return (
    <Link
      {...rest}
      ref={ref}
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className(active) : [className, isActive ? 'active' : null].filter(Boolean).join(' ') || undefined}
      style={typeof style === 'function' ? style(active) : style}
    >
      {typeof children === 'function' ? children(active) : children}
    </Link>
  );
});

/** Navigates once drawn (a screen that has nothing to show here). */
export function Navigate({ to, replace, state }: { to: string; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace, state });
  }, [navigate, to, replace, state]);
  return null;
}

const SCROLL_STORAGE = 'caribconnect-scroll-positions';

/**
 * Scroll positions per page, as the browser keeps them for documents: a new page opens at the top
 * (or at its #anchor), Back lands where the person was, and so does a reload (kept in
 * sessionStorage). `getKey` says which pages share a position (by default, each history entry).
 */
export function ScrollRestoration({ getKey }: { getKey?: (location: Location) => string }) {
  const router = useRouter();
  const { location, restoreScrollPosition, preventScrollReset } = useRouterState();

  useLayoutEffect(() => {
    let positions: Record<string, number> = {};
    try {
      positions = JSON.parse(sessionStorage.getItem(SCROLL_STORAGE) ?? '{}') as Record<string, number>;
    } catch {
      // Storage off (a private window): positions last as long as the page.
    }
    const keyOf = getKey ?? ((l: Location) => l.key);
    window.history.scrollRestoration = 'manual';
    const disable = router.enableScrollRestoration(positions, keyOf);
    const save = () => {
      positions[keyOf(router.state.location)] = window.scrollY;
      try {
        sessionStorage.setItem(SCROLL_STORAGE, JSON.stringify(positions));
      } catch {
        // As above.
      }
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('pagehide', save);
      disable();
    };
  }, [router, getKey]);

  useLayoutEffect(() => {
    if (restoreScrollPosition === false) return;
    if (typeof restoreScrollPosition === 'number') return void window.scrollTo(0, restoreScrollPosition);
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) return void target.scrollIntoView();
    }
    if (preventScrollReset) return;
    window.scrollTo(0, 0);
  }, [location, restoreScrollPosition, preventScrollReset]);

  return null;
}
