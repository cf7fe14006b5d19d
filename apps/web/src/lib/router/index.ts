// The app's data router (docs/decisions/0056-our-own-data-router.md): screens, links and hooks import
// from here. The server's half is './server'.
export * from './data';
export { matchRoutes, type RouteMatch } from './match';
export { createBrowserRouter, preloadScreens, type Router, type RouterState, type NavigateOptions } from './browser-router';
export { isRedirectResult, type LoadResult, type Redirect } from './load';
export * from './components';
