/**
 * Screens a search engine has no use for: personal areas (they answer a sign-in prompt to a crawler),
 * forms and the API. Prefixes, as robots.txt matches them; `$` ends a path exactly (Google, Bing), so
 * /profile (your own) is left out while /profile/{id} (a public profile) is not. Kept in step with
 * apps/web/src/lib/paths.ts by hand: the server never imports the web app.
 */
export const DISALLOWED = [
  '/api/',
  '/admin',
  '/inbox',
  '/consultant/',
  '/consultant-dashboard',
  '/consultant-form',
  '/consultant-profile',
  '/client-requests',
  '/my-applications',
  '/applications',
  '/my-interviews',
  '/schedule-interview',
  '/employer/',
  '/employer-dashboard',
  '/job-seeker/',
  '/post-job',
  '/post-ad',
  '/edit-ad/',
  '/ads/*/edit',
  '/jobs/*/apply',
  '/profile$',
  '/send-message',
  '/search-users',
  '/directory',
  '/resume-builder',
  '/view-resume',
  '/feedback',
  '/logout',
  '/reset-password',
];

export function robotsTxt(publicUrl: string): string {
  const lines = ['User-agent: *', 'Allow: /', ...DISALLOWED.map((p) => `Disallow: ${p}`), '', `Sitemap: ${publicUrl.replace(/\/+$/, '')}/sitemap.xml`];
  return `${lines.join('\n')}\n`;
}
