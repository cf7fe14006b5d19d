import type { RouteObject } from 'react-router';

export const homesRoutes: RouteObject[] = [];
