import type { RouteObject } from '../../lib/router';
import type { Profile } from '@caribconnect/shared';
import { profileQueryOptions } from '../../features/profiles/api/get-profile';
import { summary, type RouteHandle } from '../../lib/head';
import { paths, routePath } from '../../lib/paths';
import { preloadOr404 } from '../../lib/query-client';

const profile = () => import('./profile').then((m) => ({ Component: m.default }));

// Anyone may read a profile (contact details are for members): /profile/{userId} is drawn on the
// server with the profile; /profile, your own, in the browser.
const profileHandle: RouteHandle = {
  ssr: true,
  head: ({ params, queryClient, t }) => {
    const data = params.userId ? queryClient.getQueryData<Profile>(profileQueryOptions(params.userId).queryKey) : undefined;
    return data ? { title: data.fullName || t('profiles:unnamed'), description: summary(`${data.fullName}. ${data.bio}`) } : {};
  },
};

/** /profile and /profile/{userId}: composed here because the screen hosts another feature's block. */
export const profileRoutes: RouteObject[] = [
  { path: routePath(paths.myProfile.pattern), lazy: profile },
  {
    path: routePath(paths.profile.pattern),
    handle: profileHandle,
    loader: ({ params, context }) =>
      params.userId
        ? preloadOr404(context, (client) => client.ensureQueryData(profileQueryOptions(params.userId!)), { ns: 'profiles', key: 'notFound' })
        : null,
    lazy: profile,
  },
];
