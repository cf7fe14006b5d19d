import { hash, verify } from '@node-rs/argon2';

// OWASP's minimum for argon2id: 19 MiB, 2 iterations, 1 lane. @node-rs/argon2 runs on libuv's
// thread pool, so a sign-in does not stall other requests on the event loop.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }) {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
