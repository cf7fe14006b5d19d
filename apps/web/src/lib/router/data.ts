// The router's vocabulary: routes, what loaders and actions receive and return, and the errors they
// throw. The names and shapes follow React Router's data routers, which the app was built on
// (docs/decisions/0056-our-own-data-router.md), so a screen reads as it did.
import type { ComponentType, ReactNode } from 'react';

export type Params = Record<string, string | undefined>;

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What the navigation carried (`navigate(to, { state })`), kept in the history entry. */
  state: unknown;
  /** One per history entry: 'default' for the page the browser loaded. */
  key: string;
}

/** A value in a loader's or an action's context, typed by its key (createContext). */
export interface RouterContext<T> {
  readonly defaultValue?: T;
}

export function createContext<T>(defaultValue?: T): RouterContext<T> {
  return { defaultValue };
}

/** What loaders and actions share for one request or navigation: the page's QueryClient, a form's echo. */
export class RouterContextProvider {
  #values = new Map<RouterContext<unknown>, unknown>();
  get<T>(context: RouterContext<T>): T {
    if (this.#values.has(context)) return this.#values.get(context) as T;
    if (context.defaultValue !== undefined) return context.defaultValue;
    throw new Error('no value in the router context for this key');
  }
  set<T>(context: RouterContext<T>, value: T): void {
    this.#values.set(context, value);
  }
}

export interface LoaderFunctionArgs {
  request: Request;
  params: Params;
  context: Readonly<RouterContextProvider>;
}
export type LoaderFunction = (args: LoaderFunctionArgs) => unknown;
export type ActionFunction = LoaderFunction;

export interface ShouldRevalidateArgs {
  currentUrl: URL;
  nextUrl: URL;
  currentParams: Params;
  nextParams: Params;
  defaultShouldRevalidate: boolean;
}

export interface RouteObject {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  Component?: ComponentType | null;
  /** Shown in place of this route (and its children) when one of them throws or fails to load. */
  errorElement?: ReactNode;
  loader?: LoaderFunction;
  /** Runs for a POST to the route (only the server posts: a page form answered without scripts). */
  action?: ActionFunction;
  /** The screen's code, fetched when the route is first matched; its fields are merged into the route. */
  lazy?: () => Promise<Partial<RouteObject>>;
  handle?: unknown;
  /**
   * An address the server answers (it acts and redirects, e.g. /continue): a navigation to it is a
   * full page load, never a screen of the app.
   */
  document?: boolean;
  /** Whether a navigation that keeps this route on screen runs its loader again. */
  shouldRevalidate?: (args: ShouldRevalidateArgs) => boolean;
  children?: RouteObject[];
}

/** What the browser picks up from the server: route data and errors, by route id. */
export interface HydrationState {
  loaderData: Record<string, unknown>;
  actionData: Record<string, unknown> | null;
  errors: Record<string, unknown> | null;
}

/** A value with the status (and headers) its answer should have: `data(value, { status: 404 })`. */
export class DataWithResponseInit<T = unknown> {
  constructor(
    readonly data: T,
    readonly init: ResponseInit,
  ) {}
}

export function data<T>(value: T, init?: number | ResponseInit): DataWithResponseInit<T> {
  return new DataWithResponseInit(value, typeof init === 'number' ? { status: init } : (init ?? {}));
}

/** A navigation elsewhere, returned or thrown by a loader; the server answers it with this status. */
export function redirect(url: string, status = 302): Response {
  return new Response(null, { status, headers: { Location: url } });
}

/** An error a loader or action threw on purpose, with a status: the not-found screen reads a 404's data. */
export class ErrorResponse {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly data: unknown,
    readonly internal = false,
  ) {}
}

export function isRouteErrorResponse(error: unknown): error is ErrorResponse {
  return error instanceof ErrorResponse;
}
