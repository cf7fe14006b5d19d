import { createElement as h, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { data, isRouteErrorResponse, redirect, RouterContextProvider, type RouteObject } from './data';
import { isRedirectResult, type LoadResult } from './load';
import { matchRoutes } from './match';
import { createStaticRouter, query } from './server';
import { Link, NavLink, Outlet, RouterProvider, useActionData, useParams, useRouteError } from './components';

const leaf = (path: string, extra: Partial<RouteObject> = {}): RouteObject => ({ path, ...extra });

const routes: RouteObject[] = [
  {
    children: [
      {
        errorElement: 'error',
        children: [
          { index: true },
          leaf('jobs'),
          leaf('jobs/:id'),
          leaf('jobs/:jobId/apply'),
          leaf('post-job'),
          leaf('profile/:userId'),
          leaf('profile'),
          leaf('*'),
        ],
      },
    ],
  },
];

const leafPath = (pathname: string) => {
  const matches = matchRoutes(routes, { pathname })!;
  const last = matches[matches.length - 1]!;
  return { path: last.route.path ?? (last.route.index ? '(index)' : undefined), params: last.params, id: last.id };
};

describe('matchRoutes', () => {
  it('picks the most specific route: a static segment over a parameter, a parameter over the catch-all', () => {
    expect(leafPath('/')).toMatchObject({ path: '(index)', id: '0-0-0' });
    expect(leafPath('/jobs')).toMatchObject({ path: 'jobs', id: '0-0-1' });
    expect(leafPath('/jobs/abc')).toMatchObject({ path: 'jobs/:id', params: { id: 'abc' } });
    expect(leafPath('/jobs/abc/apply')).toMatchObject({ path: 'jobs/:jobId/apply', params: { jobId: 'abc' } });
    expect(leafPath('/profile')).toMatchObject({ path: 'profile' });
    expect(leafPath('/profile/u1')).toMatchObject({ path: 'profile/:userId', params: { userId: 'u1' } });
    expect(leafPath('/jobs/abc/apply/more')).toMatchObject({ path: '*', params: { '*': 'jobs/abc/apply/more' } });
  });

  it('ignores case and a trailing slash, and decodes parameters', () => {
    expect(leafPath('/JOBS/')).toMatchObject({ path: 'jobs' });
    expect(leafPath('/jobs/caf%C3%A9')).toMatchObject({ params: { id: 'café' } });
    // A malformed escape stays as it came rather than throwing.
    expect(leafPath('/jobs/%E0%A4%A')).toMatchObject({ params: { id: '%E0%A4%A' } });
  });

  it('gives every route of the chain an id by its place in the tree', () => {
    expect(matchRoutes(routes, { pathname: '/post-job' })!.map((m) => m.id)).toEqual(['0', '0-0', '0-0-4']);
  });
});

const request = (path: string, method = 'GET') => new Request(`http://localhost${path}`, { method });

async function loaded(tree: RouteObject[], path: string, method = 'GET'): Promise<LoadResult> {
  const result = await query(tree, request(path, method), new RouterContextProvider());
  if (isRedirectResult(result)) throw new Error(`redirected to ${result.location}`);
  return result;
}

describe('query (the server)', () => {
  it('puts a 404 thrown by a loader on the nearest route that shows errors, with its status and data', async () => {
    const tree: RouteObject[] = [
      {
        errorElement: 'root error',
        children: [
          leaf('jobs/:id', {
            loader: () => {
              throw data({ key: 'jobNotFound' }, { status: 404 });
            },
          }),
        ],
      },
    ];
    const result = await loaded(tree, '/jobs/x');
    expect(result.statusCode).toBe(404);
    const error = result.errors?.['0'];
    expect(isRouteErrorResponse(error) && error.status === 404 && error.data).toEqual({ key: 'jobNotFound' });
  });

  it('answers a redirect from a loader with its address and status', async () => {
    const tree: RouteObject[] = [leaf('saved/:id', { loader: () => redirect('/saved', 303) })];
    expect(await query(tree, request('/saved/1'), new RouterContextProvider())).toEqual({ location: '/saved', status: 303 });
  });

  it('runs the deepest route’s action for a POST, with the status it gives, and refuses a POST to a route without one', async () => {
    const tree: RouteObject[] = [{ errorElement: 'e', children: [leaf('login', { action: () => data({ failed: true }, { status: 401 }) }), leaf('jobs')] }];
    const posted = await loaded(tree, '/login', 'POST');
    expect(posted.statusCode).toBe(401);
    expect(posted.actionData).toEqual({ '0-0': { failed: true } });
    const refused = await loaded(tree, '/jobs', 'POST');
    expect(refused.statusCode).toBe(405);
  });

  it('fetches a lazy screen for every request, so the renderer sees each page’s chunks', async () => {
    let imports = 0;
    const tree: RouteObject[] = [leaf('about', { lazy: async () => (imports++, { handle: 'about' }) })];
    const first = await loaded(tree, '/about');
    await loaded(tree, '/about');
    expect(imports).toBe(2);
    expect(first.matches[0]!.route.handle).toBe('about');
  });

  it('shows a screen whose code could not be fetched as an error at the nearest boundary', async () => {
    const tree: RouteObject[] = [
      { errorElement: 'e', children: [leaf('about', { lazy: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')) })] },
    ];
    const result = await loaded(tree, '/about');
    expect(result.statusCode).toBe(500);
    expect(result.errors?.['0']).toBeInstanceOf(TypeError);
  });
});

function Layout() {
  return h('div', { id: 'layout' }, h(NavLink, { to: '/jobs' }, 'Jobs'), h(NavLink, { to: '/', end: true }, 'Home'), h(Outlet));
}
function JobScreen() {
  return h('p', null, `job ${useParams().id}`);
}
function Login() {
  const echo = useActionData() as { email?: string } | undefined;
  return h('p', null, `login ${echo?.email ?? ''}`, h(Link, { to: '/jobs?q=nurse' }, 'Find'));
}
function ErrorScreen() {
  const error = useRouteError();
  return h('p', null, isRouteErrorResponse(error) ? `status ${error.status}` : 'broken');
}

const app: RouteObject[] = [
  {
    element: h(Layout),
    errorElement: h(ErrorScreen),
    children: [
      leaf('jobs/:id', { Component: JobScreen, loader: ({ params }) => (params.id === 'gone' ? Promise.reject(data(null, { status: 404 })) : null) }),
      leaf('jobs', { Component: () => h('p', null, 'list') }),
      leaf('login', { Component: Login, action: () => ({ email: 'ana@example.com' }) }),
    ],
  },
];

async function page(path: string, method = 'GET'): Promise<string> {
  const result = await loaded(app, path, method);
  return renderToString(h(RouterProvider, { router: createStaticRouter(result, new URL(`http://localhost${path}`)) }) as ReactNode);
}

describe('rendering', () => {
  it('draws each route inside its parent’s outlet, with the URL’s parameters', async () => {
    expect(await page('/jobs/42')).toContain('<p>job 42</p></div>');
  });

  it('marks the link to the current section active, with aria-current; an `end` link only on its own path', async () => {
    const html = await page('/jobs/42');
    expect(html).toContain('<a aria-current="page" class="active" href="/jobs">Jobs</a>');
    expect(html).toContain('<a href="/">Home</a>');
  });

  it('shows the error element in place of the route that failed, with the error', async () => {
    const html = await page('/jobs/gone');
    expect(html).toContain('status 404');
    expect(html).not.toContain('id="layout"');
  });

  it('hands the answer of a POST to the route’s screen, as action data', async () => {
    const html = await page('/login', 'POST');
    expect(html).toContain('login ana@example.com');
    expect(html).toContain('href="/jobs?q=nurse"');
  });
});
