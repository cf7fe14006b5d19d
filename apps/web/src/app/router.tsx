import { createBrowserRouter } from 'react-router';
import { adsRoutes } from '../features/ads/routes';
import { applicationsRoutes } from '../features/applications/routes';
import { authRoutes } from '../features/auth/routes';
import { feedbackRoutes } from '../features/feedback/routes';
import { homesRoutes } from '../features/homes/routes';
import { jobsRoutes } from '../features/jobs/routes';
import { pagesRoutes } from '../features/pages/routes';
import { profilesRoutes } from '../features/profiles/routes';
import { AppLayout } from './layout/app-layout';
import RouteError from './routes/route-error';

/** Every screen is its own chunk (lazy routes); each feature lists its own routes. */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      ...pagesRoutes,
      ...authRoutes,
      ...homesRoutes,
      ...profilesRoutes,
      ...feedbackRoutes,
      ...jobsRoutes,
      ...applicationsRoutes,
      ...adsRoutes,
      { path: '*', lazy: () => import('./routes/not-found').then((m) => ({ Component: m.default })) },
    ],
  },
]);
