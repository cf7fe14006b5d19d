// Builds the web app (browser build, precompressed assets, server renderer) unless the current build
// was made from the same sources, and swaps the new build in atomically (scripts/build-cache.ts).
// Usage: node --import tsx scripts/build-web.ts [--force]   (npm run build; npm start runs it)
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildName, currentBuild, hashInputs, inputFiles, isUpToDate, settle, swapIn, toPrune } from './build-cache';

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
const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { cwd: web, stdio: 'inherit' });
try {
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  run(process.execPath, [vite, 'build', '--outDir', tmp, '--emptyOutDir']);
  run(process.execPath, [path.join(web, 'scripts/precompress.mjs'), tmp]);
  run(process.execPath, [vite, 'build', '--ssr', 'src/entry-server.tsx', '--outDir', path.join(tmp, 'server')]);
} catch (err) {
  rmSync(tmp, { recursive: true, force: true });
  throw err;
}

const previous = currentBuild(dist);
const final = settle(tmp, builds, buildName(hash, force));
swapIn(dist, final, builds);

const keep = [path.basename(final), ...(previous ? [path.basename(previous)] : [])];
const entries = readdirSync(builds).map((name) => ({ name, modifiedMs: statSync(path.join(builds, name)).mtimeMs }));
for (const name of toPrune(entries, keep, Date.now())) rmSync(path.join(builds, name), { recursive: true, force: true });
console.log(`web app built in ${((Date.now() - started) / 1000).toFixed(1)} s: ${path.relative(root, dist)} -> ${path.relative(root, final)}`);
