import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import type { App } from '../src/app';
import { EMAIL_CATALOGS } from '../src/lib/emails';
import { rowsOf } from '../src/lib/keyset';
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
  put(url: string, payload?: unknown) {
    return this.request({ method: 'PUT', url, payload: payload as InjectOptions['payload'] });
  }
  patch(url: string, payload?: unknown) {
    return this.request({ method: 'PATCH', url, payload: payload as InjectOptions['payload'] });
  }
  delete(url: string) {
    return this.request({ method: 'DELETE', url });
  }
}

/** Signs up through POST /api/signup (which answers the same for every address and signs no one in). */
export async function signUpOnly(app: App, role: string, email: string, fullName = `Test ${role}`, client = new Client(app), language?: string) {
  // An employer's sign-up names their company (issue 44): one per test account unless a test says otherwise.
  const companyName = role === 'employer' ? `${fullName || 'Test'} Company` : undefined;
  const res = await client.post('/api/signup', {
    email,
    password: PASSWORD,
    role,
    fullName,
    ...(companyName && { companyName }),
    ...(language && { language }),
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return client;
}

/**
 * The confirmation link better-auth wrote for `email`, read from the queued email job. The job is
 * taken out of the queue when it has not run yet, so the helpers' accounts leave no stray email
 * in the outbox of the test that made them.
 */
export async function confirmationLinkFor(app: App, email: string): Promise<string> {
  // In whichever language the account was created in.
  const subjects = sql.join(
    Object.values(EMAIL_CATALOGS).map((c) => sql`${c['auth.confirm.subject']}`),
    sql`, `,
  );
  for (let attempt = 0; attempt < 50; attempt++) {
    const taken = await rowsOf<{ text: string }>(
      app.db.db.execute(
        sql`delete from pgboss.job where name = 'email' and state = 'created' and data->>'to' = ${email} and data->>'subject' in (${subjects}) returning data->>'text' as text`,
      ),
    );
    const rows = taken.length
      ? taken
      : await rowsOf<{ text: string }>(
          app.db.db.execute(
            sql`select data->>'text' as text from pgboss.job where name = 'email' and data->>'to' = ${email} and data->>'subject' in (${subjects}) order by created_on desc limit 1`,
          ),
        );
    const link = rows[0] && /https?:\/\/\S+\/api\/auth\/verify-email\S+/.exec(rows[0].text)?.[0];
    if (link && !taken.length) await dropSentConfirmation(app, email, subjects);
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no confirmation email for ${email}`);
}

/**
 * A busy machine's worker may take the confirmation email before the helper does: wait for that
 * send to end, then take the email out of the outbox, so the test still sees only its own emails.
 */
async function dropSentConfirmation(app: App, email: string, subjects: ReturnType<typeof sql.join>) {
  for (let attempt = 0; attempt < 250; attempt++) {
    const busy = await rowsOf<{ n: number }>(
      app.db.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = 'email' and state in ('created', 'retry', 'active') and data->>'to' = ${email} and data->>'subject' in (${subjects})`,
      ),
    );
    if (!busy[0]?.n) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const confirmSubjects = new Set(Object.values(EMAIL_CATALOGS).map((c) => c['auth.confirm.subject']));
  const outbox = app.mailer.outbox;
  for (let i = outbox.length - 1; i >= 0; i--) if (outbox[i]!.to === email && confirmSubjects.has(outbox[i]!.subject)) outbox.splice(i, 1);
}

/** Follows a confirmation link as the browser does; better-auth signs the client in on the way. */
export async function confirmEmail(app: App, client: Client, email: string) {
  const link = new URL(await confirmationLinkFor(app, email));
  const res = await client.get(link.pathname + link.search);
  if (res.statusCode !== 302 || !res.headers.location?.toString().startsWith('/email-confirmed') || res.headers.location.includes('error')) {
    throw new Error(`confirmation failed: ${res.statusCode} ${res.headers.location}`);
  }
  return res;
}

/**
 * A new account, confirmed through the real link of its confirmation email and signed in by it,
 * as a person who signs up and clicks the link is: ready to post.
 */
export async function signUp(app: App, role: 'jobseeker' | 'employer' = 'jobseeker', extra: { fullName?: string; email?: string; language?: string } = {}) {
  const email = extra.email ?? uniqueEmail(role);
  const client = await signUpOnly(app, role, email, extra.fullName ?? `Test ${role}`, new Client(app), extra.language);
  await confirmEmail(app, client, email);
  const me = await client.get('/api/me');
  const user = me.json().user as { id: string; email: string; role: string } | null;
  if (!user) throw new Error(`not signed in after confirming: ${me.body}`);
  return { client, user: { id: user.id, email: user.email, role: user.role }, email };
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

/**
 * Signs `client` in with a password and then the second factor: a TOTP `code` (or a backup code
 * with `backup`). Returns both answers; the client holds the session when the second succeeded.
 */
export async function signInWithCode(client: Client, email: string, code: string, { backup = false, password = PASSWORD } = {}) {
  const first = await client.post('/api/auth/sign-in/email', { email, password });
  const pending = first.cookies.find((c) => c.name.endsWith('two_factor'));
  const cookie = pending ? `${pending.name}=${pending.value}` : '';
  const second = await client.request({
    method: 'POST',
    url: backup ? '/api/auth/two-factor/verify-backup-code' : '/api/auth/two-factor/verify-totp',
    payload: { code },
    headers: { cookie },
  });
  return { first, second };
}
