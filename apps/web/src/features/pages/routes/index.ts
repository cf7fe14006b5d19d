import type { RouteObject } from 'react-router';

export const pagesRoutes: RouteObject[] = [];
