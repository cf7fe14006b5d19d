import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { startS3 } from '../test/s3';
import { startSmtpServer, waitFor } from '../test/smtp';
import { FILES, multipart, PASSWORD, uniqueEmail } from '../test/http';
import { phoneJpeg } from './lib/images/test-images';
import { adForm } from './modules/ads/test-helpers';

/**
 * Two real server processes on one PostgreSQL database and one S3-compatible bucket, as an operator
 * runs them behind a load balancer. Only on PostgreSQL runs: the embedded database is one process's.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const ORIGIN = 'http://localhost:3000';
const SIGNIN_LIMIT = 4;

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

interface Delivery {
  to: string[];
  /** The EHLO name of the instance that sent it (SMTP_URL's ?name=). */
  from: string;
}

/**
 * The shared SMTP sink, recording which instance sent each message; `hold(address)` keeps the next
 * message to that address unanswered, so a test can kill the instance in the middle of sending it.
 */
async function startSink() {
  const accepted: Delivery[] = [];
  const held: Delivery[] = [];
  let holdFor: string | null = null;
  const smtp = await startSmtpServer({
    hold: (to, from) => {
      if (!holdFor || !to.includes(holdFor)) return false;
      holdFor = null;
      held.push({ to, from });
      return true;
    },
    onMessage: (to, _raw, from) => accepted.push({ to, from }),
  });
  return {
    accepted,
    held,
    url: (name: string) => `${smtp.url}/?name=${name}`,
    hold: (address: string) => (holdFor = address),
    close: smtp.close,
  };
}

/** A browser against one instance: our Origin on every request, and its session cookie. */
class Browser {
  cookie = '';
  constructor(public base: string) {}
  on(base: string) {
    const other = new Browser(base);
    other.cookie = this.cookie;
    return other;
  }
  async request(method: string, url: string, init: { body?: BodyInit; json?: unknown; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { origin: ORIGIN, ...init.headers };
    if (this.cookie) headers.cookie = this.cookie;
    let body = init.body;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    const res = await fetch(this.base + url, { method, headers, body, redirect: 'manual' });
    const set = res.headers.getSetCookie().find((c) => c.split('=')[0]!.endsWith('session_token'));
    if (set) this.cookie = set.split(';')[0]!;
    return res;
  }
  get = (url: string, headers?: Record<string, string>) => this.request('GET', url, { headers });
  post = (url: string, json: unknown) => this.request('POST', url, { json });
}

interface Instance {
  name: string;
  base: string;
  child: ChildProcess;
  output: () => string;
}

let s3: Awaited<ReturnType<typeof startS3>>;
let sink: Awaited<ReturnType<typeof startSink>>;
let admin: pg.Client;
/** The site's own database, where the tests read a queued email's link. */
let site: pg.Client;
let dbName: string;
let a: Instance;
let b: Instance;

async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'server.ts')], {
    env: { ...process.env, ...env, PORT: String(port), SMTP_URL: sink.url(name) },
    stdio: 'pipe',
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  return { name, base: `http://127.0.0.1:${port}`, child, output: () => output };
}

async function ready(instance: Instance) {
  await waitFor(
    `${instance.name} to be ready`,
    async () => {
      if (instance.child.exitCode !== null) throw new Error(`${instance.name} exited: ${instance.output()}`);
      const res = await fetch(`${instance.base}/api/health/ready`).catch(() => null);
      return res?.status === 200;
    },
    // Each process compiles the app with tsx first: seconds on an idle machine, much more on a busy one.
    120_000,
  );
}

describe.skipIf(!serverUrl)('two server instances on one PostgreSQL database and one bucket', () => {
  beforeAll(async () => {
    [s3, sink] = await Promise.all([startS3(), startSink()]);
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    dbName = `cc_two_${randomBytes(6).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${dbName} TEMPLATE ${inject('pgTemplate')}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${dbName}`;
    site = new pg.Client({ connectionString: url.toString() });
    await site.connect();
    const env = {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      DATABASE_URL: url.toString(),
      STORAGE_URL: s3.url('site'),
      PUBLIC_URL: ORIGIN,
      AUTH_SECRET: 'two-instances-secret-that-is-long-enough-0123',
      // Files live in the bucket and the database on the server: the folder stays empty.
      DATA_DIR: path.join(os.tmpdir(), `caribconnect-${dbName}`),
      LOG_LEVEL: 'warn',
      SIGNIN_RATE_LIMIT: String(SIGNIN_LIMIT),
      SIGNIN_RATE_WINDOW_S: '600',
      QUEUE_TIMINGS: 'retryDelay=1,expireInSeconds=3,pollingIntervalSeconds=0.5,superviseIntervalSeconds=1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_EC2_METADATA_DISABLED: 'true',
    };
    [a, b] = await Promise.all([startInstance('instance-a', env), startInstance('instance-b', env)]);
    await Promise.all([ready(a), ready(b)]);
  }, 180_000);

  afterAll(async () => {
    for (const i of [a, b]) i?.child.kill('SIGKILL');
    await site?.end();
    await sink?.close();
    await s3?.close();
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  });

  /** Signs up and confirms as a person does: the link of the confirmation email, which signs them in. */
  async function signUp(on: Instance, role: 'jobseeker' | 'employer' = 'jobseeker') {
    const browser = new Browser(on.base);
    const email = uniqueEmail(role);
    const res = await browser.post('/api/signup', { email, password: PASSWORD, role, fullName: `Two ${role}` });
    expect(res.status, await res.clone().text()).toBe(200);
    let link: string | undefined;
    await waitFor(
      'the confirmation email job',
      async () => {
        const { rows } = await site.query<{ text: string }>(
          `select data->>'text' as text from pgboss.job where name = 'email' and data->>'to' = $1 and data->>'subject' = 'Confirm your CaribConnect email'`,
          [email],
        );
        link = rows[0] && /https?:\/\/\S+\/api\/auth\/verify-email\S+/.exec(rows[0].text)?.[0];
        return Boolean(link);
      },
      20_000,
    );
    const confirm = new URL(link!);
    expect((await browser.get(confirm.pathname + confirm.search)).status).toBe(302);
    // Delivered before the test goes on, so what a test counts afterwards is only what it caused.
    await waitFor('the confirmation email', () => sink.accepted.some((m) => m.to.includes(email)), 20_000);
    const { user } = (await (await browser.get('/api/me')).json()) as { user: { id: string } };
    return { browser, email, id: user.id };
  }
  const sentTo = (email: string) => sink.accepted.filter((m) => m.to.includes(email)).slice(1);

  it('shares sessions, uploaded pictures (with byte ranges) and private documents', async () => {
    // A session made on A works on B.
    const owner = await signUp(a);
    const me = await owner.browser.on(b.base).get('/api/me');
    expect(me.status).toBe(200);
    expect(JSON.stringify(await me.json())).toContain(owner.id);

    // An ad photo uploaded through A is served by B, whole and by range.
    const categories = (await (await new Browser(b.base).get('/api/ad-categories')).json()) as { id: string }[];
    const form = adForm({
      title: 'Fishing boat',
      description: '24 ft, twin engines',
      categoryId: categories[0]!.id,
      image: { data: await phoneJpeg(400, 300) },
    });
    const posted = await owner.browser.request('POST', '/api/ads', { body: new Uint8Array(form.payload), headers: form.headers });
    expect(posted.status, await posted.clone().text()).toBe(201);
    const ad = (await posted.json()) as { image: { detail: string } };
    const stranger = new Browser(b.base);
    const whole = await stranger.get(ad.image.detail);
    expect(whole.status).toBe(200);
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(200);
    const part = await stranger.get(ad.image.detail, { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);

    // A resume document uploaded through A: B gives it to its owner, refuses it to a stranger.
    const resume = multipart([
      { name: 'resume', data: JSON.stringify({ fullName: 'Ana Díaz', visibility: 'nobody' }) },
      { name: 'resumeFile', filename: 'cv.pdf', contentType: 'application/pdf', data: FILES.pdf },
    ]);
    const saved = await owner.browser.request('PUT', '/api/resumes/me', { body: new Uint8Array(resume.payload), headers: resume.headers });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const mine = await owner.browser.on(b.base).get(`/api/resumes/${owner.id}/document`);
    expect(mine.status).toBe(200);
    expect(Buffer.from(await mine.arrayBuffer()).equals(FILES.pdf)).toBe(true);
    const other = await signUp(b);
    expect((await other.browser.get(`/api/resumes/${owner.id}/document`)).status).toBe(404);
    expect((await stranger.get(`/api/files/resumes/resume-${owner.id}.pdf`)).status).toBe(404);
  });

  it('counts a sign-in limit across both instances', async () => {
    const { email } = await signUp(a);
    const statuses: number[] = [];
    for (let i = 0; i < SIGNIN_LIMIT + 1; i++) {
      const on = i % 2 ? b : a;
      statuses.push((await new Browser(on.base).post('/api/auth/sign-in/email', { email, password: 'wrong-password' })).status);
    }
    // Alternating instances, the limit still falls on the attempt past it.
    expect(statuses.slice(0, SIGNIN_LIMIT).every((s) => s === 401)).toBe(true);
    expect(statuses[SIGNIN_LIMIT]).toBe(429);
  });

  it('sends an email enqueued on one instance once', async () => {
    const { email } = await signUp(b);
    const res = await new Browser(a.base).post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    expect(res.status).toBe(200);
    await waitFor('the reset email', () => sentTo(email).length > 0, 20_000);
    // Both workers poll every half second: give a second send every chance to happen.
    await new Promise((r) => setTimeout(r, 2_500));
    expect(sentTo(email)).toHaveLength(1);
  });

  it('loses no email when the instance sending it is killed with -9', async () => {
    const { email } = await signUp(a);
    sink.hold(email);
    const res = await new Browser(b.base).post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    expect(res.status).toBe(200);
    await waitFor('an instance to be mid-send', () => sink.held.length === 1, 20_000);
    const sender = sink.held[0]!.from === a.name ? a : b;
    const survivor = sender === a ? b : a;
    sender.child.kill('SIGKILL');
    await waitFor('the survivor to send it after the job expires', () => sentTo(email).length > 0, 30_000);
    expect(sentTo(email)).toEqual([{ to: [email], from: survivor.name }]);
  }, 60_000);
});
