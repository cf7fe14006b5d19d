import type { RouteObject } from '../../../lib/router';
import { paths, routePath } from '../../../lib/paths';

export const paymentsRoutes: RouteObject[] = [
  { path: routePath(paths.myPayments.pattern), lazy: () => import('./my-payments').then((m) => ({ Component: m.default })) },
  { path: routePath(paths.paymentCancelled.pattern), lazy: () => import('./payment-cancelled').then((m) => ({ Component: m.default })) },
];
