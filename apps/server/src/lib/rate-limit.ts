import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { tooManyRequests } from './http-error';

export interface Limit {
  /** Namespace of the counters, e.g. 'sign-in'. */
  name: string;
  max: number;
  windowMs: number;
}

export interface Hit {
  allowed: boolean;
  hits: number;
  resetAt: Date;
}

const SWEEP_EVERY_MS = 10 * 60 * 1000;
let nextSweep = 0;

/**
 * Counts one hit of `key` against `limit` in the database, so every server instance on it shares
 * the count. Fixed window: it starts at the first hit after the previous window ended and really
 * ends `windowMs` later, however steady the traffic (unlike a window that restarts on each hit).
 * One upsert per hit; PostgreSQL serialises concurrent hits on the same row.
 */
export async function hit(db: Db, limit: Limit, key: string, now = Date.now()): Promise<Hit> {
  const id = counterKey(limit.name, key);
  const at = new Date(now).toISOString();
  const until = new Date(now + limit.windowMs).toISOString();
  const result = (await db.execute(sql`
    insert into rate_limits (key, hits, reset_at) values (${id}, 1, ${until}::timestamptz)
    on conflict (key) do update set
      hits = case when rate_limits.reset_at <= ${at}::timestamptz then 1 else rate_limits.hits + 1 end,
      reset_at = case when rate_limits.reset_at <= ${at}::timestamptz then excluded.reset_at else rate_limits.reset_at end
    returning hits, reset_at`)) as unknown as { rows: Array<{ hits: number; reset_at: string | Date }> };
  if (now >= nextSweep) {
    nextSweep = now + SWEEP_EVERY_MS;
    await db.execute(sql`delete from rate_limits where reset_at <= ${at}::timestamptz`);
  }
  const row = result.rows[0]!;
  const hits = Number(row.hits);
  return { allowed: hits <= limit.max, hits, resetAt: new Date(row.reset_at) };
}

/** Keys longer than this (they may come from what a client sends) are stored as a hash. */
const MAX_KEY = 200;
function counterKey(name: string, key: string): string {
  const id = `${name}:${key}`;
  return id.length <= MAX_KEY ? id : `${name}:sha256:${createHash('sha256').update(key).digest('hex')}`;
}

/**
 * The address a limit counts: IPv4 as is; IPv6 by its /64, the block one household or phone
 * usually gets whole, so walking through its addresses does not reset the count.
 */
export function addressKey(ip: string): string {
  const bare = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return mapped[1]!;
  if (isIPv4(bare) || !isIPv6(bare)) return bare;
  return `${expandIPv6(bare).slice(0, 4).join(':')}::/64`;
}

function expandIPv6(ip: string): string[] {
  let text = ip.toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = text.slice(0, v4.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const middle = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((g) => parseInt(g, 16).toString(16));
}

export type KeyOf = (request: FastifyRequest) => string | null | undefined | Promise<string | null | undefined>;

/** The caller's network address (IPv6 grouped by /64). */
export const byAddress: KeyOf = (request) => addressKey(request.ip);
/** The signed-in person; anonymous callers are counted by address instead. */
export const byUser: KeyOf = async (request) => (await request.currentUser())?.id;

export interface RateLimitOptions {
  max: number;
  windowMs: number;
  /** Shown to the person refused. */
  message: string;
  /** The error code the web app translates; RATE_LIMITED by default. */
  code?: string;
  /** Counter namespace; by default the route (`POST /api/feedback`). */
  name?: string;
  /** What is counted; by default the caller's address. A null key falls back to the address. */
  key?: KeyOf;
  /** The clock; tests move it. */
  now?: () => number;
}

/**
 * A preHandler that answers 429 (with Retry-After) past `max` hits per `windowMs`. Counters live
 * in the database (`hit`), so the limit holds across server instances.
 */
export function rateLimit({ max, windowMs, message, code, name, key = byAddress, now = () => Date.now() }: RateLimitOptions) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const limit = { name: name ?? `${request.method} ${request.routeOptions.url ?? request.url}`, max, windowMs };
    const counted = (await key(request)) ?? addressKey(request.ip);
    const at = now();
    const result = await hit(request.server.db.db, limit, counted, at);
    if (!result.allowed) {
      reply.header('retry-after', Math.max(1, Math.ceil((result.resetAt.getTime() - at) / 1000)));
      throw tooManyRequests(message, code);
    }
  };
}
