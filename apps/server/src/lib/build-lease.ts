/**
 * A running server's claim on the web build it serves (decision 0069). `npm run build` keeps the
 * current and the previous build and prunes older ones (scripts/build-web.ts, decision 0024); a
 * server still running on an older one (builds with other hashes followed each other: two deploys,
 * or processes started with other VITE_* / NODE_ENV settings) lost its files and answered 500
 * ENOENT. Now each server holds a lease on its build: a file `<builds>/.leases/<build>@<host>@<pid>`,
 * touched every minute while it runs and removed when it closes. The pruner keeps every build with
 * a live lease: touched within LEASE_TTL_MS (any host sharing the folder), or held by a process that
 * is still alive on this host. A lease left by a killed process expires by itself.
 */
import { mkdirSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const LEASES = '.leases';
/** How often a running server renews its lease. */
export const LEASE_RENEW_MS = 60_000;
/** A lease not renewed for this long (its process stopped without releasing it, elsewhere) is dead. */
export const LEASE_TTL_MS = 10 * 60_000;

const host = os.hostname().replace(/[@/\\]/g, '_');

/**
 * Leases `build` (a directory under a `.builds` folder) for this process; anything else (a `dist`
 * made by hand, a test's folder) is not pruned by us and needs none.
 */
export function leaseBuild(build: string): { release(): void } {
  const builds = path.dirname(build);
  if (path.basename(builds) !== '.builds') return { release() {} };
  const dir = path.join(builds, LEASES);
  const file = path.join(dir, `${path.basename(build)}@${host}@${process.pid}`);
  const write = () => {
    try {
      mkdirSync(dir, { recursive: true });
      writeFileSync(file, `${new Date().toISOString()}\n`);
    } catch {
      // A read-only checkout: the server still serves; only pruning cannot see it.
    }
  };
  write();
  const timer = setInterval(() => {
    const now = new Date();
    try {
      utimesSync(file, now, now);
    } catch {
      write();
    }
  }, LEASE_RENEW_MS);
  timer.unref();
  return {
    release() {
      clearInterval(timer);
      rmSync(file, { force: true });
    },
  };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The builds (directory names) that a live server holds a lease on; dead leases are removed. */
export function leasedBuilds(builds: string, now = Date.now()): Set<string> {
  const dir = path.join(builds, LEASES);
  const held = new Set<string>();
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return held;
  }
  for (const name of names) {
    const [build, leaseHost, pid] = name.split('@');
    if (!build || !leaseHost || !pid) continue;
    let fresh = false;
    try {
      fresh = now - statSync(path.join(dir, name)).mtimeMs < LEASE_TTL_MS;
    } catch {
      continue;
    }
    if (fresh || (leaseHost === host && alive(Number(pid)))) held.add(build);
    else rmSync(path.join(dir, name), { force: true });
  }
  return held;
}
