import { QueryClient } from '@tanstack/react-query';
import { createContext, data, type RouterContextProvider } from './router';
import { ApiError } from './api-client';

/**
 * One QueryClient per page render on the server (a visitor's data never reaches another's page), the
 * one `queryClient` below in the browser.
 *
 * networkMode 'always': requests go out even when the browser believes it is offline, and fail
 * with a message a person can act on, instead of pausing silently with a spinner (navigator.onLine
 * is unreliable on flaky mobile links anyway).
 */
export function createQueryClient({ server = false } = {}) {
  return new QueryClient({
    defaultOptions: {
      mutations: { networkMode: 'always' },
      queries: {
        networkMode: 'always',
        staleTime: 30_000,
        refetchOnWindowFocus: true,
        // 4xx answers will not change on retry; network hiccups on slow links might. The server does
        // not retry: the API is in-process, and the browser tries again anyway.
        retry: server ? false : (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
      },
    },
  });
}

/** The browser's client. Server code never uses it: it reads the request's client from the router context. */
export const queryClient: QueryClient = import.meta.env.SSR ? (undefined as unknown as QueryClient) : createQueryClient();

/** How route loaders reach the page's QueryClient (set by entry-client.tsx and entry-server.tsx). */
export const queryClientContext = createContext<QueryClient>();

type Context = Readonly<RouterContextProvider>;

/**
 * A loader's data request. In the browser it only starts the request, while the screen's code is
 * still downloading (it saves a round trip on slow networks), and the screen shows its own loading
 * state. On the server it waits, so the HTML holds the data; a failure there is left to the browser,
 * which asks again (a failed query is not sent with the page).
 */
export async function preload(context: Context, load: (client: QueryClient) => Promise<unknown>): Promise<null> {
  const done = load(context.get(queryClientContext));
  if (import.meta.env.SSR) await done.catch(() => undefined);
  else void done.catch(() => undefined);
  return null;
}

/**
 * A list's loader runs when the person arrives, not when a filter rewrites the query string: the
 * screen's own query fetches the new page. Running it there too would make each change a navigation
 * that waits on it.
 */
export const onlyOnArrival = ({ currentUrl, nextUrl }: { currentUrl: URL; nextUrl: URL }) => currentUrl.pathname !== nextUrl.pathname;

/**
 * What a not-found screen says, by catalog key: the detail screen's own sentence ('Job not found.')
 * as its heading, or, with `heading`, the screen's own heading ('Edit Ad') over that sentence, as the
 * screen itself shows a missing record after a client navigation.
 */
export interface NotFoundTitle {
  ns: string;
  key: string;
  heading?: string;
}

/**
 * A detail screen's loader: like `preload`, but on the server a record the API says does not exist
 * becomes the router's 404, so the page answers HTTP 404 with the not-found screen, titled as the
 * screen itself says it (the browser's screen shows the same words on a client navigation).
 */
export async function preloadOr404(context: Context, load: (client: QueryClient) => Promise<unknown>, title?: NotFoundTitle): Promise<null> {
  if (!import.meta.env.SSR) return preload(context, load);
  try {
    await load(context.get(queryClientContext));
  } catch (err) {
    // A malformed id is as missing as an unknown one.
    if (err instanceof ApiError && (err.status === 404 || err.status === 400)) throw notFound(title);
  }
  return null;
}

/** The router's 404: rendered by the route error boundary as the not-found screen. */
export function notFound(title?: NotFoundTitle) {
  return data(title ?? null, { status: 404, statusText: 'Not Found' });
}
