// Runs argon2id for lib/passwords.ts in its own thread. Plain JavaScript, so it starts without a
// TypeScript loader.
import { parentPort } from 'node:worker_threads';
import { hash, verify } from '@node-rs/argon2';

parentPort.on('message', async ({ id, op, password, stored, options }) => {
  try {
    const result = op === 'hash' ? await hash(password, options) : await verify(stored, password).catch(() => false);
    parentPort.postMessage({ id, result });
  } catch (err) {
    parentPort.postMessage({ id, error: String(err) });
  }
});
