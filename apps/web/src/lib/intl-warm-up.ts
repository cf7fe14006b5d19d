// The first Intl object a browser process builds loads the runtime's locale data: 50-150 ms of one
// task on a slow phone, paid by whichever formatter runs first in the page (a date on a card, a
// salary, the time-zone cookie). A worker pays it instead, off the main thread, while the page's
// modules run: the data is the process's, so the page's own formatters then cost a millisecond or
// two. It reads the reader's time zone too, which also needs Intl. Decision 0061.
import { intlLocale } from './language';

/**
 * How long hydration waits for the worker at most. It usually answers within a few tens of
 * milliseconds of the page's modules, whose file it is preloaded with; when it cannot (an old
 * browser, a file that did not come) the page hydrates anyway and its first formatter pays for the
 * data itself, as it did before.
 */
const WAIT_MS = 400;

export interface IntlWarmUp {
  /** Settles when the worker has answered, failed or taken WAIT_MS: the page hydrates then. */
  ready: Promise<void>;
  /** The reader's IANA zone as the worker read it; undefined when it could not. */
  zone: Promise<string | undefined>;
}

/** Starts the worker for the page's language. Call it once, as the page starts. */
export function warmUpIntl(language: string): IntlWarmUp {
  const zone = new Promise<string | undefined>((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./intl-warm-up.worker.ts', import.meta.url), { name: intlLocale(language) });
    } catch {
      return resolve(undefined);
    }
    const end = (value: string | undefined) => {
      worker.terminate();
      resolve(value);
    };
    worker.onmessage = (event: MessageEvent<unknown>) => end(typeof event.data === 'string' ? event.data : undefined);
    worker.onerror = (event) => {
      event.preventDefault();
      end(undefined);
    };
  });
  const ready = Promise.race([zone.then(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, WAIT_MS))]);
  return { ready, zone };
}
