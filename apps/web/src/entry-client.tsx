import './styles';
import { StrictMode, Suspense } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, ErrorResponse, preloadScreens, RouterContextProvider, RouterProvider, type HydrationState } from './lib/router';
import { hydrate } from '@tanstack/react-query';
import { i18nReady, rememberFirstLanguage } from './lib/i18n';
import { queryClient, queryClientContext } from './lib/query-client';
import { ssrData } from './lib/ssr-data';
import { AppProvider } from './app/provider';
import { routes } from './app/router';
import { registerServiceWorker } from './lib/service-worker';
import { loadCountryCodes, loadCountryNames } from './lib/country-name';
import { rememberTimeZone } from './lib/time-zone';
import { formatDate } from './lib/format-date';
import { intlLocale } from './lib/language';
import { rememberTextAreas } from './lib/hydrated';
import { storeInlineStyles } from './lib/inline-styles';
import { afterHydrationTurns, hydrateInTurns } from './lib/hydrate-in-turns';

/** The route errors the server rendered (a 404), back as the objects the router hands to error elements. */
function routerState(state: HydrationState): HydrationState {
  const errors: Record<string, unknown> = {};
  for (const [id, value] of Object.entries(state.errors ?? {})) {
    const error = value as { __type?: string; status: number; statusText: string; data: unknown; internal?: boolean; message: string };
    if (error?.__type === 'RouteErrorResponse') errors[id] = new ErrorResponse(error.status, error.statusText, error.data, error.internal === true);
    else if (error?.__type === 'Error') errors[id] = Object.assign(new Error(error.message), { stack: '' });
    else errors[id] = error;
  }
  return { ...state, errors: state.errors ? errors : null };
}

async function start() {
  const ssr = ssrData();
  // The page hydrates what the server drew unless a screen's code could not be fetched (retries
  // included): then the app draws itself, and the screen's error says so with a Retry, instead of
  // leaving the server's "Loading..." in place for good.
  let server = ssr;
  if (ssr) {
    hydrate(queryClient, ssr.queries);
    // The page's lazy screens must be in place before hydrating, or the first render would differ
    // from the server's HTML; their chunks are preloaded by the page's <link rel="modulepreload">.
    await Promise.all([
      preloadScreens(routes, window.location),
      // The server named countries with the ISO table in any language but English (lib/country-name.ts).
      ssr.language.startsWith('en') ? undefined : loadCountryCodes(),
      // Its own names, for a language the runtime cannot name countries in (Haitian Creole).
      loadCountryNames(ssr.language),
    ]).catch(() => (server = null));
  }
  await i18nReady;
  // A task of its own for the render: parsing the page's data and running every module came before
  // it in one task, and hydrating is one more that Preact does not split (decision 0051).
  await nextTask();
  const router = createBrowserRouter(routes, {
    hydrationData: server ? routerState(server.router) : undefined,
    getContext() {
      const context = new RouterContextProvider();
      context.set(queryClientContext, queryClient);
      return context;
    },
  });
  const app = (
    <StrictMode>
      <AppProvider>
        <Suspense>
          <RouterProvider router={router} />
        </Suspense>
      </AppProvider>
    </StrictMode>
  );
  const root = document.getElementById('root')!;
  // The dev server (npm run dev:web) and a server without the SSR build send an empty root.
  if (server) {
    rememberTextAreas(root);
    hydrateInTurns(() => hydrateRoot(root, app));
  } else createRoot(root).render(app);
}

/** Lets the browser handle input and paint between two pieces of start-up work. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// First, so the pages the server renders from now on show dates in this reader's zone. In a task of
// its own before hydration, with a number formatter: a page's first Intl objects load the runtime's
// date and number data (20-50 ms on a phone), which hydrating the page's dates and counts would
// otherwise pay inside its own tasks (decision 0059).
setTimeout(() => {
  rememberTimeZone();
  const language = document.documentElement.lang || 'en';
  new Intl.NumberFormat(intlLocale(language)).format(0);
  // The formatter of the page's dates, kept for the render.
  formatDate(new Date().toISOString(), language);
}, 0);
// The first visit's language cookie can wait: the page arrived in that language already; so can
// storing the stylesheet that came inside the page: both follow the last part of the page to hydrate.
void start().finally(() =>
  afterHydrationTurns(() => {
    rememberFirstLanguage();
    storeInlineStyles();
  }),
);
registerServiceWorker();
