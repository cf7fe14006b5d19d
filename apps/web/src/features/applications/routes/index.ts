import type { RouteObject } from 'react-router';

export const applicationsRoutes: RouteObject[] = [];
