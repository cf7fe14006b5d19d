// The first Intl object a browser process builds loads the runtime's locale data: 50-180 ms of one
// task on a slow phone, paid by whichever formatter runs first in the page (a date on a card, a
// salary, the time-zone cookie). A worker pays it instead, off the main thread: the data is the
// process's, so the page's own formatters then cost a millisecond or two. The page's first script
// starts it (intl-early.ts) long before the app's modules arrive; it reads the reader's time zone
// too, which also needs Intl. Decision 0061.

/** The worker's answer: the reader's IANA zone, or undefined when the worker could not run. */
export type IntlWorkerAnswer = Promise<string | undefined>;

declare global {
  interface Window {
    /** Left by the page's first script (intl-early.ts). */
    caribconnectIntl?: IntlWorkerAnswer;
  }
}

/**
 * How long hydration waits for the worker at most. It has usually answered before the app's modules
 * have arrived; when it cannot (an old browser, a file that did not come) the page hydrates anyway
 * and its first formatter pays for the data itself, as it did before.
 */
const WAIT_MS = 400;

export interface IntlWarmUp {
  /** Settles when the worker has answered, failed or taken WAIT_MS: the page hydrates then. */
  ready: Promise<void>;
  /** The reader's IANA zone as the worker read it; undefined when it could not. */
  zone: IntlWorkerAnswer;
}

/**
 * The worker the page's first script started. Without it (the development server, which has no such
 * script, or a page whose first script did not arrive before the app) the page does without.
 */
export function warmUpIntl(): IntlWarmUp {
  const zone = window.caribconnectIntl ?? Promise.resolve(undefined);
  const ready = Promise.race([zone.then(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, WAIT_MS))]);
  return { ready, zone };
}
