import type { RouteObject } from '../../../lib/router';
import type { Ad } from '@caribconnect/shared';
import { summary, withParams, type RouteHandle } from '../../../lib/head';
import { paths, routePath } from '../../../lib/paths';
import { onlyOnArrival, preload, preloadOr404, type NotFoundTitle } from '../../../lib/query-client';
import { adQueryOptions } from '../api/get-ad';
import { adsQueryOptions } from '../api/get-ads';
import { adCategoriesQueryOptions } from '../api/get-ad-categories';
import { adKeys } from '../api/keys';
import { filtersFromParams } from '../components/use-ad-filters';

const list = () => import('./ads-list').then((m) => ({ Component: m.default }));
const edit = () => import('./edit-ad').then((m) => ({ Component: m.default }));

// In the browser the loaders start the data request while the screen's code downloads and never
// wait; on the server they wait, so the HTML holds the ads (lib/query-client.ts).
// The categories come along, so the HTML holds the choice and a category in the URL shows as chosen.
const loadList: RouteObject['loader'] = ({ request, context }) =>
  preload(context, (client) =>
    Promise.all([
      client.prefetchInfiniteQuery(adsQueryOptions(filtersFromParams(new URL(request.url).searchParams))),
      client.prefetchQuery(adCategoriesQueryOptions()),
    ]),
  );
const adId = (params: Record<string, string | undefined>) => params.id ?? params.adId;
const adLoader =
  (title: NotFoundTitle): RouteObject['loader'] =>
  ({ params, context }) => {
    const id = adId(params);
    return id ? preloadOr404(context, (client) => client.ensureQueryData(adQueryOptions(id)), title) : null;
  };
const loadAd = adLoader({ ns: 'ads', key: 'detail.notFound' });
// Edit Ad says a missing ad as it does after a client navigation (someone else's reads the same).
const loadEditAd = adLoader({ ns: 'ads', key: 'form.notFoundOrDenied', heading: 'form.editTitle' });

const listHandle: RouteHandle = {
  ssr: true,
  head: ({ t, search }) => ({
    title: t('ads:listTitle'),
    description: t('head.adsDescription'),
    canonical: withParams(paths.ads.to(), search, ['category', 'country']),
  }),
};

const adHandle: RouteHandle = {
  ssr: true,
  head: ({ params, queryClient }) => {
    const id = adId(params);
    const ad = id ? queryClient.getQueryData<Ad>(adKeys.detail(id)) : undefined;
    return id && ad ? { title: ad.title, description: summary(ad.description), canonical: paths.ad.to(id), adProduct: ad } : {};
  },
};

export const adsRoutes: RouteObject[] = [
  { path: routePath(paths.ads.pattern), loader: loadList, shouldRevalidate: onlyOnArrival, handle: listHandle, lazy: list },
  { path: routePath(paths.ads.alias), loader: loadList, shouldRevalidate: onlyOnArrival, handle: listHandle, lazy: list },
  { path: routePath(paths.postAd.pattern), lazy: () => import('./post-ad').then((m) => ({ Component: m.default })) },
  { path: routePath(paths.editAd.pattern), loader: loadEditAd, lazy: edit },
  { path: routePath(paths.editAd.alias), loader: loadEditAd, lazy: edit },
  { path: routePath(paths.ad.pattern), loader: loadAd, handle: adHandle, lazy: () => import('./ad-detail').then((m) => ({ Component: m.default })) },
];
