import type { RouteObject } from 'react-router';

export const profilesRoutes: RouteObject[] = [];
