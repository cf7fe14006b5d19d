import type { RouteObject } from '../../../lib/router';
import { isJobSeeker, type Job } from '@caribconnect/shared';
import { configQueryOptions } from '../../../lib/config';
import { formEchoAction } from '../../../lib/form-post';
import type { RouteHandle } from '../../../lib/head';
import { jobDetailKey, jobQueryOptions } from '../../../lib/job-query';
import { paths, routePath } from '../../../lib/paths';
import { onlyOnArrival, preload, preloadOr404 } from '../../../lib/query-client';
import { meQueryOptions } from '../../../lib/session';
import { savedResumeQueryOptions } from '../api/get-saved-resume';
import { myApplicationsQueryOptions } from '../api/get-my-applications';

const mine = () => import('./my-applications').then((m) => ({ Component: m.default }));

// My Applications is drawn on the server with the signed-in person's applications: a no-script Apply
// ends here (?submitted=1), and the page must say "Application submitted!" without scripts too.
const loadMine: RouteObject['loader'] = ({ context }) =>
  preload(context, async (client) => {
    const me = await client.ensureQueryData(meQueryOptions()).catch(() => null);
    if (me?.user) await client.prefetchInfiniteQuery(myApplicationsQueryOptions());
  });
const mineHandle: RouteHandle = { ssr: true, head: ({ t }) => ({ title: t('applications:mine.title') }) };

// Apply is drawn on the server with the person's session, the job, the upload cap and their saved
// resume, so the form can be filled in and sent before the scripts run (a multipart POST to this
// page; a failure comes back through the action, lib/form-post.ts). robots.txt keeps it unindexed.
const loadApply: RouteObject['loader'] = ({ params, context }) =>
  preloadOr404(
    context,
    async (client) => {
      const [, me] = await Promise.all([
        client.ensureQueryData(jobQueryOptions(params.jobId ?? '')),
        client.ensureQueryData(meQueryOptions()).catch(() => null),
        client.prefetchQuery(configQueryOptions()),
      ]);
      if (me?.user && isJobSeeker(me.user.role)) await client.prefetchQuery(savedResumeQueryOptions());
    },
    { ns: 'applications', key: 'apply.jobNotFound' },
  );

const applyHandle: RouteHandle = {
  ssr: true,
  head: ({ t, params, queryClient }) => {
    const job = params.jobId ? queryClient.getQueryData<Job>(jobDetailKey(params.jobId)) : undefined;
    return job ? { title: t('applications:apply.title', { title: job.title }) } : {};
  },
};

export const applicationsRoutes: RouteObject[] = [
  {
    path: routePath(paths.apply.pattern),
    loader: loadApply,
    handle: applyHandle,
    action: formEchoAction,
    lazy: () => import('./apply').then((m) => ({ Component: m.default })),
  },
  { path: routePath(paths.myApplications.pattern), loader: loadMine, handle: mineHandle, shouldRevalidate: onlyOnArrival, lazy: mine },
  { path: routePath(paths.myApplications.alias), loader: loadMine, handle: mineHandle, shouldRevalidate: onlyOnArrival, lazy: mine },
  { path: routePath(paths.applicants.pattern), lazy: () => import('./applicants').then((m) => ({ Component: m.default })) },
];
