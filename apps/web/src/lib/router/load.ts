import { DataWithResponseInit, ErrorResponse, type HydrationState, type RouteObject, type RouterContextProvider } from './data';
import type { RouteMatch } from './match';

/** A route with its lazy screen's fields merged in, per route object: the browser keeps one for good, the server one per request. */
export type LazyCache = Map<RouteObject, Promise<RouteObject>> | WeakMap<RouteObject, Promise<RouteObject>>;

export interface Redirect {
  location: string;
  status: number;
}

export interface LoadResult extends HydrationState {
  matches: RouteMatch[];
  statusCode: number;
}

const isRedirect = (value: unknown): value is Response =>
  value instanceof Response && value.status >= 300 && value.status < 400 && value.headers.has('Location');

class RedirectSignal {
  constructor(readonly redirect: Redirect) {}
}

function resolveRoute(route: RouteObject, cache: LazyCache): Promise<RouteObject> {
  const lazy = route.lazy;
  if (!lazy) return Promise.resolve(route);
  let resolved = cache.get(route);
  if (!resolved) {
    resolved = lazy().then((fields) => ({ ...route, ...fields, lazy: undefined }));
    // A failed fetch is tried again on the next navigation, not remembered.
    resolved.catch(() => cache.delete(route));
    cache.set(route, resolved);
  }
  return resolved;
}

/** The matches with their screens' code in; a screen that could not be fetched is the error at its index. */
export async function resolveMatches(matches: RouteMatch[], cache: LazyCache): Promise<{ matches: RouteMatch[]; failed?: { index: number; error: unknown } }> {
  const settled = await Promise.allSettled(matches.map((m) => resolveRoute(m.route, cache)));
  let failed: { index: number; error: unknown } | undefined;
  const out = matches.map((m, index) => {
    const result = settled[index]!;
    if (result.status === 'fulfilled') return { ...m, route: result.value };
    failed ??= { index, error: result.reason };
    return m;
  });
  return { matches: out, failed };
}

/** The route at or above `index` that shows errors: the nearest with an errorElement, else the root. */
export function boundaryIndex(matches: RouteMatch[], index: number): number {
  for (let i = index; i >= 0; i -= 1) if (matches[i]!.route.errorElement) return i;
  return 0;
}

/** A loader's or action's outcome: its data and status, a redirect (thrown as a signal), or an error. */
async function outcome(run: () => unknown): Promise<{ data?: unknown; status?: number; error?: unknown }> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    if (isRedirect(thrown)) throw new RedirectSignal({ location: thrown.headers.get('Location')!, status: thrown.status });
    if (thrown instanceof DataWithResponseInit) return { error: new ErrorResponse(thrown.init.status ?? 500, thrown.init.statusText ?? '', thrown.data) };
    if (thrown instanceof Response) return { error: new ErrorResponse(thrown.status, thrown.statusText, null) };
    return { error: thrown };
  }
  if (isRedirect(value)) throw new RedirectSignal({ location: value.headers.get('Location')!, status: value.status });
  if (value instanceof DataWithResponseInit) return { data: value.data, status: value.init.status };
  return { data: value === undefined ? null : value };
}

export interface LoadOptions {
  request: Request;
  context: RouterContextProvider;
  cache: LazyCache;
  /** Which matched routes' loaders run (all of them when absent); the others keep `previous`. */
  shouldLoad?: (match: RouteMatch) => boolean;
  previous?: Record<string, unknown>;
}

/**
 * One pass of the data router: the screens' code, the action for a POST (the deepest route's), then
 * the loaders, side by side. A thrown redirect ends it; an error stops the page at the nearest route
 * that shows errors, and the routes below it are neither loaded nor drawn.
 */
export async function load(matched: RouteMatch[], options: LoadOptions): Promise<LoadResult | Redirect> {
  const { request, context, cache, shouldLoad = () => true } = options;
  const { matches, failed } = await resolveMatches(matched, cache);
  const errors: Record<string, unknown> = {};
  let statusCode = 200;
  let stopAt = matches.length;
  const fail = (index: number, error: unknown) => {
    const boundary = boundaryIndex(matches, index);
    if (boundary >= stopAt) return;
    stopAt = boundary;
    for (const id of Object.keys(errors)) delete errors[id];
    errors[matches[boundary]!.id] = error;
    statusCode = error instanceof ErrorResponse ? error.status : 500;
  };
  if (failed) fail(failed.index, failed.error);

  try {
    let actionData: Record<string, unknown> | null = null;
    if (request.method !== 'GET' && request.method !== 'HEAD' && stopAt === matches.length) {
      const target = matches[matches.length - 1]!;
      const action = target.route.action;
      const result = action
        ? await outcome(() => action({ request, params: target.params, context }))
        : { error: new ErrorResponse(405, 'Method Not Allowed', null) };
      if ('error' in result) fail(matches.length - 1, result.error);
      else {
        actionData = { [target.id]: result.data };
        if (result.status) statusCode = result.status;
      }
    }

    const loaderData: Record<string, unknown> = {};
    const loading = matches.map(async (match, index) => {
      if (index >= stopAt || !match.route.loader) return;
      if (!shouldLoad(match)) {
        if (options.previous && match.id in options.previous) loaderData[match.id] = options.previous[match.id];
        return;
      }
      const loader = match.route.loader;
      const result = await outcome(() => loader({ request, params: match.params, context }));
      if ('error' in result) fail(index, result.error);
      else loaderData[match.id] = result.data;
    });
    await Promise.all(loading);
    for (const [index, match] of matches.entries()) if (index > stopAt) delete loaderData[match.id];
    return { matches, loaderData, actionData, errors: Object.keys(errors).length ? errors : null, statusCode };
  } catch (signal) {
    if (signal instanceof RedirectSignal) return signal.redirect;
    throw signal;
  }
}

export const isRedirectResult = (result: LoadResult | Redirect): result is Redirect => 'location' in result;
