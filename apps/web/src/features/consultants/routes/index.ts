import type { RouteObject } from '../../../lib/router';
import { withParams, type RouteHandle } from '../../../lib/head';
import { paths, routePath } from '../../../lib/paths';
import { onlyOnArrival, preload } from '../../../lib/query-client';
import { consultantsQueryOptions } from '../api/get-consultants';
import { filtersFromParams } from '../components/use-consultant-filters';

// In the browser the loader starts the first page while the screen's code downloads and never
// waits; on the server it waits, so the HTML holds the directory (lib/query-client.ts).
const loadList: RouteObject['loader'] = ({ request, context }) =>
  preload(context, (client) => client.prefetchInfiniteQuery(consultantsQueryOptions(filtersFromParams(new URL(request.url).searchParams))));
const setup = () => import('./consultant-setup');

const directoryHandle = (titleKey: string, path: string): RouteHandle => ({
  ssr: true,
  head: ({ t, search }) => ({
    title: t(titleKey),
    description: t('head.consultantsDescription'),
    canonical: withParams(path, search, ['specialty', 'country']),
  }),
});

export const consultantsRoutes: RouteObject[] = [
  {
    path: routePath(paths.consultants.pattern),
    loader: loadList,
    shouldRevalidate: onlyOnArrival,
    handle: directoryHandle('consultants:findTitle', paths.consultants.to()),
    lazy: () => import('./consultants-list').then((m) => ({ Component: m.default })),
  },
  {
    path: routePath(paths.hireConsultant.pattern),
    loader: loadList,
    shouldRevalidate: onlyOnArrival,
    handle: directoryHandle('consultants:hireTitle', paths.hireConsultant.to()),
    lazy: () => import('./hire-consultant').then((m) => ({ Component: m.default })),
  },
  { path: routePath(paths.consultantProfile.pattern), lazy: () => setup().then((m) => ({ Component: m.ConsultantProfileScreen })) },
  { path: routePath(paths.consultantForm.pattern), lazy: () => setup().then((m) => ({ Component: m.ConsultantFormScreen })) },
  { path: routePath(paths.consultantDashboard.pattern), lazy: () => import('./consultant-dashboard').then((m) => ({ Component: m.default })) },
  { path: routePath(paths.myClientRequests.pattern), lazy: () => import('./my-client-requests').then((m) => ({ Component: m.default })) },
  { path: routePath(paths.clientRequests.pattern), lazy: () => import('./client-requests').then((m) => ({ Component: m.default })) },
];
