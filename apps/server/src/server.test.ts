import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'caribconnect-server-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

// Runs the real server process on the embedded database, once (in the PGlite pass).
it.skipIf(Boolean(process.env.TEST_DATABASE_URL))('starts, migrates, serves, and on SIGTERM finishes and releases the database', { timeout: 120_000 }, async () => {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'server.ts')], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    stdio: 'pipe',
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    let health: Response | null = null;
    for (let i = 0; i < 500 && !health; i++) {
      await new Promise((r) => setTimeout(r, 200));
      health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
    }
    expect(health?.status, stderr).toBe(200);
    expect(existsSync(path.join(dataDir, 'caribconnect.lock'))).toBe(true);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'caribconnect.lock'))).toBe(false);
  } finally {
    child.kill('SIGKILL');
  }
});
