// Builds the web app (browser build, precompressed assets, server renderer) unless the current build
// was made from the same sources, and swaps the new build in atomically (scripts/build-cache.ts).
// Usage: node --import tsx scripts/build-web.ts [--force]   (npm run build; npm start runs it)
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildName, currentBuild, hashInputs, inputFiles, isUpToDate, pruneBuilds, settle, swapIn } from './build-cache';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const dist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(web, 'dist');
// Inside apps/web: the server renderer imports react and the rest from the repository's node_modules.
const builds = path.join(web, '.builds');
const force = process.argv.includes('--force');

const started = Date.now();
const hash = hashInputs(root, inputFiles(root), process.env);
if (!force && isUpToDate(dist, hash)) {
  console.log(`web app is up to date (build ${hash}, sources unchanged); \`npm run build -- --force\` rebuilds it`);
  process.exit(0);
}

mkdirSync(builds, { recursive: true });
const tmp = mkdtempSync(path.join(builds, 'tmp-'));
// The server renderer is built into a directory of its own and moved in at the end: the browser
// build empties its output directory when it writes, and the precompression walks all of it.
const ssrTmp = mkdtempSync(path.join(builds, 'tmp-'));
const run = (label: string, steps: string[][]) =>
  new Promise<void>((resolve, reject) => {
    const next = (i: number) => {
      if (i === steps.length) return resolve();
      const t0 = Date.now();
      const child = spawn(process.execPath, steps[i]!, { cwd: web, stdio: 'inherit' });
      child.on('error', reject);
      child.on('exit', (code) => {
        if (code !== 0) return reject(new Error(`${label} failed (exit ${code})`));
        console.log(`${label}: step ${i + 1} of ${steps.length} took ${((Date.now() - t0) / 1000).toFixed(1)} s`);
        next(i + 1);
      });
    };
    next(0);
  });
try {
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  // The two builds share nothing (the renderer reads the browser build's manifest when it runs, not
  // when it is built), and each is mostly one busy process: side by side they use both cores of CI.
  await Promise.all([
    run('browser build', [
      [vite, 'build', '--outDir', tmp, '--emptyOutDir'],
      [path.join(web, 'scripts/precompress.mjs'), tmp],
    ]),
    run('server renderer build', [[vite, 'build', '--ssr', 'src/entry-server.tsx', '--outDir', ssrTmp, '--emptyOutDir']]),
  ]);
  renameSync(ssrTmp, path.join(tmp, 'server'));
} catch (err) {
  rmSync(tmp, { recursive: true, force: true });
  rmSync(ssrTmp, { recursive: true, force: true });
  throw err;
}

const previous = currentBuild(dist);
const final = settle(tmp, builds, buildName(hash, force));
swapIn(dist, final, builds);

const keep = [path.basename(final), ...(previous ? [path.basename(previous)] : [])];
// A build a running server still serves is kept too, however old (its lease, decision 0069).
pruneBuilds(builds, keep);
console.log(`web app built in ${((Date.now() - started) / 1000).toFixed(1)} s: ${path.relative(root, dist)} -> ${path.relative(root, final)}`);
