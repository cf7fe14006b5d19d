import http from 'node:http';
import type { App } from '../src/app';

export interface SseEvent {
  id: string | null;
  event: string;
  data: unknown;
}

/** The app on a real port (streams never end, so `inject` cannot read them). */
export async function listen(app: App): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

/** A minimal EventSource for tests: parses events as they arrive and lets a test wait for one. */
export class SseClient {
  events: SseEvent[] = [];
  comments = 0;
  status = 0;
  headers: http.IncomingHttpHeaders = {};
  ended = false;
  private req: http.ClientRequest | null = null;
  private waiters: Array<() => void> = [];

  static async open(base: string, cookie: string, extra: Record<string, string> = {}, path = '/api/messages/stream'): Promise<SseClient> {
    const client = new SseClient();
    await new Promise<void>((resolve, reject) => {
      client.req = http.get(`${base}${path}`, { headers: { cookie, accept: 'text/event-stream', ...extra } }, (res) => {
        client.status = res.statusCode ?? 0;
        client.headers = res.headers;
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let at: number;
          while ((at = buffer.indexOf('\n\n')) >= 0) {
            client.parse(buffer.slice(0, at));
            buffer = buffer.slice(at + 2);
          }
        });
        res.on('end', () => {
          client.ended = true;
          client.wake();
        });
        res.on('error', () => {});
        resolve();
      });
      client.req.on('error', (err) => (client.status ? undefined : reject(err)));
    });
    return client;
  }

  private parse(block: string) {
    let id: string | null = null;
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) this.comments++;
      else if (line.startsWith('id: ')) id = line.slice(4);
      else if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data.push(line.slice(6));
    }
    if (!data.length) return;
    this.events.push({ id, event, data: JSON.parse(data.join('\n')) });
    this.wake();
  }

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** Resolves once `count` events of this type have arrived (or throws after `ms`). */
  async waitFor(event: string, count = 1, ms = 5000): Promise<SseEvent[]> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.events.filter((e) => e.event === event);
      if (found.length >= count) return found;
      if (this.ended) throw new Error(`stream ended before ${count} '${event}' events (got ${found.length})`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${count} '${event}' events (got ${found.length}: ${JSON.stringify(this.events)})`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async waitForEnd(ms = 5000) {
    const deadline = Date.now() + ms;
    while (!this.ended && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    return this.ended;
  }

  get lastId(): string | null {
    return this.events.at(-1)?.id ?? null;
  }

  close() {
    this.req?.destroy();
  }
}
