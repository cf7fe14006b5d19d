/**
 * The page's first script: a few hundred bytes, asynchronous, run the moment it arrives, which on a
 * slow link is seconds before the app's modules. It starts the worker that loads Intl's data
 * (lib/intl-warm-up.worker.ts) and leaves the worker's answer, the reader's zone, where the app
 * looks for it (lib/intl-warm-up.ts), and watches that the app's own scripts arrive (lib/first-scripts.ts).
 * It imports nothing the app imports: anything it shared with the app would become a file of its
 * own. Decisions 0061 and 0074.
 */
import type { IntlWorkerAnswer } from './lib/intl-warm-up';
// Inside this file, not a file of its own: on a slow HTTP/1.1 link the browser queued the worker's
// own request (the lowest priority) behind every module the page preloads, so the worker only
// started once they had all arrived, and hydration waited for it.
import IntlWarmUpWorker from './lib/intl-warm-up.worker?worker&inline';
import { watchFirstScripts } from './lib/first-scripts';

function start(): IntlWorkerAnswer {
  let worker: Worker;
  try {
    // The page's language: the worker turns it into Intl's locale.
    worker = new IntlWarmUpWorker({ name: document.documentElement.lang || 'en' });
  } catch {
    return Promise.resolve(undefined);
  }
  return new Promise((resolve) => {
    // The worker closes itself once it has loaded the rest of the data; after an error it is ended here.
    worker.onmessage = (event: MessageEvent<unknown>) => resolve(typeof event.data === 'string' ? event.data : undefined);
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      resolve(undefined);
    };
  });
}

window.caribconnectIntl ??= start();

// The app's entry and the chunks it imports are asked for again if their request fails (lib/first-scripts.ts).
watchFirstScripts();
