/**
 * Waits before the second and third tries of a download. On a mobile link a request is often dropped
 * on its own and the same request works a moment later; a person should not see an error for that.
 * Short, so a file that really is out of reach is reported within about two seconds.
 */
export const RETRY_DELAYS_MS = [400, 1200];

/**
 * `load()`, tried again after each of `delays` while it fails. Meant for code files (a lazy screen or
 * component): Chromium, Firefox and Safari fetch a module again on a new `import()` after a failed one.
 * Offline, the first failure is final: the screen says so at once.
 */
export async function withRetries<T>(load: () => Promise<T>, delays: readonly number[] = RETRY_DELAYS_MS): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (err) {
      if (attempt >= delays.length || (typeof navigator !== 'undefined' && navigator.onLine === false)) throw err;
      await new Promise((resolve) => setTimeout(resolve, delays[attempt]));
    }
  }
}
