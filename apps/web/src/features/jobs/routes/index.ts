import type { RouteObject } from 'react-router';

export const jobsRoutes: RouteObject[] = [];
