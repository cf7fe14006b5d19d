import type { RouteObject } from '../../../lib/router';
import type { RouteHandle } from '../../../lib/head';
import { paths, routePath } from '../../../lib/paths';

const page = (titleKey?: string): RouteHandle => ({
  ssr: true,
  head: ({ t }) => ({ title: titleKey ? t(titleKey) : undefined, description: t('head.welcomeDescription') }),
});

export const pagesRoutes: RouteObject[] = [
  { index: true, handle: page(), lazy: () => import('./welcome').then((m) => ({ Component: m.default })) },
  { path: routePath(paths.faq.pattern), handle: page('pages:faq.title'), lazy: () => import('./faq').then((m) => ({ Component: m.default })) },
  { path: routePath(paths.about.pattern), handle: page('pages:about.title'), lazy: () => import('./about').then((m) => ({ Component: m.default })) },
  { path: routePath(paths.terms.pattern), handle: page('pages:terms.title'), lazy: () => import('./terms').then((m) => ({ Component: m.default })) },
];
