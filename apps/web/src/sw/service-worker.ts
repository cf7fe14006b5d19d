// The service worker (built to /sw.js by vite-plugin-service-worker.ts). It keeps the app usable on a
// dropped or crawling connection: the shell is precached at install; each screen's code, catalogs,
// pages and API answers are kept as they are first used, and shown again when the network fails.
// Rules live in offline-rules.ts; docs/decisions/0019-offline-service-worker.md says why it is hand-written.
import {
  CACHE_LIMITS,
  CACHES,
  NETWORK_TIMEOUT_MS,
  PERSONAL_CACHES,
  SHELL_URL,
  changesWhoIsSignedIn,
  isStorable,
  strategyFor,
  type FromWorker,
  type Strategy,
  type ToWorker,
} from './offline-rules';

// The worker's globals, declared here: the project compiles against the DOM library, whose `self`
// is a Window (the WebWorker library cannot be mixed into the same program).
interface WorkerEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface WorkerFetchEvent extends WorkerEvent {
  request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface WorkerMessageEvent extends WorkerEvent {
  data: ToWorker;
  source: { postMessage(message: FromWorker): void } | null;
}
declare const self: {
  location: Location;
  clients: {
    claim(): Promise<void>;
    matchAll(options?: { type?: 'window'; includeUncontrolled?: boolean }): Promise<Array<{ postMessage(message: FromWorker): void }>>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: WorkerEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: WorkerFetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: WorkerMessageEvent) => void): void;
};
/** Set by the build: the shell's files, and a version that changes with them. */
declare const __PRECACHE__: string[];
declare const __SW_VERSION__: string;

const SHELL = CACHES.shell(__SW_VERSION__);

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL);
      // Through the HTTP cache: the page has just downloaded these files, and their names change with
      // their content, so a phone on a slow link does not fetch the shell a second time.
      await cache.addAll(__PRECACHE__);
      // The page an unknown screen gets offline. Should the build stop publishing a bare shell, the
      // home page stands in (it boots the same app); the worker installs either way.
      for (const url of [SHELL_URL, '/']) {
        const response = await fetch(url).catch(() => null);
        if (response?.ok) {
          await cache.put(SHELL_URL, response);
          break;
        }
      }
      // Navigations are network-first and every other file is content-hashed, so an open page keeps
      // working with the new worker: take over at once.
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith(CACHES.shell('')) && name !== SHELL) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

/**
 * Whether the last request that went to the network got there. Pages hear of every failure (a page
 * that saw the browser come back online has stopped showing its notice) and of the first success after.
 */
let networkOk = true;
async function report(ok: boolean) {
  if (ok && networkOk) return;
  networkOk = ok;
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage({ type: 'network', ok });
}

async function purgePersonal() {
  await Promise.all(PERSONAL_CACHES.map((name) => caches.delete(name)));
}

self.addEventListener('message', (event) => {
  const message = event.data;
  if (message?.type === 'purge') event.waitUntil(purgePersonal());
  else if (message?.type === 'status') event.source?.postMessage({ type: 'network', ok: networkOk });
  else if (message?.type === 'warm') event.waitUntil(warm(message.urls, message.page));
});

/** Keeps at most the cache's limit of entries, dropping the oldest (keys() lists them in insertion order). */
async function trim(name: string) {
  const limit = CACHE_LIMITS[name];
  if (!limit) return;
  const cache = await caches.open(name);
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - limit))) await cache.delete(key);
}

async function store(name: string, request: Request | string, response: Response) {
  const cache = await caches.open(name);
  // Re-inserted, so trim() sees it as the newest.
  await cache.delete(request);
  await cache.put(request, response);
  await trim(name);
}

const cacheFor: Record<Exclude<Strategy, 'pass'>, string> = { page: CACHES.pages, api: CACHES.api, asset: CACHES.assets, image: CACHES.images };

/** Saved copy: this URL's own (query included), or for a page the shell. */
async function saved(strategy: Strategy, request: Request): Promise<Response | undefined> {
  // ignoreVary: server-rendered pages vary on Cookie and Accept-Language, which a navigation's
  // request does not carry in the same way twice; the caches are per device and emptied whenever
  // the signed-in person changes, so the URL alone is the right key.
  const options = { ignoreVary: true };
  const hit =
    (await caches.match(request, { ...options, cacheName: cacheFor[strategy as keyof typeof cacheFor] })) ??
    (await caches.match(request, { ...options, cacheName: SHELL }));
  if (hit || strategy !== 'page') return hit;
  return caches.match(SHELL_URL, { cacheName: SHELL });
}

/**
 * Network first: the answer is stored and returned; when the network fails, or is slower than the
 * timeout and a saved copy exists, the saved copy is returned (the network answer still refreshes it).
 */
async function networkFirst(event: WorkerFetchEvent, strategy: 'page' | 'api', timeoutMs: number): Promise<Response> {
  const request = event.request;
  const network = fetch(request).then((response) => {
    void report(true);
    if (isStorable(strategy, response)) event.waitUntil(store(cacheFor[strategy], request, response.clone()));
    return response;
  });
  event.waitUntil(network.then(noop, () => report(false)));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<'slow'>((resolve) => (timer = setTimeout(resolve, timeoutMs, 'slow')));
  try {
    const first = await Promise.race([network, slow]);
    if (first !== 'slow') return first;
    // A crawling link: the saved copy now, or else keep waiting for the network.
    return (await saved(strategy, request)) ?? (await network);
  } catch (error) {
    const copy = await saved(strategy, request);
    if (copy) return copy;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

const noop = () => {};

/** Cache first, for files whose name changes with their content. */
async function cacheFirst(event: WorkerFetchEvent, strategy: 'asset' | 'image'): Promise<Response> {
  const copy = await saved(strategy, event.request);
  if (copy) return copy;
  const response = await fetch(event.request);
  if (isStorable(strategy, response)) event.waitUntil(store(cacheFor[strategy], event.request, response.clone()));
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (changesWhoIsSignedIn(request)) {
    // Someone signs out, or (perhaps another person) signs in: pages and API answers kept for the
    // previous person must not be shown to the next one on a shared phone.
    event.waitUntil(purgePersonal());
    return;
  }
  const strategy = strategyFor({ url: request.url, method: request.method, mode: request.mode, origin: self.location.origin, headers: request.headers });
  if (strategy === 'pass') return;
  if (strategy === 'page') event.respondWith(networkFirst(event, 'page', NETWORK_TIMEOUT_MS.page));
  else if (strategy === 'api') event.respondWith(networkFirst(event, 'api', NETWORK_TIMEOUT_MS.api));
  else event.respondWith(cacheFirst(event, strategy));
});

/**
 * What the page loaded before this worker controlled it (its first visit), fetched again (mostly from
 * the HTTP cache) and kept, so the very first visit already works offline.
 */
async function warm(urls: string[], page: string) {
  const origin = self.location.origin;
  const headers = new Headers();
  const jobs = [{ url: page, mode: 'navigate' }, ...urls.map((url) => ({ url, mode: 'cors' }))].map(async ({ url, mode }) => {
    const strategy = strategyFor({ url, method: 'GET', mode, origin, headers });
    if (strategy === 'pass') return;
    const name = cacheFor[strategy];
    if (await caches.match(url, { cacheName: name })) return;
    if (await caches.match(url, { cacheName: SHELL })) return;
    const response = await fetch(url, { credentials: 'same-origin' }).catch(() => null);
    if (response && isStorable(strategy, response)) await store(name, url, response);
  });
  await Promise.all(jobs);
}
