import { createBrowserRouter } from 'react-router';
import { applicationsRoutes } from '../features/applications/routes';
import { authRoutes } from '../features/auth/routes';
import { consultantsRoutes } from '../features/consultants/routes';
import { feedbackRoutes } from '../features/feedback/routes';
import { homesRoutes } from '../features/homes/routes';
import { interviewsRoutes } from '../features/interviews/routes';
import { jobsRoutes } from '../features/jobs/routes';
import { pagesRoutes } from '../features/pages/routes';
import { profilesRoutes } from '../features/profiles/routes';
import { paths, routePath } from '../lib/paths';
import { AppLayout } from './layout/app-layout';
import RouteError from './routes/route-error';

// Profile pages also carry a consultant's block: the app composes the two features there.
const profilePage = () => import('./routes/profile-page').then((m) => ({ Component: m.default }));
const composedProfiles = profilesRoutes.map((route) =>
  route.path === routePath(paths.myProfile.pattern) || route.path === routePath(paths.profile.pattern) ? { ...route, lazy: profilePage } : route,
);

/** Every screen is its own chunk (lazy routes); each feature lists its own routes. */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      ...pagesRoutes,
      ...authRoutes,
      ...homesRoutes,
      ...composedProfiles,
      ...feedbackRoutes,
      ...jobsRoutes,
      ...applicationsRoutes,
      ...interviewsRoutes,
      ...consultantsRoutes,
      { path: '*', lazy: () => import('./routes/not-found').then((m) => ({ Component: m.default })) },
    ],
  },
]);
