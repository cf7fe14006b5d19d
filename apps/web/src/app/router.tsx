import type { RouteObject } from '../lib/router';
import { adsRoutes } from '../features/ads/routes';
import { adminRoutes } from '../features/admin/routes';
import { alertsRoutes } from '../features/alerts/routes';
import { blocksRoutes } from '../features/blocks/routes';
import { securityRoutes } from '../features/security/routes';
import { applicationsRoutes } from '../features/applications/routes';
import { authRoutes } from '../features/auth/routes';
import { consultantsRoutes } from '../features/consultants/routes';
import { companiesRoutes } from '../features/companies/routes';
import { feedbackRoutes } from '../features/feedback/routes';
import { homesRoutes } from '../features/homes/routes';
import { interviewsRoutes } from '../features/interviews/routes';
import { jobsRoutes } from '../features/jobs/routes';
import { messagesRoutes } from '../features/messages/routes';
import { notificationsRoutes } from '../features/notifications/routes';
import { pagesRoutes } from '../features/pages/routes';
import { resumesRoutes } from '../features/resumes/routes';
import { savedRoutes } from '../features/saved/routes';
import type { RouteHandle } from '../lib/head';
import { notFound, preload } from '../lib/query-client';
import { meQueryOptions } from '../lib/session';
import { withRetries } from '../lib/retry';
import { clientOnly } from './client-only';
import { DocumentHead } from './document-head';
import { AppLayout } from './layout/app-layout';
import { profileRoutes } from './routes/profile-routes';
import RouteError from './routes/route-error';

/**
 * Every screen's code is fetched again when a try fails (a dropped request on a mobile link), and
 * screens not marked `ssr` in their handle are drawn in the browser only (see client-only.tsx).
 */
function prepareScreens(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const lazy = route.lazy;
    if (typeof lazy !== 'function') return route;
    const ssr = (route.handle as RouteHandle | undefined)?.ssr;
    return {
      ...route,
      lazy: async () => {
        const screen = await withRetries(lazy);
        return screen.Component && !ssr ? { ...screen, Component: clientOnly(screen.Component) } : screen;
      },
    } as RouteObject;
  });
}

const notFoundHandle: RouteHandle = { ssr: true, head: ({ t }) => ({ title: t('notFound.title') }) };

/**
 * Every screen is its own chunk (lazy routes); each feature lists its own routes. The same objects
 * serve the browser router (entry-client.tsx) and the server's static handler (entry-server.tsx), so
 * route ids, and with them the hydration data, agree.
 */
export const routes: RouteObject[] = [
  {
    element: (
      <>
        <DocumentHead />
        <AppLayout />
      </>
    ),
    errorElement: <RouteError />,
    // Who is signed in, for the header: the server renders it as the person will see it.
    loader: ({ context }) => preload(context, (client) => client.prefetchQuery(meQueryOptions())),
    shouldRevalidate: () => false,
    children: [
      {
        // Inside the layout, so an error or a 404 keeps the header and navigation.
        errorElement: <RouteError />,
        children: prepareScreens([
          ...pagesRoutes,
          ...authRoutes,
          ...homesRoutes,
          ...profileRoutes,
          ...feedbackRoutes,
          ...jobsRoutes,
          ...applicationsRoutes,
          ...resumesRoutes,
          ...interviewsRoutes,
          ...consultantsRoutes,
          ...companiesRoutes,
          ...messagesRoutes,
          ...adsRoutes,
          ...adminRoutes,
          ...savedRoutes,
          ...alertsRoutes,
          ...notificationsRoutes,
          ...blocksRoutes,
          ...securityRoutes,
          {
            path: '*',
            handle: notFoundHandle,
            loader: () => {
              throw notFound();
            },
          },
        ]),
      },
    ],
  },
];
