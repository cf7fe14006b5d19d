import os from 'node:os';
import { Worker } from 'node:worker_threads';

// OWASP's minimum for argon2id: 19 MiB, 2 iterations, 1 lane.
const ARGON2ID = 2;
export const PASSWORD_HASH_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };
/** The API tests' cost (test/app.ts): still argon2id through the same workers, at the lowest cost. */
const TEST_OPTIONS = { algorithm: ARGON2ID, memoryCost: 1024, timeCost: 1, parallelism: 1 };
let options = PASSWORD_HASH_OPTIONS;

/**
 * The API tests create thousands of accounts, and at OWASP's cost each hash is 40-80 ms of CPU on
 * the 2-core CI machine, minutes of a run spent on nothing the tests check. A hash names its own
 * parameters, so verifying is unaffected either way. Refused outside NODE_ENV=test, so no
 * configuration can weaken real passwords.
 */
export function useTestPasswordCost(cheap: boolean) {
  if (process.env.NODE_ENV !== 'test') throw new Error('the test password cost is for tests only');
  options = cheap ? TEST_OPTIONS : PASSWORD_HASH_OPTIONS;
}

/**
 * Password hashing is CPU- and memory-heavy on purpose. @node-rs/argon2 already hashes off the
 * event loop, but each call reports its 19 MiB to V8, which then collects garbage on the calling
 * thread: measured, 3-5 ms of a sign-in blocked the event loop. So hashing runs in worker threads,
 * at most cores - 1 of them, leaving a core to the event loop that serves everybody else.
 */
const SIZE = Math.max(1, (os.availableParallelism?.() ?? os.cpus().length) - 1);

type Job = { op: 'hash' | 'verify'; password: string; stored?: string };
type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void };

class PasswordPool {
  private workers: Array<{ worker: Worker; busy: number }> = [];
  private pending = new Map<number, Pending>();
  private nextId = 0;

  private pick() {
    if (this.workers.length < SIZE && this.workers.every((w) => w.busy > 0)) {
      const worker = new Worker(new URL('./password-worker.mjs', import.meta.url));
      // An idle worker must not keep a finished process (a test, a command) alive; a busy one must.
      worker.unref();
      worker.on('message', ({ id, result, error }) => {
        const entry = this.workers.find((w) => w.worker === worker);
        if (entry && --entry.busy === 0) worker.unref();
        const p = this.pending.get(id);
        this.pending.delete(id);
        if (error) p?.reject(new Error(error));
        else p?.resolve(result);
      });
      worker.on('error', (err) => {
        for (const [id, p] of this.pending) {
          p.reject(err);
          this.pending.delete(id);
        }
        this.workers = this.workers.filter((w) => w.worker !== worker);
      });
      this.workers.push({ worker, busy: 0 });
    }
    return this.workers.reduce((a, b) => (b.busy < a.busy ? b : a));
  }

  run<T>(job: Job): Promise<T> {
    const entry = this.pick();
    const id = this.nextId++;
    if (entry.busy++ === 0) entry.worker.ref();
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      entry.worker.postMessage({ id, ...job, options });
    });
  }
}

const pool = new PasswordPool();

export const hashPassword = (password: string) => pool.run<string>({ op: 'hash', password });

export const verifyPassword = ({ hash, password }: { hash: string; password: string }) => pool.run<boolean>({ op: 'verify', password, stored: hash });
