import { existsSync } from 'node:fs';

/**
 * How the end-to-end tests and the benchmarks launch Chromium: Debian's, not Playwright's own
 * download (CHROMIUM_PATH points elsewhere).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/**
 * The journeys run in Chromium's headless shell (Debian's chromium-headless-shell), as Playwright
 * itself runs headless tests: the same engine without the full browser around it. It took about 40%
 * less CPU than the full browser in headless mode on the same journeys, and the journeys are most of
 * CI's time. The benchmarks keep the full browser, which is what people run.
 */
export const E2E_CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);

/**
 * The tag of journeys that need the full browser: the shell has no PDF viewer, so a PDF opened in a
 * tab is downloaded there instead of shown (playwright.config.ts runs these in the full browser).
 */
export const PDF_VIEWER = '@pdf-viewer';

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
