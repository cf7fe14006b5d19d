import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DatabaseInUseError extends Error {}

export const LOCK_FILE = 'caribconnect.lock';

/** Who holds the lock: a pid alone is not enough, pids are reused after a reboot or container restart. */
export interface LockOwner {
  pid: number;
  /** Start time of the process in clock ticks since boot (/proc/<pid>/stat, field 22); null off Linux. */
  start: string | null;
  /** /proc/sys/kernel/random/boot_id: a lock from a previous boot is stale whatever its pid. */
  boot: string | null;
}

const readOr = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};

export function processStart(pid: number): string | null {
  const stat = readOr(`/proc/${pid}/stat`);
  // The command name (field 2) may hold spaces and parentheses; count fields after its last ')'.
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
}

export const bootId = () => readOr('/proc/sys/kernel/random/boot_id')?.trim() ?? null;

export function lockOwner(pid: number): LockOwner {
  return { pid, start: processStart(pid), boot: bootId() };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Seconds since the epoch at which a process started, from /proc (Linux's USER_HZ is 100). */
function startedAt(start: string): number | null {
  const btime = readOr('/proc/stat')?.match(/^btime (\d+)$/m)?.[1];
  return btime ? Number(btime) + Number(start) / 100 : null;
}

/**
 * Whether the process named in a lock file still holds it. A live pid is not proof: after a reboot
 * or a container restart it may belong to an unrelated process, so its start time (and the boot)
 * must match what the lock recorded. A lock in the older pid-only format is stale when it was
 * written before the process now carrying that pid started.
 */
export function holdsLock(recorded: LockOwner, lockWrittenMs: number): boolean {
  if (!recorded.pid || !isAlive(recorded.pid)) return false;
  const now = lockOwner(recorded.pid);
  if (recorded.boot && now.boot && recorded.boot !== now.boot) return false;
  if (recorded.start && now.start) return recorded.start === now.start;
  if (!recorded.start && now.start) {
    const started = startedAt(now.start);
    if (started !== null && lockWrittenMs / 1000 < started - 1) return false;
  }
  return true;
}

function parseLock(text: string): LockOwner {
  try {
    const parsed = JSON.parse(text) as Partial<LockOwner> | number;
    if (typeof parsed === 'number') return { pid: parsed, start: null, boot: null };
    return { pid: Number(parsed.pid) || 0, start: parsed.start ?? null, boot: parsed.boot ?? null };
  } catch {
    return { pid: 0, start: null, boot: null };
  }
}

/**
 * PGlite is one process's database: a second process opening the same directory corrupts it.
 * The lock file names the owner (pid, its start time, the boot); a lock whose owner is gone is taken over.
 * Two processes taking over the same stale lock in the same instant could both succeed; starting
 * two servers on one directory at once is not a case this guards.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, JSON.stringify(lockOwner(process.pid)));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let written = 0;
      let text = '';
      try {
        written = statSync(lockFile).mtimeMs;
        text = readFileSync(lockFile, 'utf8');
      } catch {
        continue; // removed in between: try again
      }
      const owner = parseLock(text);
      if (holdsLock(owner, written)) {
        throw new DatabaseInUseError(
          owner.pid === process.pid
            ? `The embedded database in ${dir} is already open in this process.`
            : `The embedded database in ${dir} is in use by another process (pid ${owner.pid}), probably the running server. ` +
                'Stop it first, or set DATABASE_URL to use a PostgreSQL server, which many processes can share.',
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new DatabaseInUseError(`Could not lock ${dir}`);
}
