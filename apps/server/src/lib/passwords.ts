import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';

// OWASP's minimum for argon2id: 19 MiB, 2 iterations, 1 lane. @node-rs/argon2 runs on libuv's
// thread pool, off the event loop.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashing is deliberately CPU-bound (~70 ms a hash). With one hash per core, a burst of sign-ins
 * takes every core and starves the event loop that serves everybody else, so at most
 * cores - 1 hashes run at once and the rest wait their turn.
 */
const SLOTS = Math.max(1, (os.availableParallelism?.() ?? os.cpus().length) - 1);
let running = 0;
const waiting: Array<() => void> = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export const hashPassword = (password: string) => withSlot(() => hash(password, OPTIONS));

export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }) {
  try {
    return await withSlot(() => verify(stored, password));
  } catch {
    return false;
  }
}
