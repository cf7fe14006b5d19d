// Registers the service worker (src/sw/service-worker.ts, built to /sw.js) and talks to it.
import { PERSONAL_CACHES, type FromWorker, type ToWorker } from '../sw/offline-rules';
import { setWorkerNetwork } from './network-status';

const post = (message: ToWorker) => navigator.serviceWorker?.controller?.postMessage(message);

/** Production builds only: in development Vite serves modules the worker must not keep. */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  container.addEventListener('message', (event: MessageEvent<FromWorker>) => {
    if (event.data?.type === 'network') setWorkerNetwork(event.data.ok);
  });
  const wasControlled = !!container.controller;
  if (wasControlled) post({ type: 'status' });
  else
    container.addEventListener('controllerchange', () => post({ type: 'warm', page: location.href, urls: loadedUrls() }), {
      once: true,
    });
  // After the page's own files: on a slow link the worker's precache must not compete with them.
  const register = () => void container.register('/sw.js', { scope: '/' }).catch(() => {});
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Same-origin files and API answers the page fetched before the worker controlled it. */
function loadedUrls(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => url.startsWith(location.origin));
}

/**
 * Forgets every page and API answer kept on this device: on a shared phone the next person must not
 * see the previous one's data offline. The worker also does it when it sees a sign-in or sign-out
 * go by; doing it here as well covers a sign-out while the worker is not in control yet.
 */
export async function clearOfflineData(): Promise<void> {
  post({ type: 'purge' });
  if (typeof caches === 'undefined') return;
  await Promise.all(PERSONAL_CACHES.map((name) => caches.delete(name))).catch(() => {});
}
