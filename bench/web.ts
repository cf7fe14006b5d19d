/**
 * npm run bench:web: what a phone on a slow link gets from the public screens.
 *
 * Builds the web app (production build, its brotli/gzip files and the server renderer) into a temporary directory,
 * starts the real server on a fresh embedded database seeded with BENCH_JOBS jobs, and prints for
 * /, /jobs, one job's page and one company's page (/companies/{slug}, issue 44):
 *   - Lighthouse mobile performance score, LCP and TBT (Lighthouse's default mobile emulation and
 *     simulated slow 4G), the median of BENCH_LIGHTHOUSE_RUNS runs (5, as Lighthouse's own guidance
 *     on variability advises: on a shared 2-core machine one build's score spreads over 10 points),
 *     each in a fresh Chromium profile, with the lowest and highest score beside it;
 *   - the JS and CSS bytes a 360 px phone downloads on the first load, as transferred (compressed);
 *   - the time until the screen's content is visible (the first job link on /jobs, the heading
 *     elsewhere) on a cold 400 kbps / 400 ms round-trip link at 360 px, in a new browser profile (median);
 *   - on the same link, when the browser first painted content (the paint timing's first-contentful-paint);
 *   - on the same link, the time until the app has hydrated (html[data-hydrated]: from then on every
 *     control works) and the longest chain of requests before it, each started by the previous one's
 *     response (CDP initiators), with the median run's waterfall.
 * Goals are printed next to the figures, with the ratio figure / goal. It only prints.
 *
 * Environment: BENCH_JOBS (2000), BENCH_RUNS (3, the slow-link visits), BENCH_LIGHTHOUSE_RUNS (5), CHROMIUM_PATH (/usr/bin/chromium),
 * BENCH_SKIP_BUILD=1 with WEB_DIST=<dir> to measure an existing build, BENCH_LIGHTHOUSE=off to skip
 * Lighthouse (the slow-link figures alone, in a fraction of the time), BENCH_LIGHTHOUSE_JSON=<dir> to keep
 * each page's first Lighthouse report there (home.json, jobs.json, a-job.json), BENCH_PAGES to measure some of
 * the pages only (their names, comma-separated: "/jobs,a job"), for a quicker before-and-after pair.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/chromium';
import { SLOW_LINK } from '../e2e/slow-link';
import { phoneBytes } from './lib/phone-bytes';
import { startServer } from './lib/server';
import { bytesBefore, longestChain, recordWaterfall, waterfallLines, type Request as WaterfallRequest } from './lib/waterfall';

const JOBS = Number(process.env.BENCH_JOBS ?? 2000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE !== 'off';
// A directory to keep each page's first Lighthouse report in (JSON), to read which audits cost the score.
const LIGHTHOUSE_JSON = process.env.BENCH_LIGHTHOUSE_JSON;
const root = path.resolve(import.meta.dirname, '..');

// Issue 43's budgets: first content ≤ 1.5 s and hydrated ≤ 3.8 s on the slow link, first-load JS ≤ 130 KB.
const GOALS = { score: 95, firstContentMs: 1500, firstContentWorstMs: 3000, jsKb: 130, hydratedMs: 3800 };
// The slow link: 400 kbps both ways, 400 ms round trip (the progressive e2e journeys use it too).
const SLOW = SLOW_LINK;

const log = (line = '') => process.stdout.write(`${line}\n`);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : NaN;
};
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
const ratio = (value: number, goal: number) => `${(value / goal).toFixed(2)}x`;
const run = (cmd: string, args: string[], env: Record<string, string> = {}, cwd = root) =>
  execFileSync(cmd, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } });

interface Screen {
  name: string;
  path: string;
  /** What "readable" means on this screen. */
  content: string;
  visible: (page: Page) => Promise<void>;
}

function buildWeb(): string {
  if (process.env.BENCH_SKIP_BUILD) return path.resolve(process.env.WEB_DIST ?? path.join(root, 'apps/web/dist'));
  // Inside the repo: the server renderer imports react and the rest from the repo's node_modules.
  const out = mkdtempSync(path.join(root, 'apps/web/.bench-dist-'));
  log(`building the web app into ${out} ...`);
  run('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'], {}, path.join(root, 'apps/web'));
  // The same post-build step as npm run build, when the checkout has one.
  const precompress = path.join(root, 'apps/web/scripts/precompress.mjs');
  if (existsSync(precompress)) run(process.execPath, [precompress, out]);
  else log('(no precompress step in this checkout: assets are compressed on the fly)');
  // The server renderer, as npm run build makes it: without it pages would be rendered in the browser only.
  if (existsSync(path.join(root, 'apps/web/src/entry-server.tsx')))
    run('npx', ['vite', 'build', '--ssr', 'src/entry-server.tsx', '--outDir', path.join(out, 'server'), '--logLevel', 'warn'], {}, path.join(root, 'apps/web'));
  return out;
}

function seed(dataDir: string) {
  log(`seeding ${JOBS} jobs ...`);
  run(process.execPath, ['--import', 'tsx', 'apps/server/src/db/seed/run.ts', '--jobs', String(JOBS), '--ads', '0', '--ad-pictures', '0'], {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  });
}

async function lighthouseRun(url: string, keepAs?: string) {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'caribconnect-lh-'));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    userDataDir,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const lhr = result!.lhr;
    if (keepAs) writeFileSync(keepAs, JSON.stringify(lhr));
    // A run Lighthouse could not finish (it says why, e.g. no paint seen in time) has no score: it
    // is not a score of 0, and is run again.
    if (lhr.runtimeError || lhr.categories.performance?.score == null) return { failed: lhr.runtimeError?.code ?? 'no score' };
    return {
      score: Math.round((lhr.categories.performance!.score ?? 0) * 100),
      lcp: lhr.audits['largest-contentful-paint']!.numericValue ?? NaN,
      tbt: lhr.audits['total-blocking-time']!.numericValue ?? NaN,
      // Lighthouse's own measure of the CPU it ran on (higher is faster): its times are 4x this CPU's, so a
      // score means little without it.
      benchmarkIndex: lhr.environment.benchmarkIndex,
      // Blocking time comes from the longest tasks: the script and hydration ones are what the app can split.
      longestTask: Math.max(0, ...((lhr.audits['long-tasks']?.details as { items?: { duration: number }[] } | undefined)?.items ?? []).map((t) => t.duration)),
    };
  } finally {
    chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

interface SlowRun {
  /** ms from navigation start until the screen's content is visible. */
  content: number;
  /**
   * ms from navigation start until the browser first painted content (the paint timing's
   * first-contentful-paint, on the page's clock): what the person sees, where `content` is when the
   * element was laid out as Playwright polls for it, which the loaded renderer also delays.
   */
  paint: number;
  /** ms from navigation start (the page's clock) until the app has hydrated (html[data-hydrated]): controls work from then on. */
  hydrated: number;
  /**
   * ms until the last file that arrived before hydration was in: the link's share of the time. What
   * follows until `hydrated` is parsing and running the scripts, which a loaded machine stretches.
   */
  filesIn: number;
  /** The longest chain of requests, each started by the one before, among those sent before hydration. */
  chain: WaterfallRequest[];
  /** Every request sent before hydration, one line each. */
  waterfall: string[];
  /** What had crossed the link when it hydrated: bytes with headers, requests, header bytes. */
  before: { bytes: number; requests: number; headerBytes: number };
}

/** One cold visit on the slow link. */
async function slowLinkRun(url: string, screen: Screen): Promise<SlowRun> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const requests = await recordWaterfall(cdp);
    // The moment the attribute appears, on the page's own clock (ms after navigation start).
    await page.addInitScript(() => {
      // The document, not <html>: this runs before the parser has made the <html> element.
      const observer = new MutationObserver(() => {
        if (!document.documentElement?.hasAttribute('data-hydrated')) return;
        (window as { hydratedAt?: number }).hydratedAt = performance.now();
        observer.disconnect();
      });
      observer.observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
    });
    // Cold as a first visit is: a new browser profile, its cache empty but working. Disabled, a file
    // the visit asks for twice would cross the link twice, which it does not on a phone.
    await cdp.send('Network.emulateNetworkConditions', SLOW);
    const started = Date.now();
    await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
    const [content] = await Promise.all([
      screen.visible(page).then(() => Date.now() - started),
      page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 120_000 }),
    ]);
    const hydrated = await page.evaluate(() => (window as { hydratedAt?: number }).hydratedAt ?? NaN);
    const paint = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
    // The page's request is sent at navigation start: requests sent after hydration are left out.
    const until = requests[0]!.start + hydrated / 1000;
    const ends = requests.filter((r) => r.start <= until && r.end !== undefined && r.end <= until).map((r) => r.end!);
    const filesIn = (Math.max(...ends) - requests[0]!.start) * 1000;
    return {
      content,
      paint,
      hydrated,
      filesIn,
      chain: longestChain(requests, until),
      waterfall: waterfallLines(requests, until),
      before: bytesBefore(requests, until),
    };
  } finally {
    await browser.close();
  }
}

const dist = buildWeb();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'caribconnect-bench-web-'));
seed(dataDir);
const server = await startServer({ DATA_DIR: dataDir, WEB_DIST: dist, LOG_LEVEL: 'warn' });

try {
  const first = (await (await fetch(`${server.url}/api/jobs?limit=1`)).json()) as { items: Array<{ id: string; title: string }> };
  const job = first.items[0]!;
  // A company's public page (issue 44), server-rendered like a job's: the seed makes every employer's company.
  const companies = (await (await fetch(`${server.url}/api/companies?limit=1`)).json()) as { items: Array<{ slug: string; name: string }> };
  const company = companies.items[0];
  const screens: Screen[] = [
    {
      name: '/',
      path: '/',
      content: 'heading',
      visible: (page) => page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible', timeout: 120_000 }),
    },
    {
      name: '/jobs',
      path: '/jobs',
      content: 'first job link',
      visible: (page) => page.locator('main a[href^="/jobs/"]').first().waitFor({ state: 'visible', timeout: 120_000 }),
    },
    {
      name: 'a job',
      path: `/jobs/${job.id}`,
      content: 'job title',
      visible: (page) => page.getByRole('heading', { level: 1, name: job.title }).waitFor({ state: 'visible', timeout: 120_000 }),
    },
    ...(company
      ? [
          {
            name: 'a company',
            path: `/companies/${company.slug}`,
            content: 'company name',
            visible: (page: Page) => page.getByRole('heading', { level: 1, name: company.name }).waitFor({ state: 'visible', timeout: 120_000 }),
          },
        ]
      : []),
  ];

  // A before-and-after pair of one page or two fits a quiet window of the shared machine.
  const only = process.env.BENCH_PAGES?.split(',').map((name) => name.trim());
  const measured = only ? screens.filter((screen) => only.includes(screen.name)) : screens;
  const loadAtStart = loadAverage();
  const rows = [];
  for (const screen of measured) {
    const url = `${server.url}${screen.path}`;
    log(`measuring ${screen.name} ...`);
    const lh = [];
    for (let tries = 0; lh.length < LIGHTHOUSE_RUNS && LIGHTHOUSE && tries < LIGHTHOUSE_RUNS * 2; tries++) {
      const keepAs =
        LIGHTHOUSE_JSON && !lh.length ? path.join(LIGHTHOUSE_JSON, `${screen.name.replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '') || 'home'}.json`) : undefined;
      if (keepAs) mkdirSync(LIGHTHOUSE_JSON!, { recursive: true });
      const run = await lighthouseRun(url, keepAs);
      if ('failed' in run) log(`  a Lighthouse run failed (${run.failed}); running it again`);
      else lh.push(run);
    }
    const bytes = await phoneBytes(url);
    const slowRuns: SlowRun[] = [];
    for (let i = 0; i < RUNS; i++) slowRuns.push(await slowLinkRun(url, screen));
    const slow = slowRuns.map((r) => r.content);
    // The run whose hydration time is the median: its waterfall is the one printed.
    const typical = [...slowRuns].sort((a, b) => a.hydrated - b.hydrated)[Math.floor((slowRuns.length - 1) / 2)]!;
    rows.push({
      screen: screen.name,
      score: median(lh.map((r) => r.score)),
      scores: lh.map((r) => r.score),
      lcp: median(lh.map((r) => r.lcp)),
      tbt: median(lh.map((r) => r.tbt)),
      longestTask: median(lh.map((r) => r.longestTask)),
      benchmarkIndex: median(lh.map((r) => r.benchmarkIndex)),
      js: bytes.byType.script?.bytes ?? 0,
      css: bytes.byType.stylesheet?.bytes ?? 0,
      content: screen.content,
      slow: median(slow),
      slowWorst: Math.max(...slow),
      paint: median(slowRuns.map((r) => r.paint)),
      paintWorst: Math.max(...slowRuns.map((r) => r.paint)),
      hydrated: median(slowRuns.map((r) => r.hydrated)),
      hydratedWorst: Math.max(...slowRuns.map((r) => r.hydrated)),
      // From the median run, as its waterfall: the part of its time that was the link's.
      filesIn: typical.filesIn,
      typicalHydrated: typical.hydrated,
      chain: typical.chain,
      waterfall: typical.waterfall,
      before: typical.before,
    });
  }

  log(
    `\n=== public screens, ${JOBS} jobs, median of ${LIGHTHOUSE_RUNS} Lighthouse runs and ${RUNS} slow-link visits (goal in brackets, ratio = figure / goal) ===`,
  );
  // Parsing and hydrating run on a CPU the machine may share: the times mean little without it.
  log(`Machine: ${os.cpus().length} cores, load average ${loadAtStart} at the start of the measurements, ${loadAverage()} at the end.`);
  log(
    `Lighthouse runs use its mobile emulation (simulated slow 4G). Slow link: 360 px, ${(SLOW.downloadThroughput * 8) / 1000} kbps, ${SLOW.latency} ms RTT, cold cache.`,
  );
  for (const r of rows) {
    log(`\n${r.screen}`);
    if (LIGHTHOUSE) {
      log(
        `  Lighthouse mobile performance  ${r.score}  [>= ${GOALS.score}]  ${ratio(r.score, GOALS.score)}  (runs ${Math.min(...r.scores)}–${Math.max(...r.scores)})`,
      );
      log(`  LCP                            ${(r.lcp / 1000).toFixed(2)} s`);
      log(`  TBT                            ${Math.round(r.tbt)} ms`);
      log(`  longest main-thread task       ${Math.round(r.longestTask)} ms (simulated: 4x the measured CPU)`);
      log(`  Lighthouse's CPU benchmark index  ${Math.round(r.benchmarkIndex)} (median of its runs)`);
    }
    log(`  first-load JS (transferred)    ${kb(r.js)} KB  [<= ${GOALS.jsKb} KB]  ${ratio(r.js / 1024, GOALS.jsKb)}`);
    log(`  first-load CSS (transferred)   ${kb(r.css)} KB`);
    log(
      `  ${r.content} visible, slow link   ${(r.slow / 1000).toFixed(2)} s (worst ${(r.slowWorst / 1000).toFixed(2)} s)  [<= ${GOALS.firstContentMs / 1000} s, worst <= ${GOALS.firstContentWorstMs / 1000} s]  ${ratio(r.slow, GOALS.firstContentMs)}`,
    );
    log(`  first contentful paint, slow link  ${(r.paint / 1000).toFixed(2)} s (worst ${(r.paintWorst / 1000).toFixed(2)} s)`);
    log(
      `  hydrated, slow link            ${(r.hydrated / 1000).toFixed(2)} s (worst ${(r.hydratedWorst / 1000).toFixed(2)} s)  [<= ${GOALS.hydratedMs / 1000} s]  ${ratio(r.hydrated, GOALS.hydratedMs)}`,
    );
    log(
      `    of which files arriving          ${(r.filesIn / 1000).toFixed(2)} s, then parsing and running ${((r.typicalHydrated - r.filesIn) / 1000).toFixed(2)} s (median run)`,
    );
    log(
      `  before hydration               ${kb(r.before.bytes)} KB in ${r.before.requests} requests, of which ${kb(r.before.headerBytes)} KB response headers (median run)`,
    );
    log(`  longest request chain before hydration  ${r.chain.length}: ${r.chain.map((c) => new URL(c.url).pathname).join(' → ')}`);
  }
  log('\n=== waterfalls on the slow link until hydration (the median run; ms after the page request, KB received with headers) ===');
  log('(asked: the page asked for it; sent: it left on a connection, later when all six were busy; hdrs: its headers were in)');
  for (const r of rows) {
    log(`\n${r.screen}`);
    for (const line of r.waterfall) log(`  ${line}`);
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  if (!process.env.BENCH_SKIP_BUILD) rmSync(dist, { recursive: true, force: true });
}
