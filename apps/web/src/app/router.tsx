import { createBrowserRouter } from 'react-router';
import { adsRoutes } from '../features/ads/routes';
import { adminRoutes } from '../features/admin/routes';
import { applicationsRoutes } from '../features/applications/routes';
import { authRoutes } from '../features/auth/routes';
import { consultantsRoutes } from '../features/consultants/routes';
import { feedbackRoutes } from '../features/feedback/routes';
import { homesRoutes } from '../features/homes/routes';
import { interviewsRoutes } from '../features/interviews/routes';
import { jobsRoutes } from '../features/jobs/routes';
import { messagesRoutes } from '../features/messages/routes';
import { pagesRoutes } from '../features/pages/routes';
import { resumesRoutes } from '../features/resumes/routes';
import { AppLayout } from './layout/app-layout';
import { profileRoutes } from './routes/profile-routes';
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
      ...profileRoutes,
      ...feedbackRoutes,
      ...jobsRoutes,
      ...applicationsRoutes,
      ...resumesRoutes,
      ...interviewsRoutes,
      ...consultantsRoutes,
      ...messagesRoutes,
      ...adsRoutes,
      ...adminRoutes,
      { path: '*', lazy: () => import('./routes/not-found').then((m) => ({ Component: m.default })) },
    ],
  },
]);
