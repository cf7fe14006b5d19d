// node --import tsx bench/upload-rss.ts [MB]
// Starts the real server (embedded database, a fresh DATA_DIR), uploads one video of MB megabytes
// (default 100) as an ad, and prints the server process's resident memory before and its peak
// (VmHWM) after: what one large upload costs the server in memory.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const MB = Number(process.argv[2] ?? 100);
const repo = path.resolve(import.meta.dirname, '..');

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

const memory = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
};

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'caribconnect-rss-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repo, 'apps/server/src/server.ts')], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      MAX_VIDEO_MB: String(MB + 10),
    },
    stdio: 'inherit',
  });
  try {
    for (let i = 0; i < 300; i++) {
      if ((await fetch(`${base}/api/health`).catch(() => null))?.status === 200) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const headers = { origin: base, 'content-type': 'application/json' };
    const signup = await fetch(`${base}/api/signup`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: `rss-${Date.now()}@example.com`, password: 'correct-horse-battery', role: 'jobseeker', fullName: 'Rss' }),
    });
    const cookie = signup.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const categories = (await (await fetch(`${base}/api/ad-categories`)).json()) as { id: string }[];
    // An MP4's first box, then padding: recognised as a video by its content.
    const head = Buffer.from('0000001c6674797069736f6d0000020069736f6d69736f326d703431', 'hex');
    const video = Buffer.concat([head, Buffer.alloc(MB * 1024 * 1024 - head.length, 7)]);
    const form = new FormData();
    form.set('title', 'Big video');
    form.set('description', 'Memory check');
    form.set('categoryId', categories[0]!.id);
    form.set('video', new Blob([video], { type: 'video/mp4' }), 'clip.mp4');
    await new Promise((r) => setTimeout(r, 1000));
    const before = memory(child.pid!);
    // Start-up (migrations, the image library) may have set the process's peak already: sample RSS
    // during the upload too.
    let sampled = before.rss;
    const timer = setInterval(() => (sampled = Math.max(sampled, memory(child.pid!).rss)), 20);
    const started = Date.now();
    const res = await fetch(`${base}/api/ads`, { method: 'POST', headers: { origin: base, cookie }, body: form });
    const seconds = (Date.now() - started) / 1000;
    clearInterval(timer);
    const after = memory(child.pid!);
    console.log(
      `${MB} MB video: HTTP ${res.status} in ${seconds.toFixed(1)} s; server RSS before ${before.rss} MB, highest during the upload ${sampled} MB (+${sampled - before.rss} MB), after ${after.rss} MB; VmHWM ${before.peak} -> ${after.peak} MB`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
