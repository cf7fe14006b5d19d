/**
 * When the web app needs building, and how a new build replaces the old one (scripts/build-web.ts,
 * decision 0024). A build lives in apps/web/.builds/<hash>, named by a hash of everything it is
 * made from; apps/web/dist is a symbolic link to the current one. So:
 * - a build whose inputs did not change is skipped: the link already points at that hash;
 * - a build is written into a fresh directory and the link is replaced by rename(), which is atomic:
 *   a reader (a server starting, a second `npm start`) sees the old build or the new one, never half
 *   of one, and two builds at once each finish their own directory;
 * - the previous build is kept, so a server started on it (which resolved the link at start) keeps
 *   serving its own assets until it restarts; so is any older one a running server leases (0069).
 */
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, statSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { leasedBuilds } from '../apps/server/src/lib/build-lease';

/** What a build is made from, relative to the repository root: directories are walked. */
export const BUILD_INPUTS = ['apps/web', 'packages/shared', 'package.json', 'package-lock.json', 'tsconfig.json'];
/** Never inputs: outputs, dependencies, other builds, test files. */
const SKIPPED = /(^|\/)(node_modules|dist|\.builds|\.bench-dist-[^/]*|\.vite)(\/|$)|\.test\.tsx?$/;
/** Environment the build reads (Vite exposes VITE_* to the app). */
const ENV = /^(NODE_ENV|VITE_.*)$/;

/** The input files under `root`, as sorted relative paths with forward slashes. */
export function inputFiles(root: string, inputs = BUILD_INPUTS): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    if (SKIPPED.test(rel)) return;
    const full = path.join(root, rel);
    if (!existsSync(full)) return;
    const info = statSync(full);
    if (info.isDirectory()) for (const name of readdirSync(full)) walk(`${rel}/${name}`);
    else if (info.isFile()) out.push(rel);
  };
  for (const input of inputs) walk(input);
  return out.sort();
}

/** A hash of the files' names and contents and of the build's environment: the build's name. */
export function hashInputs(root: string, files: string[], env: NodeJS.ProcessEnv = {}): string {
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  for (const key of Object.keys(env)
    .filter((k) => ENV.test(k))
    .sort())
    hash.update(`env ${key}=${env[key]}\0`);
  return hash.digest('hex').slice(0, 20);
}

/** The files a complete build has; a directory without them is not used. */
export const BUILD_MARKERS = ['index.html', '.vite/manifest.json', 'server/entry-server.js'];
export const isCompleteBuild = (dir: string) => BUILD_MARKERS.every((file) => existsSync(path.join(dir, file)));

/** The build `dist` points at (its directory's name is its hash), or null when it is none of ours. */
export function currentBuild(dist: string): string | null {
  try {
    if (!lstatSync(dist).isSymbolicLink()) return null;
    return path.resolve(path.dirname(dist), readlinkSync(dist));
  } catch {
    return null;
  }
}

/** A build's directory is named <hash>, or <hash>-<n> when forced (a rebuild of the same inputs). */
export const buildName = (hash: string, forced: boolean, now = Date.now()) => (forced ? `${hash}-${now.toString(36)}` : hash);
const buildHash = (name: string) => name.split('-')[0];

/** True when `dist` already points at a complete build of these inputs. */
export function isUpToDate(dist: string, hash: string): boolean {
  const current = currentBuild(dist);
  return current !== null && buildHash(path.basename(current)) === hash && isCompleteBuild(current);
}

/**
 * Moves a finished build from its temporary directory to builds/<name>. When another build of the
 * same inputs got there first, theirs is kept and ours removed. Returns the final directory.
 */
export function settle(tmp: string, builds: string, name: string): string {
  const final = path.join(builds, name);
  try {
    renameSync(tmp, final);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if ((code !== 'ENOTEMPTY' && code !== 'EEXIST') || !isCompleteBuild(final)) throw err;
    rmSync(tmp, { recursive: true, force: true });
  }
  return final;
}

/**
 * Points `dist` at `build` in one rename: a new link is made beside it and renamed over it. A `dist`
 * that is a real directory (made before builds were cached) is moved into `builds` first.
 */
export function swapIn(dist: string, build: string, builds: string): void {
  try {
    if (!lstatSync(dist).isSymbolicLink()) renameSync(dist, path.join(builds, `old-${process.pid}-${Date.now()}`));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const link = `${dist}.link-${process.pid}-${Date.now()}`;
  // Relative, so the checkout can move; 'junction' makes it work on Windows without privileges.
  symlinkSync(path.relative(path.dirname(dist), build), link, 'junction');
  renameSync(link, dist);
}

/**
 * Which entries of `builds` to remove: everything but `keep` (the current build and the one before
 * it) that is older than `graceMs`, so a build running beside this one (its tmp-* directory, or its
 * finished directory not yet linked) is never removed from under it.
 */
export function toPrune(entries: Array<{ name: string; modifiedMs: number }>, keep: string[], now: number, graceMs = 10 * 60_000): string[] {
  return entries.filter((e) => !keep.includes(e.name) && !e.name.startsWith('.') && now - e.modifiedMs > graceMs).map((e) => e.name);
}

/**
 * Removes the builds toPrune names, except any a running server holds a lease on (its files are
 * being served: apps/server/src/lib/build-lease.ts, decision 0069). Returns what was removed.
 */
export function pruneBuilds(builds: string, keep: string[], now = Date.now()): string[] {
  const leased = leasedBuilds(builds, now);
  const entries = readdirSync(builds).map((name) => ({ name, modifiedMs: statSync(path.join(builds, name)).mtimeMs }));
  const removed = toPrune(entries, [...keep, ...leased], now);
  for (const name of removed) rmSync(path.join(builds, name), { recursive: true, force: true });
  return removed;
}
