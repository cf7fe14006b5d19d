import type { Params, RouteObject } from './data';

export interface RouteMatch {
  /** The route's place in the tree ('0', '0-0', '0-0-12'): the same on the server and in the browser. */
  id: string;
  route: RouteObject;
  params: Params;
  /** The part of the URL's path this route matched. */
  pathname: string;
}

interface Branch {
  /** From the root to the leaf. */
  routes: { route: RouteObject; id: string; segments: string[] }[];
  score: number;
}

const branchesOf = new WeakMap<RouteObject[], Branch[]>();

const segmentsOf = (path: string | undefined) => (path ?? '').split('/').filter(Boolean);

/**
 * The more specific a route, the higher: a static segment beats a parameter, which beats the
 * catch-all (`*`), as React Router ranks them. Ties go to the route listed first.
 */
function score(segments: string[], index: boolean): number {
  let total = segments.length + (index ? 2 : 0);
  for (const segment of segments) total += segment === '*' ? -2 : segment.startsWith(':') ? 3 : 10;
  return total;
}

/** Every leaf of the tree (and every route with a path, for a URL that ends there), best first. */
function branches(routes: RouteObject[]): Branch[] {
  let cached = branchesOf.get(routes);
  if (cached) return cached;
  const out: Branch[] = [];
  const walk = (list: RouteObject[], parents: Branch['routes'], parentId: string | null) => {
    list.forEach((route, i) => {
      const id = parentId === null ? String(i) : `${parentId}-${i}`;
      const chain = [...parents, { route, id, segments: segmentsOf(route.path) }];
      if (route.children?.length) walk(route.children, chain, id);
      // A layout with a path of its own is also a page; a pathless one is only a frame.
      if (!route.children?.length || route.path !== undefined) {
        const all = chain.flatMap((r) => r.segments);
        out.push({ routes: chain, score: score(all, route.index === true) });
      }
    });
  };
  walk(routes, [], null);
  cached = out
    .map((branch, order) => ({ branch, order }))
    .sort((a, b) => b.branch.score - a.branch.score || a.order - b.order)
    .map(({ branch }) => branch);
  branchesOf.set(routes, cached);
  return cached;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The branch's matches for these path segments, or null. Letters' case does not matter, as with React Router. */
function matchBranch(branch: Branch, parts: string[]): RouteMatch[] | null {
  const params: Params = {};
  const matches: RouteMatch[] = [];
  let at = 0;
  for (const { route, id, segments } of branch.routes) {
    for (const segment of segments) {
      if (segment === '*') {
        params['*'] = parts.slice(at).map(decode).join('/');
        at = parts.length;
        break;
      }
      const part = parts[at];
      if (part === undefined) return null;
      if (segment.startsWith(':')) params[segment.slice(1)] = decode(part);
      else if (segment.toLowerCase() !== decode(part).toLowerCase()) return null;
      at += 1;
    }
    matches.push({ id, route, params, pathname: `/${parts.slice(0, at).join('/')}` });
  }
  return at === parts.length ? matches.map((m) => ({ ...m, params: { ...params } })) : null;
}

/** The routes a path renders, from the root down, with the URL's parameters; null when none matches. */
export function matchRoutes(routes: RouteObject[], location: { pathname: string }): RouteMatch[] | null {
  const parts = location.pathname.split('/').filter(Boolean);
  for (const branch of branches(routes)) {
    const matches = matchBranch(branch, parts);
    if (matches) return matches;
  }
  return null;
}
