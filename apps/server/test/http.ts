import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { App } from '../src/app';
import { TEST_ORIGIN } from './app';

let counter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}-${Date.now().toString(36)}-${++counter}@example.com`;
export const PASSWORD = 'correct-horse-battery';

/** A caller as the browser would be: our Origin on every request, and a cookie once signed in. */
export class Client {
  cookie = '';
  /** Each client gets its own address by default, so per-address rate limits do not leak between tests. */
  constructor(
    private app: App,
    private remoteAddress = `10.${counter % 250}.${Math.floor(Math.random() * 250)}.${++counter % 250}`,
  ) {}

  async request(opts: InjectOptions): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { origin: TEST_ORIGIN, ...(opts.headers as Record<string, string>) };
    if (this.cookie) headers.cookie = this.cookie;
    const res = await this.app.inject({ remoteAddress: this.remoteAddress, ...opts, headers });
    const set = res.cookies.find((c) => c.name.endsWith('session_token'));
    if (set) this.cookie = set.value && set.maxAge !== 0 ? `${set.name}=${set.value}` : '';
    return res;
  }
  get(url: string) {
    return this.request({ method: 'GET', url });
  }
  post(url: string, payload?: unknown) {
    return this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'] });
  }
  patch(url: string, payload?: unknown) {
    return this.request({ method: 'PATCH', url, payload: payload as InjectOptions['payload'] });
  }
  delete(url: string) {
    return this.request({ method: 'DELETE', url });
  }
}

export async function signUp(app: App, role: 'jobseeker' | 'employer' = 'jobseeker', extra: { fullName?: string; email?: string } = {}) {
  const client = new Client(app);
  const email = extra.email ?? uniqueEmail(role);
  const res = await client.post('/api/signup', { email, password: PASSWORD, role, fullName: extra.fullName ?? `Test ${role}` });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const user = res.json().user as { id: string; email: string; role: string };
  return { client, user, email };
}

/** A multipart body built by hand, so tests control the exact bytes, names and claimed types. */
export function multipart(parts: Array<{ name: string; filename?: string; contentType?: string; data: Buffer | string }>) {
  const boundary = `----caribconnect${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename) head += `; filename="${p.filename}"\r\nContent-Type: ${p.contentType ?? 'application/octet-stream'}`;
    chunks.push(Buffer.from(`${head}\r\n\r\n`), Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Small but real files, recognised by their magic bytes. */
export const FILES = {
  png: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
  html: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
};
