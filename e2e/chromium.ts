/**
 * How the end-to-end tests and the benchmarks launch Chromium: Debian's, not Playwright's own
 * download (CHROMIUM_PATH points elsewhere).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * No sandbox, as containers and CI run it as root; no GPU, as headless machines have none. The rest
 * keep Chromium's own traffic (updates, sync, first-run pages) out of what tests and measurements
 * see, and every connection on TCP.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
