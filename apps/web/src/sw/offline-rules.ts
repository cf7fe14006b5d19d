// Which requests the service worker answers, and how. Pure, so it is unit-tested apart from the
// worker (service-worker.ts), which applies it.

/** Cache names; every one starts with this prefix, so a sign-out can find them all. */
export const CACHE_PREFIX = 'cc-';
export const CACHES = {
  /** The shell precached at install, one per build (its name carries the build's version). */
  shell: (version: string) => `${CACHE_PREFIX}shell-${version}`,
  /** Hashed files loaded later (screens' chunks, catalogs): never change, so cache first. */
  assets: `${CACHE_PREFIX}assets`,
  /** The last HTML each page answered, per URL. */
  pages: `${CACHE_PREFIX}pages`,
  /** The last JSON each API URL answered. */
  api: `${CACHE_PREFIX}api`,
  /** Public pictures (ads, avatars, consultants' photos). */
  images: `${CACHE_PREFIX}images`,
} as const;

/** Caches that may hold one person's data: emptied when someone signs out or signs in. */
export const PERSONAL_CACHES = [CACHES.pages, CACHES.api];

/** Most entries each runtime cache keeps (oldest dropped first), so a phone's storage stays small. */
export const CACHE_LIMITS: Record<string, number> = { [CACHES.assets]: 200, [CACHES.pages]: 40, [CACHES.api]: 150, [CACHES.images]: 80 };

/** How long a navigation or an API call waits for the network before a saved copy is shown instead. */
export const NETWORK_TIMEOUT_MS = { page: 4_000, api: 8_000 };

/** The page served for a screen never opened before, offline: the app, which says it is offline. */
export const SHELL_URL = '/index.html';

export type Strategy =
  /** Not ours to answer: the browser goes to the network as if there were no worker. */
  'pass' | 'page' | 'asset' | 'api' | 'image';

export interface RequestInfo {
  url: string;
  method: string;
  mode: string;
  /** Our own origin (the worker's). */
  origin: string;
  headers: { get(name: string): string | null };
}

/** Public storage areas whose files are pictures (videos stream in ranges and are not kept). */
const PUBLIC_IMAGES = /^\/api\/files\/(ads|avatars|consultants)\/[^/]+\.(webp|png|jpe?g|gif)$/i;
/** Paths that are not screens even when opened in a tab. */
const NOT_SCREENS = /^\/(api|assets)\/|^\/(robots\.txt|sitemap\.xml|sw\.js|manifest\.webmanifest)$|^\/sitemaps\//;

export function strategyFor(request: RequestInfo): Strategy {
  const url = new URL(request.url);
  if (url.origin !== request.origin) return 'pass';
  // Writes go straight to the server, and fail there as they would without a worker.
  if (request.method !== 'GET') return 'pass';
  // A byte range (a video seeking) cannot be stored, and event streams never end.
  if (request.headers.get('range') || request.headers.get('accept')?.includes('text/event-stream')) return 'pass';
  const path = url.pathname;
  if (request.mode === 'navigate') return NOT_SCREENS.test(path) ? 'pass' : 'page';
  if (path.startsWith('/assets/')) return 'asset';
  if (path.startsWith('/api/')) {
    if (path.startsWith('/api/auth/') || path.endsWith('/stream')) return 'pass';
    if (path.startsWith('/api/files/')) return PUBLIC_IMAGES.test(path) ? 'image' : 'pass';
    return 'api';
  }
  // Files of public/ (icons, manifest): the shell's precache has them; others go to the network.
  return 'asset';
}

/** A request that signs someone out or in: what is cached for the previous person must go. */
export function changesWhoIsSignedIn(request: Pick<RequestInfo, 'url' | 'method'>): boolean {
  if (request.method !== 'POST') return false;
  const path = new URL(request.url).pathname;
  return /^\/api\/auth\/(sign-out|sign-in\/|sign-up\/)/.test(path) || path === '/api/signup';
}

/** Whether a response may be kept for this strategy: complete, successful and of the expected kind. */
export function isStorable(strategy: Strategy, response: { status: number; type: string; headers: { get(name: string): string | null } }): boolean {
  if (response.status !== 200 || response.type === 'opaque') return false;
  const type = response.headers.get('content-type') ?? '';
  switch (strategy) {
    case 'page':
      return type.startsWith('text/html');
    case 'api':
      // JSON only: file downloads (résumés, CSV exports, calendar files) are never kept.
      return type.includes('json');
    case 'image':
      return type.startsWith('image/');
    case 'asset':
      return true;
    default:
      return false;
  }
}

/** Messages between the page and the worker. */
export type ToWorker =
  | { type: 'purge' }
  | { type: 'status' }
  /** URLs the page loaded before the worker controlled it, to keep as if it had seen them. */
  | { type: 'warm'; urls: string[]; page: string };
export type FromWorker = { type: 'network'; ok: boolean };
