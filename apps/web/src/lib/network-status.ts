// Whether the app is cut off from the server, for the offline banner and error texts. Three sources:
// the browser's own flag (navigator.onLine: says offline reliably, online less so), the service
// worker (it tells when the network failed and it answered from its saved copies), and the page's
// own requests failing for the network (those the worker does not answer: writes, or no worker yet).

type Listener = () => void;
const listeners = new Set<Listener>();
let workerSawFailure = false;
let pageSawFailure = false;

const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

export function isOffline(): boolean {
  return browserOffline() || workerSawFailure || pageSawFailure;
}

function update(change: () => void) {
  const before = isOffline();
  change();
  if (isOffline() !== before) listeners.forEach((l) => l());
}

/** From the service worker: whether its last trip to the network got there. */
export const setWorkerNetwork = (ok: boolean) => update(() => (workerSawFailure = !ok));

/**
 * From the page's requests. A success clears only the page's own failure: one the worker answered
 * from its copies succeeds here, while the worker still says the network is down.
 */
export const setPageNetwork = (ok: boolean) => update(() => (pageSawFailure = !ok));

/** For useSyncExternalStore. The 'online'/'offline' events follow navigator.onLine itself. */
export function subscribeNetwork(listener: Listener): () => void {
  const online = () => {
    // Connected again: the next request will tell whether the server is reachable.
    pageSawFailure = false;
    workerSawFailure = false;
    listener();
  };
  listeners.add(listener);
  window.addEventListener('online', online);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', online);
    window.removeEventListener('offline', listener);
  };
}
