import type { RouteObject } from '../../../lib/router';
import type { Job } from '@caribconnect/shared';
import { summary, withParams, type RouteHandle } from '../../../lib/head';
import { paths, routePath } from '../../../lib/paths';
import { onlyOnArrival, preload, preloadOr404 } from '../../../lib/query-client';
import { meQueryOptions } from '../../../lib/session';
import { jobsForYouQueryOptions } from '../api/get-jobs-for-you';
import { candidatesQueryOptions } from '../api/candidates';
import { jobDetailKey, jobQueryOptions } from '../../../lib/job-query';
import { jobsQueryOptions } from '../api/get-jobs';
import { jobCategoriesQueryOptions, jobCountriesQueryOptions } from '../api/filter-choices';
import { filtersFromParams } from '../components/use-job-filters';

const list = () => import('./jobs-list').then((m) => ({ Component: m.default }));
const postJob = () => import('./post-job').then((m) => ({ Component: m.default }));
const forYou = () => import('./jobs-for-you').then((m) => ({ Component: m.default }));
const candidates = () => import('./job-candidates').then((m) => ({ Component: m.default }));
const dashboard = () => import('./employer-dashboard').then((m) => ({ Component: m.default }));

// In the browser the loaders start the data request while the screen's code is still downloading
// (a round trip saved on slow networks) and never wait; on the server they wait, so the HTML holds
// the jobs (lib/query-client.ts).
// The filters' choices come along, so the HTML shows a category or country from the URL as chosen.
const loadList: RouteObject['loader'] = ({ request, context }) =>
  preload(context, (client) =>
    Promise.all([
      client.prefetchInfiniteQuery(jobsQueryOptions(filtersFromParams(new URL(request.url).searchParams))),
      client.prefetchQuery(jobCategoriesQueryOptions()),
      client.prefetchQuery(jobCountriesQueryOptions()),
    ]),
  );
const jobId = (params: Record<string, string | undefined>) => params.id ?? params.jobId;
const loadJob: RouteObject['loader'] = ({ params, context }) => {
  const id = jobId(params);
  return id ? preloadOr404(context, (client) => client.ensureQueryData(jobQueryOptions(id)), { ns: 'jobs', key: 'jobNotFound' }) : null;
};

// Jobs for you is drawn on the server with the person's session, like their other pages.
const loadForYou: RouteObject['loader'] = ({ context }) =>
  preload(context, async (client) => {
    const me = await client.ensureQueryData(meQueryOptions()).catch(() => null);
    if (me?.user) await client.prefetchQuery(jobsForYouQueryOptions());
  });
const forYouHandle: RouteHandle = { ssr: true, head: ({ t }) => ({ title: t('jobs:forYou.title') }) };

// Candidates are drawn on the server for the job's team, with the job's title.
const loadCandidates: RouteObject['loader'] = ({ params, context }) =>
  preload(context, async (client) => {
    const me = await client.ensureQueryData(meQueryOptions()).catch(() => null);
    if (!me?.user || !params.jobId) return;
    await Promise.all([client.prefetchQuery(candidatesQueryOptions(params.jobId)), client.prefetchQuery(jobQueryOptions(params.jobId))]);
  });
const candidatesHandle: RouteHandle = { ssr: true, head: ({ t }) => ({ title: t('jobs:candidates.title') }) };

const listHandle: RouteHandle = {
  ssr: true,
  head: ({ t, search }) => ({
    title: t('jobs:listTitle'),
    description: t('head.jobsDescription'),
    // A category or a country is a page of its own for search engines; typed text and dates are not.
    canonical: withParams(paths.jobs.to(), search, ['category', 'country']),
  }),
};

const jobHandle: RouteHandle = {
  ssr: true,
  head: ({ params, queryClient }) => {
    const id = jobId(params);
    const job = id ? queryClient.getQueryData<Job>(jobDetailKey(id)) : undefined;
    if (!id || !job) return {};
    const path = paths.job.to(id);
    return {
      title: job.title,
      description: summary(`${job.company} · ${job.country}. ${job.description}`),
      canonical: path,
      jobPosting: job,
    };
  },
};

export const jobsRoutes: RouteObject[] = [
  { path: routePath(paths.jobs.pattern), loader: loadList, shouldRevalidate: onlyOnArrival, handle: listHandle, lazy: list },
  { path: routePath(paths.jobs.alias), loader: loadList, shouldRevalidate: onlyOnArrival, handle: listHandle, lazy: list },
  { path: routePath(paths.jobsForYou.pattern), loader: loadForYou, handle: forYouHandle, lazy: forYou },
  { path: routePath(paths.job.pattern), loader: loadJob, handle: jobHandle, lazy: () => import('./job-detail').then((m) => ({ Component: m.default })) },
  { path: routePath(paths.postJob.pattern), lazy: postJob },
  { path: routePath(paths.editJob.pattern), loader: loadJob, lazy: postJob },
  { path: routePath(paths.candidates.pattern), loader: loadCandidates, handle: candidatesHandle, lazy: candidates },
  { path: routePath(paths.employerDashboard.pattern), lazy: dashboard },
  { path: routePath(paths.employerDashboard.alias), lazy: dashboard },
];
