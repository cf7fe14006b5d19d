import type { ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../db/client';
import { rowsOf } from '../lib/keyset';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

export interface UserEvent {
  userId: string;
  type: string;
  data: unknown;
}

export interface Realtime {
  /**
   * Records one event for each person (at most one per person per call) inside the caller's
   * transaction; every server instance hears of them when it commits, and a rollback sends nothing.
   */
  publish(tx: Db, events: UserEvent[]): Promise<void>;
  /** Turns this request into the person's event stream (Server-Sent Events) until either side ends it. */
  serve(request: FastifyRequest, reply: FastifyReply, userId: string, stillAllowed: () => Promise<boolean>): void;
  /** Open streams on this instance (tests, metrics). */
  readonly openStreams: number;
}

export const EVENTS_CHANNEL = 'cc_user_events';
const HEARTBEAT_MS = 20_000;
/** Every third heartbeat (a minute) each stream's session is checked again: sign-out and bans end it. */
const RECHECK_EVERY = 3;
/** A reconnecting client further behind than this gets `reset` (reload your lists) instead of a replay. */
const CATCH_UP_LIMIT = 500;
/** A client that stopped reading is cut off rather than buffered without end; it reconnects and catches up. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** NOTIFY payloads are capped at 8000 bytes; larger events travel as a reference read from the table. */
const INLINE_MAX_BYTES = 7000;
const RETENTION = '7 days';

interface Stream {
  userId: string;
  res: ServerResponse;
  lastSeq: number;
  syncing: boolean;
  /** Something arrived while syncing: look again before going idle. */
  again: boolean;
  closed: boolean;
  stillAllowed: () => Promise<boolean>;
}

interface Notice {
  u: string;
  s: number;
  t?: string;
  d?: unknown;
}

const byUserId = (a: UserEvent, b: UserEvent) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0);

export default fp(
  async (app) => {
    const database = app.db;
    const db = database.db;
    const streams = new Map<string, Set<Stream>>();
    let open = 0;
    let closing = false;

    function write(stream: Stream, chunk: string) {
      if (stream.closed) return;
      stream.res.write(chunk);
      if (stream.res.writableLength > MAX_BUFFERED_BYTES) end(stream, true);
    }

    const eventText = (seq: number, type: string, data: unknown) => `id: ${seq}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`;

    function end(stream: Stream, destroy = false) {
      if (stream.closed) return;
      stream.closed = true;
      const set = streams.get(stream.userId);
      set?.delete(stream);
      if (set && !set.size) streams.delete(stream.userId);
      open--;
      if (destroy) stream.res.destroy();
      else stream.res.end();
    }

    const currentSeq = async (userId: string) =>
      Number((await rowsOf<{ seq: string }>(db.execute(sql`select seq from user_event_seqs where user_id = ${userId}`)))[0]?.seq ?? 0);

    /** Sends everything after stream.lastSeq from the table, in order; a hole or a long absence becomes `reset`. */
    async function sync(stream: Stream) {
      if (stream.syncing) {
        stream.again = true;
        return;
      }
      stream.syncing = true;
      try {
        do {
          stream.again = false;
          const rows = await rowsOf<{ seq: string; type: string; data: unknown }>(
            db.execute(sql`select seq, type, data from user_events where user_id = ${stream.userId} and seq > ${stream.lastSeq}
              order by seq limit ${CATCH_UP_LIMIT + 1}`),
          );
          if (rows.length > CATCH_UP_LIMIT || (rows.length && Number(rows[0]!.seq) !== stream.lastSeq + 1)) {
            stream.lastSeq = await currentSeq(stream.userId);
            write(stream, eventText(stream.lastSeq, 'reset', {}));
            continue;
          }
          for (const row of rows) {
            stream.lastSeq = Number(row.seq);
            write(stream, eventText(stream.lastSeq, row.type, row.data));
          }
        } while (stream.again && !stream.closed);
      } catch (err) {
        app.log.warn({ err }, 'event stream catch-up failed; the client will reconnect');
        end(stream, true);
      } finally {
        stream.syncing = false;
      }
    }

    function onNotice(payload: string | undefined) {
      if (!payload) return;
      let notice: Notice;
      try {
        notice = JSON.parse(payload) as Notice;
      } catch {
        return;
      }
      const set = streams.get(notice.u);
      if (!set) return;
      for (const stream of set) {
        if (stream.syncing) stream.again = true;
        else if (notice.s <= stream.lastSeq) continue;
        else if (notice.s === stream.lastSeq + 1 && notice.t !== undefined) {
          stream.lastSeq = notice.s;
          write(stream, eventText(notice.s, notice.t, notice.d));
        } else void sync(stream);
      }
    }

    /** After the listener was down, notifications may have been missed: every stream looks in the table. */
    function resyncAll() {
      for (const set of streams.values()) for (const stream of set) void sync(stream);
    }

    // One listener per instance. PostgreSQL: a dedicated connection outside the pool, reconnected
    // when it drops. PGlite: its own LISTEN support (one process, one connection).
    let stopListening: () => Promise<void> = async () => {};
    if (database.pglite) {
      const unlisten = await database.pglite.listen(EVENTS_CHANNEL, onNotice);
      stopListening = () => unlisten();
    } else if (database.pool) {
      let client: pg.Client | null = null;
      let retry: NodeJS.Timeout | null = null;
      const connect = async (attempt: number): Promise<void> => {
        if (closing) return;
        const c = new pg.Client(database.pool!.options);
        c.on('notification', (msg) => onNotice(msg.payload));
        c.on('error', (err) => app.log.warn({ err }, 'realtime listener connection failed'));
        c.on('end', () => {
          if (client !== c || closing) return;
          client = null;
          retry = setTimeout(() => void connect(1), 500);
        });
        try {
          await c.connect();
          await c.query(`LISTEN ${EVENTS_CHANNEL}`);
          client = c;
          if (attempt > 0) resyncAll();
        } catch (err) {
          await c.end().catch(() => {});
          if (attempt === 0) throw err;
          app.log.warn({ err }, 'realtime listener reconnect failed; retrying');
          retry = setTimeout(() => void connect(attempt + 1), Math.min(10_000, 500 * 2 ** attempt));
        }
      };
      await connect(0);
      stopListening = async () => {
        if (retry) clearTimeout(retry);
        const c = client;
        client = null;
        await c?.end().catch(() => {});
      };
    }

    let ticks = 0;
    const heartbeat = setInterval(() => {
      ticks++;
      for (const set of streams.values()) {
        for (const stream of set) {
          write(stream, ': ping\n\n');
          if (ticks % RECHECK_EVERY === 0) {
            stream.stillAllowed().then(
              (ok) => ok || end(stream),
              () => {},
            );
          }
        }
      }
    }, HEARTBEAT_MS).unref();

    // Old events only serve clients away for days; those get `reset` and reload their lists.
    const prune = setInterval(() => {
      db.execute(sql`delete from user_events where created_at < now() - ${RETENTION}::interval`).catch((err) => app.log.warn({ err }, 'pruning events failed'));
    }, 60 * 60_000).unref();

    app.decorate('realtime', {
      get openStreams() {
        return open;
      },

      async publish(tx, events) {
        if (!events.length) return;
        const sorted = [...events].sort(byUserId);
        // Sorted, so two transactions lock the same people's counters in the same order (no deadlock).
        const seqRows = sql.join(
          sorted.map((e) => sql`(${e.userId}, 1::bigint)`),
          sql`, `,
        );
        const eventRows = sql.join(
          sorted.map((e) => sql`(${e.userId}, ${e.type}, ${JSON.stringify(e.data)}::jsonb)`),
          sql`, `,
        );
        await tx.execute(sql`with s as (
            insert into user_event_seqs (user_id, seq) values ${seqRows}
            on conflict (user_id) do update set seq = user_event_seqs.seq + 1
            returning user_id, seq),
          v (user_id, type, data) as (values ${eventRows}),
          e as (
            insert into user_events (user_id, seq, type, data)
            select s.user_id, s.seq, v.type, v.data from s join v on v.user_id = s.user_id
            returning user_id, seq, type, data)
          select pg_notify(${EVENTS_CHANNEL}, (case when octet_length(data::text) <= ${INLINE_MAX_BYTES}
            then json_build_object('u', user_id, 's', seq, 't', type, 'd', data)
            else json_build_object('u', user_id, 's', seq) end)::text) from e`);
      },

      serve(request, reply, userId, stillAllowed) {
        const given = request.headers['last-event-id'] ?? (request.query as { since?: string } | undefined)?.since;
        const since = typeof given === 'string' && /^\d{1,15}$/.test(given) ? Number(given) : null;
        // Hijacked: nothing (compression, serialisation) may buffer the stream; the headers the
        // hooks set so far (security headers, request id) are copied over.
        reply.hijack();
        const res = reply.raw;
        const headers = { ...reply.getHeaders() } as Record<string, string | number | string[]>;
        delete headers['content-length'];
        delete headers['content-encoding'];
        res.writeHead(200, {
          ...headers,
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store, no-transform',
          connection: 'keep-alive',
          // nginx and similar proxies would otherwise hold events back in their buffers.
          'x-accel-buffering': 'no',
        });
        res.socket?.setNoDelay(true);
        res.write('retry: 2000\n\n');

        const stream: Stream = { userId, res, lastSeq: 0, syncing: true, again: false, closed: false, stillAllowed };
        let set = streams.get(userId);
        if (!set) streams.set(userId, (set = new Set()));
        set.add(stream);
        open++;
        request.raw.on('close', () => end(stream));
        if (closing) return end(stream);

        void (async () => {
          try {
            const current = await currentSeq(userId);
            if (since === null || since > current) {
              // A new stream starts now; an id from the future (another database) means start over.
              stream.lastSeq = current;
              write(stream, eventText(current, since === null ? 'ready' : 'reset', {}));
            } else {
              stream.lastSeq = since;
              write(stream, eventText(since, 'ready', {}));
            }
          } catch (err) {
            app.log.warn({ err }, 'event stream failed to start');
            return end(stream, true);
          } finally {
            stream.syncing = false;
          }
          // A reconnecting client gets what it missed; anyone gets what arrived while starting.
          if (since !== null || stream.again) await sync(stream);
        })();
      },
    } satisfies Realtime);

    // Before the server stops accepting: open streams would otherwise keep app.close() waiting.
    app.addHook('preClose', async () => {
      closing = true;
      clearInterval(heartbeat);
      clearInterval(prune);
      for (const set of [...streams.values()]) for (const stream of [...set]) end(stream);
    });
    app.addHook('onClose', async () => {
      await stopListening();
    });
  },
  { name: 'realtime', dependencies: ['db'] },
);
