import './styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
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
import { warmUpIntl } from './lib/intl-warm-up';
import { rememberTextAreas } from './lib/hydrated';
import { storeInlineStyles } from './lib/inline-styles';
import { claimScreenStyles } from './lib/screen-styles';
import { afterHydrationTurns, HydrationBoundary, hydrateInTurns } from './lib/hydrate-in-turns';

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

// The page's first script asks for this file again if it has not run once the page is parsed (lib/first-scripts.ts).
window.caribconnectStarted = true;
// Before any screen's code is imported: the screen's stylesheets that came inside the page are not fetched again.
claimScreenStyles();

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
  // Hydrating formats the page's dates and amounts (a screen's own render does, not only its
  // parts): it waits for the worker to have loaded Intl's data, or for its deadline.
  await Promise.all([i18nReady, intl.ready]);
  // A task of its own for the render: parsing the page's data and running every module came before
  // it in one task, and hydrating the shell is one more (decision 0051; the parts follow in turns).
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
        <HydrationBoundary>
          <RouterProvider router={router} />
        </HydrationBoundary>
      </AppProvider>
    </StrictMode>
  );
  const root = document.getElementById('root')!;
  // The dev server (npm run dev:web) and a server without the SSR build send an empty root.
  if (server) {
    rememberTextAreas(root);
    hydrateInTurns(root, app);
  } else createRoot(root).render(app);
}

/** Lets the browser handle input and paint between two pieces of start-up work. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// The worker the page's first script started loads Intl's data, so that neither hydrating the
// page's dates and amounts nor finding the reader's zone pays for it here (lib/intl-warm-up.ts).
const intl = warmUpIntl();
const hydrated = new Promise<void>((resolve) => void start().finally(() => afterHydrationTurns(resolve)));
// The zone goes to the cookie as soon as it is known, so the pages the server renders from then on
// show dates in it; without the worker's answer, the page reads it itself once it has hydrated.
const sentZone = ssrData()?.sent?.timeZone;
void intl.zone.then((zone) => (zone ? rememberTimeZone(zone, sentZone) : hydrated.then(() => rememberTimeZone(undefined, sentZone))));
// The first visit's language cookie can wait: the page arrived in that language already; so can
// storing the stylesheet that came inside the page: both follow the last part of the page to hydrate.
void hydrated.then(() => {
  rememberFirstLanguage();
  storeInlineStyles();
});
registerServiceWorker();
