import type { RouteObject } from '../../../lib/router';
import { redirect } from '../../../lib/router';
import { api } from '../../../lib/api-client';
import type { Company } from '@caribconnect/shared';
import { summary, withParams, type RouteHandle } from '../../../lib/head';
import { paths, routePath } from '../../../lib/paths';
import { onlyOnArrival, preload, preloadOr404, queryClientContext } from '../../../lib/query-client';
import { companiesQueryOptions, filtersFromParams } from '../api/get-companies';
import { companyJobsQueryOptions, companyQueryOptions } from '../api/get-company';
import { companyKeys } from '../api/keys';
import { invitationQueryOptions } from '../api/get-invitation';
import { formEchoAction } from '../../../lib/form-post';

const loadList: RouteObject['loader'] = ({ request, context }) =>
  preload(context, (client) => client.prefetchInfiniteQuery(companiesQueryOptions(filtersFromParams(new URL(request.url).searchParams))));

/**
 * A company's page, with its first page of open jobs. An old slug (the company was renamed) answers
 * 301 to the current address, on the server and after a client navigation alike.
 */
const loadCompany: RouteObject['loader'] = async ({ params, context }) => {
  const slug = params.slug;
  if (!slug) return null;
  await preloadOr404(
    context,
    (client) => Promise.all([client.ensureQueryData(companyQueryOptions(slug)), client.prefetchInfiniteQuery(companyJobsQueryOptions(slug))]),
    { ns: 'companies', key: 'notFound' },
  );
  const found = context.get(queryClientContext).getQueryData<Company>(companyKeys.detail(slug));
  if (found && found.slug !== slug) throw redirect(paths.company.to(found.slug), 301);
  return null;
};

const listHandle: RouteHandle = {
  ssr: true,
  head: ({ t, search }) => ({
    title: t('companies:listTitle'),
    description: t('companies:listDescription'),
    canonical: withParams(paths.companies.to(), search, ['country', 'industry']),
  }),
};

const companyHandle: RouteHandle = {
  ssr: true,
  head: ({ params, queryClient }) => {
    const company = params.slug ? queryClient.getQueryData<Company>(companyKeys.detail(params.slug)) : undefined;
    return company
      ? { title: company.name, description: summary(company.about || company.name), canonical: paths.company.to(company.slug), organization: company }
      : {};
  },
};

/** An invitation's page: drawn on the server, refusals included (they are the page's answer, not an error). */
const loadInvitation: RouteObject['loader'] = ({ params, context }) =>
  params.token ? preload(context, (client) => client.prefetchQuery(invitationQueryOptions(params.token!))) : null;

const invitationHandle: RouteHandle = { ssr: true, head: ({ t }) => ({ title: t('companies:invitation.title') }) };

/**
 * Where Log In sends a person who pressed Follow signed out, when it navigates in the browser (a full
 * page load is answered by the server, which follows and redirects the same way).
 */
const continueFollow: RouteObject['loader'] = async ({ params }) => {
  const slug = params.slug ?? '';
  await api(`/api/companies/${encodeURIComponent(slug)}/follow`, { method: 'PUT', body: { email: false } }).catch(() => undefined);
  return redirect(paths.company.to(slug));
};

export const companiesRoutes: RouteObject[] = [
  { path: 'companies/:slug/follow/continue', loader: continueFollow, Component: () => null },
  {
    path: routePath(paths.invitation.pattern),
    loader: loadInvitation,
    handle: invitationHandle,
    // Join posted before the scripts ran and refused: the page comes back with the reason (lib/form-post.ts).
    action: formEchoAction,
    lazy: () => import('./invitation').then((m) => ({ Component: m.default })),
  },
  { path: routePath(paths.companyTeam.pattern), lazy: () => import('./team').then((m) => ({ Component: m.default })) },
  { path: routePath(paths.companySettings.pattern), lazy: () => import('./company-settings').then((m) => ({ Component: m.default })) },
  {
    path: routePath(paths.companies.pattern),
    loader: loadList,
    shouldRevalidate: onlyOnArrival,
    handle: listHandle,
    lazy: () => import('./companies-list').then((m) => ({ Component: m.default })),
  },
  {
    path: routePath(paths.company.pattern),
    loader: loadCompany,
    // Follow posted before the scripts ran and refused: the page comes back with the reason.
    action: formEchoAction,
    handle: companyHandle,
    lazy: () => import('./company-page').then((m) => ({ Component: m.default })),
  },
];
