import type { RouteObject } from 'react-router';
import { paths, routePath } from '../../../lib/paths';
import { queryClient } from '../../../lib/query-client';
import { jobQueryOptions } from '../../../lib/job-query';
import { jobsQueryOptions } from '../api/get-jobs';
import { filtersFromParams } from '../components/use-job-filters';

const list = () => import('./jobs-list').then((m) => ({ Component: m.default }));
const postJob = () => import('./post-job').then((m) => ({ Component: m.default }));
const dashboard = () => import('./employer-dashboard').then((m) => ({ Component: m.default }));

// The loaders start the data request while the screen's code is still downloading, instead of after
// it, which saves a round trip on slow networks. They never wait: the screen shows its own loading state.
const prefetchList = ({ request }: { request: Request }) => {
  void queryClient.prefetchInfiniteQuery(jobsQueryOptions(filtersFromParams(new URL(request.url).searchParams)));
  return null;
};
const prefetchJob = ({ params }: { params: Record<string, string | undefined> }) => {
  const id = params.id ?? params.jobId;
  if (id) void queryClient.prefetchQuery(jobQueryOptions(id));
  return null;
};

// A filter change only rewrites the query string: the screen's own query fetches it. Running the
// loader there too would make each change a pending navigation that the next change cancels.
const onlyOnArrival = ({ currentUrl, nextUrl }: { currentUrl: URL; nextUrl: URL }) => currentUrl.pathname !== nextUrl.pathname;

export const jobsRoutes: RouteObject[] = [
  { path: routePath(paths.jobs.pattern), loader: prefetchList, shouldRevalidate: onlyOnArrival, lazy: list },
  { path: routePath(paths.jobs.alias), loader: prefetchList, shouldRevalidate: onlyOnArrival, lazy: list },
  { path: routePath(paths.job.pattern), loader: prefetchJob, lazy: () => import('./job-detail').then((m) => ({ Component: m.default })) },
  { path: routePath(paths.postJob.pattern), lazy: postJob },
  { path: routePath(paths.editJob.pattern), loader: prefetchJob, lazy: postJob },
  { path: routePath(paths.employerDashboard.pattern), lazy: dashboard },
  { path: routePath(paths.employerDashboard.alias), lazy: dashboard },
];
