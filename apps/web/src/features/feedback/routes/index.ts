import type { RouteObject } from 'react-router';

export const feedbackRoutes: RouteObject[] = [];
