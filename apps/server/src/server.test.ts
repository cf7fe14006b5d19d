import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
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
it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'starts, migrates, serves, and on SIGTERM with connections open exits at once, closing the database cleanly',
  { timeout: 120_000 },
  async () => {
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
      // As a browser leaves things: a keep-alive connection whose request was answered, and a spare
      // connection opened ahead of time that never sent a request.
      const agent = new http.Agent({ keepAlive: true });
      const status = await new Promise<number>((resolve) =>
        http.get({ host: '127.0.0.1', port, path: '/api/jobs', agent }, (res) => res.resume().on('end', () => resolve(res.statusCode!))),
      );
      expect(status).toBe(200);
      const spare = net.connect(port, '127.0.0.1').on('error', () => {});
      await new Promise((r) => spare.once('connect', r));
      const started = Date.now();
      child.kill('SIGTERM');
      expect(await exited, stderr).toBe(0);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(existsSync(path.join(dataDir, 'caribconnect.lock'))).toBe(false);
      // pg_control's state (offset 16): 1 = shut down cleanly, 6 = "in production", i.e. the next
      // start would run crash recovery.
      expect(readFileSync(path.join(dataDir, 'db', 'global', 'pg_control')).readUInt32LE(16)).toBe(1);
      agent.destroy();
      spare.destroy();
    } finally {
      child.kill('SIGKILL');
    }
  },
);
