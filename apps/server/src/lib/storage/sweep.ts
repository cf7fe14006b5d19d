import type { ListedFile, Storage } from './storage';

/** Given stored keys of an area, answers which of them rows still point to. */
export type ReferenceChecker = (keys: string[]) => Promise<Iterable<string>>;

export interface SweepResult {
  /** Unreferenced files removed, per area. */
  removed: Record<string, number>;
  temporaries: number;
}

const HOUR = 60 * 60 * 1000;
const BATCH = 500;

/**
 * Removes files no row points to: uploads whose row never committed (a crash, a failed insert whose
 * clean-up failed too) and files left by deletes whose clean-up failed. Such files are often personal
 * data (resumes), so they must not pile up.
 *
 * Every domain that stores files registers, for each storage area it writes, a checker that says
 * which keys are still referenced. Only areas with a checker are swept: an area nobody registered is
 * never touched. A file is kept while any checker of its area claims it, so a domain that starts
 * writing into an area already registered by another MUST register its own checker too.
 * Files younger than `minAge` (an hour) are never removed: their row may still be on its way.
 */
export function createFileSweeper(opts: {
  storage: Storage;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  minAgeMs?: number;
}) {
  const { storage, log } = opts;
  const minAgeMs = opts.minAgeMs ?? HOUR;
  const checkers = new Map<string, ReferenceChecker[]>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<SweepResult> | null = null;

  async function sweepBatch(area: string, batch: ListedFile[]): Promise<number> {
    const keys = batch.map((f) => f.key);
    const referenced = new Set<string>();
    for (const check of checkers.get(area) ?? []) for (const key of await check(keys)) referenced.add(key);
    let removed = 0;
    for (const key of keys) {
      if (referenced.has(key)) continue;
      await storage.delete(key);
      removed++;
    }
    return removed;
  }

  async function sweep(now = new Date()): Promise<SweepResult> {
    const before = new Date(now.getTime() - minAgeMs);
    const result: SweepResult = { removed: {}, temporaries: 0 };
    for (const area of checkers.keys()) {
      let batch: ListedFile[] = [];
      let removed = 0;
      for await (const file of storage.list(area)) {
        if (file.modifiedAt >= before) continue;
        batch.push(file);
        if (batch.length === BATCH) {
          removed += await sweepBatch(area, batch);
          batch = [];
        }
      }
      if (batch.length) removed += await sweepBatch(area, batch);
      result.removed[area] = removed;
    }
    result.temporaries = (await storage.removeTemporaries?.(before)) ?? 0;
    const total = Object.values(result.removed).reduce((a, b) => a + b, 0) + result.temporaries;
    if (total) log.info({ sweep: result }, 'removed files no row points to');
    return result;
  }

  return {
    /** See createFileSweeper. `area` is a key's first segment, e.g. 'avatars' for avatars/{userId}.png. */
    register(area: string, checker: ReferenceChecker) {
      checkers.set(area, [...(checkers.get(area) ?? []), checker]);
    },
    areas: () => [...checkers.keys()],
    /** One sweep; concurrent calls share the sweep in progress. */
    run(now?: Date): Promise<SweepResult> {
      running ??= sweep(now).finally(() => (running = null));
      return running;
    },
    /** Sweeps now, then every intervalMs, in the background; the timer never keeps the process up. */
    start(intervalMs = HOUR) {
      const tick = () => void this.run().catch((err: unknown) => log.error({ err }, 'file sweep failed'));
      tick();
      timer = setInterval(tick, intervalMs).unref();
    },
    /** Stops the timer and waits for a sweep in progress, so the database is not closed under it. */
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running?.catch(() => {});
    },
  };
}

export type FileSweeper = ReturnType<typeof createFileSweeper>;
