// node --import tsx bench/upload-rss.ts [video|document|picture] [MB, or MP for a picture]
// Starts the real server (embedded database, a fresh DATA_DIR), uploads one large file and prints
// the server process's resident memory before, its highest during the upload, and its peak (VmHWM)
// after: what one large upload costs the server in memory.
//   video MB (default 100): an ad's video.        document MB (default 50): a resume file (PDF).
//   picture MP (default 36): an ad's photo, a JPEG of MP megapixels of noise (about 0.7 MB per MP),
//   made once and kept in the system's temporary folder.
// The caps (MAX_VIDEO_MB, MAX_UPLOAD_MB) are raised above the file. BENCH_REPO=/other/checkout runs
// that checkout's server instead, to compare before and after a change in one sitting.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const KINDS = { video: 100, document: 50, picture: 36 } as const;
type Kind = keyof typeof KINDS;
const first = process.argv[2] ?? 'video';
// `upload-rss.ts 100` (a number alone) is the video bench it always was.
const kind: Kind = first in KINDS ? (first as Kind) : 'video';
const SIZE = Number((first in KINDS ? process.argv[3] : first) ?? KINDS[kind]);
const repo = path.resolve(process.env.BENCH_REPO ?? path.join(import.meta.dirname, '..'));

/** A JPEG of `mp` megapixels of noise (compresses badly, so it is large for its pixels), cached. */
async function noisyJpeg(mp: number): Promise<Buffer> {
  const file = path.join(os.tmpdir(), `caribconnect-bench-${mp}mp.jpg`);
  if (existsSync(file)) return readFile(file);
  const sharp = createRequire(path.join(import.meta.dirname, '../apps/server/'))('sharp') as typeof import('sharp').default;
  const side = Math.round(Math.sqrt(mp * 1_000_000));
  const data = await sharp({ create: { width: side, height: side, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 92 })
    .toBuffer();
  await writeFile(file, data);
  return data;
}

/** The upload's request: its URL, method and form, and what to call it in the output. */
async function upload(categoryId: string): Promise<{ url: string; method: string; form: FormData; label: string }> {
  const form = new FormData();
  if (kind === 'document') {
    // A PDF's header, then padding: recognised as a PDF by its content.
    const head = Buffer.from('%PDF-1.4\n');
    const pdf = Buffer.concat([head, Buffer.alloc(SIZE * 1024 * 1024 - head.length, 32)]);
    form.set('resume', JSON.stringify({ fullName: 'Rss' }));
    form.set('resumeFile', new Blob([pdf], { type: 'application/pdf' }), 'cv.pdf');
    return { url: '/api/resumes/me', method: 'PUT', form, label: `${SIZE} MB document` };
  }
  form.set('title', 'Big upload');
  form.set('description', 'Memory check');
  form.set('categoryId', categoryId);
  form.set('country', 'Jamaica');
  if (kind === 'picture') {
    const jpeg = await noisyJpeg(SIZE);
    form.set('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
    return { url: '/api/ads', method: 'POST', form, label: `${SIZE} MP picture (${(jpeg.length / 1024 / 1024).toFixed(1)} MB JPEG)` };
  }
  // An MP4's first box, then padding: recognised as a video by its content.
  const head = Buffer.from('0000001c6674797069736f6d0000020069736f6d69736f326d703431', 'hex');
  const video = Buffer.concat([head, Buffer.alloc(SIZE * 1024 * 1024 - head.length, 7)]);
  form.set('video', new Blob([video], { type: 'video/mp4' }), 'clip.mp4');
  return { url: '/api/ads', method: 'POST', form, label: `${SIZE} MB video` };
}

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
      // Without SMTP_URL the confirmation email is logged at info level: the bench reads its link there.
      LOG_LEVEL: 'info',
      SMTP_URL: '',
      MAX_VIDEO_MB: String(kind === 'video' ? SIZE + 10 : 100),
      MAX_UPLOAD_MB: String(kind === 'video' ? 5 : SIZE + 10),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let log = '';
  child.stdout!.setEncoding('utf8').on('data', (text: string) => {
    log = (log + text).slice(-200_000);
    for (const line of text.split('\n')) if (/"level":(50|60)/.test(line)) process.stderr.write(`${line}\n`);
  });
  try {
    // Start-up (migrations on the embedded database) can take a minute on a busy machine.
    for (let i = 0; i < 1500; i++) {
      if ((await fetch(`${base}/api/health`).catch(() => null))?.status === 200) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const headers = { origin: base, 'content-type': 'application/json' };
    const email = `rss-${Date.now()}@example.com`;
    const signup = await fetch(`${base}/api/signup`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password: 'correct-horse-battery', role: 'jobseeker', fullName: 'Rss' }),
    });
    if (!signup.ok) throw new Error(`sign-up: HTTP ${signup.status}`);
    // A new account posts once its email is confirmed: follow the link, as the person would.
    let link: string | undefined;
    for (let i = 0; i < 600 && !link; i++) {
      link = /https?:\/\/[^\s"\\]+\/api\/auth\/verify-email[^\s"\\]+/.exec(log)?.[0];
      if (!link) await new Promise((r) => setTimeout(r, 100));
    }
    if (!link) throw new Error(`no confirmation link for ${email} in the server's log`);
    const confirmed = await fetch(link, { redirect: 'manual' });
    const cookie = confirmed.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const categories = (await (await fetch(`${base}/api/ad-categories`)).json()) as { id: string }[];
    const { url, method, form, label } = await upload(categories[0]!.id);
    await new Promise((r) => setTimeout(r, 1000));
    const before = memory(child.pid!);
    // Start-up (migrations, the image library) may have set the process's peak already: sample RSS
    // during the upload too.
    let sampled = before.rss;
    const timer = setInterval(() => (sampled = Math.max(sampled, memory(child.pid!).rss)), 20);
    const started = Date.now();
    const res = await fetch(`${base}${url}`, { method, headers: { origin: base, cookie }, body: form });
    const seconds = (Date.now() - started) / 1000;
    clearInterval(timer);
    const after = memory(child.pid!);
    console.log(
      `${label}${process.env.BENCH_REPO ? ` (${repo})` : ''}: HTTP ${res.status} in ${seconds.toFixed(1)} s; server RSS before ${before.rss} MB, highest during the upload ${sampled} MB (+${sampled - before.rss} MB), after ${after.rss} MB; VmHWM ${before.peak} -> ${after.peak} MB`,
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
