import { afterEach, describe, expect, it, vi } from 'vitest';
import { authRoutes } from '../features/auth/routes';
import { savedRoutes } from '../features/saved/routes';
import { createBrowserRouter, redirect, RouterContextProvider, type RouteObject } from '../lib/router';

/**
 * The server's own addresses (/continue, /saved/…/continue act and redirect, decision 0069) must be
 * loaded by the browser as pages: drawn as a screen of the app they would show nothing and do nothing.
 * The browser's window is stood in for by the few members the router uses.
 */
function browserAt(pathname: string, search = '') {
  const assign = vi.fn();
  const pushState = vi.fn();
  vi.stubGlobal('window', {
    location: { pathname, search, hash: '', origin: 'http://localhost', assign },
    history: { state: null, pushState, replaceState: vi.fn(), go: vi.fn() },
    addEventListener: vi.fn(),
    scrollY: 0,
  });
  return { assign, pushState };
}

const routes: RouteObject[] = [
  {
    children: [
      { path: '/jobs/:id', Component: () => null },
      { path: '/go-on', loader: () => redirect('/continue?next=%2Fjobs%2F1&sig=abc'), Component: () => null },
      ...authRoutes,
      ...savedRoutes,
      { path: '*', Component: () => null },
    ],
  },
];

const routerAt = (pathname: string, hydrated = true) =>
  createBrowserRouter(routes, {
    hydrationData: hydrated ? { loaderData: {}, actionData: null, errors: null } : undefined,
    getContext: () => new RouterContextProvider(),
  });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('navigating to an address the server answers', () => {
  it('loads /continue and /saved/…/continue as pages, not as screens', async () => {
    for (const to of ['/continue?next=%2Fjobs%2F1&sig=abc', '/saved/job/1/continue?back=%2Fjobs%2F1']) {
      const { assign, pushState } = browserAt('/jobs/1');
      const router = routerAt('/jobs/1');
      await router.navigate(to);
      expect(assign).toHaveBeenCalledWith(to);
      expect(pushState).not.toHaveBeenCalled();
      expect(router.state.location.pathname).toBe('/jobs/1');
      vi.unstubAllGlobals();
    }
  });

  it('follows a loader’s redirect to one with a page load too', async () => {
    const { assign } = browserAt('/jobs/1');
    const router = routerAt('/jobs/1');
    await router.navigate('/go-on');
    expect(assign).toHaveBeenCalledWith('/continue?next=%2Fjobs%2F1&sig=abc');
  });

  it('draws the app’s own screens in place, and does not reload the page it started on', async () => {
    const { assign, pushState } = browserAt('/jobs/1');
    const router = routerAt('/jobs/1');
    await router.navigate('/jobs/2');
    expect(pushState).toHaveBeenCalledTimes(1);
    expect(assign).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/jobs/2');
    vi.unstubAllGlobals();

    // Started on one (a service worker's cached shell, say): no loop of page loads.
    const started = browserAt('/continue', '?next=%2Fjobs%2F1&sig=abc');
    routerAt('/continue', false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started.assign).not.toHaveBeenCalled();
  });
});
