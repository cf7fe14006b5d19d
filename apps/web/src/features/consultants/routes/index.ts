import type { RouteObject } from 'react-router';
import { paths, routePath } from '../../../lib/paths';
import { queryClient } from '../../../lib/query-client';
import { consultantsQueryOptions } from '../api/get-consultants';
import { filtersFromParams } from '../components/use-consultant-filters';

// The loader starts the first page while the screen's code is still downloading; it never waits.
const prefetchList = ({ request }: { request: Request }) => {
  void queryClient.prefetchInfiniteQuery(consultantsQueryOptions(filtersFromParams(new URL(request.url).searchParams)));
  return null;
};
// A filter change only rewrites the query string: the screen's own query fetches it.
const onlyOnArrival = ({ currentUrl, nextUrl }: { currentUrl: URL; nextUrl: URL }) => currentUrl.pathname !== nextUrl.pathname;
const setup = () => import('./consultant-setup');

export const consultantsRoutes: RouteObject[] = [
  {
    path: routePath(paths.consultants.pattern),
    loader: prefetchList,
    shouldRevalidate: onlyOnArrival,
    lazy: () => import('./consultants-list').then((m) => ({ Component: m.default })),
  },
  {
    path: routePath(paths.hireConsultant.pattern),
    loader: prefetchList,
    shouldRevalidate: onlyOnArrival,
    lazy: () => import('./hire-consultant').then((m) => ({ Component: m.default })),
  },
  { path: routePath(paths.consultantProfile.pattern), lazy: () => setup().then((m) => ({ Component: m.ConsultantProfileScreen })) },
  { path: routePath(paths.consultantForm.pattern), lazy: () => setup().then((m) => ({ Component: m.ConsultantFormScreen })) },
  { path: routePath(paths.consultantDashboard.pattern), lazy: () => import('./consultant-dashboard').then((m) => ({ Component: m.default })) },
  { path: routePath(paths.myClientRequests.pattern), lazy: () => import('./my-client-requests').then((m) => ({ Component: m.default })) },
  { path: routePath(paths.clientRequests.pattern), lazy: () => import('./client-requests').then((m) => ({ Component: m.default })) },
];
