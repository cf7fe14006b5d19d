import type { RouteObject } from 'react-router';
import { paths, routePath } from '../../../lib/paths';
import { queryClient } from '../../../lib/query-client';
import { adQueryOptions } from '../api/get-ad';
import { adsQueryOptions } from '../api/get-ads';
import { filtersFromParams } from '../components/use-ad-filters';

const list = () => import('./ads-list').then((m) => ({ Component: m.default }));
const edit = () => import('./edit-ad').then((m) => ({ Component: m.default }));

// The loaders start the data request while the screen's code downloads; they never wait.
const prefetchList = ({ request }: { request: Request }) => {
  void queryClient.prefetchInfiniteQuery(adsQueryOptions(filtersFromParams(new URL(request.url).searchParams)));
  return null;
};
const prefetchAd = ({ params }: { params: Record<string, string | undefined> }) => {
  const id = params.id ?? params.adId;
  if (id) void queryClient.prefetchQuery(adQueryOptions(id));
  return null;
};
// A search or category change only rewrites the query string; the screen's own query fetches it.
const onlyOnArrival = ({ currentUrl, nextUrl }: { currentUrl: URL; nextUrl: URL }) => currentUrl.pathname !== nextUrl.pathname;

export const adsRoutes: RouteObject[] = [
  { path: routePath(paths.ads.pattern), loader: prefetchList, shouldRevalidate: onlyOnArrival, lazy: list },
  { path: routePath(paths.ads.alias), loader: prefetchList, shouldRevalidate: onlyOnArrival, lazy: list },
  { path: routePath(paths.postAd.pattern), lazy: () => import('./post-ad').then((m) => ({ Component: m.default })) },
  { path: routePath(paths.editAd.pattern), loader: prefetchAd, lazy: edit },
  { path: routePath(paths.editAd.alias), loader: prefetchAd, lazy: edit },
  { path: routePath(paths.ad.pattern), loader: prefetchAd, lazy: () => import('./ad-detail').then((m) => ({ Component: m.default })) },
];
