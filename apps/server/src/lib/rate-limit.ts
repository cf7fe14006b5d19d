import type { FastifyRequest } from 'fastify';
import { tooManyRequests } from './http-error';

/**
 * A fixed-window limiter per client address for our own routes (better-auth limits its own), or per
 * whatever `key` returns (e.g. the signed-in user, for limits that follow a person, not an address).
 * In memory: one server instance; behind several instances each keeps its own count.
 */
export function rateLimit({
  max,
  windowMs,
  message,
  code,
  key = (request) => request.ip,
}: {
  max: number;
  windowMs: number;
  message: string;
  code?: string;
  key?: (request: FastifyRequest) => string | Promise<string>;
}) {
  const hits = new Map<string, { count: number; resetAt: number }>();
  return async (request: FastifyRequest) => {
    const now = Date.now();
    if (hits.size > 10_000) for (const [k, v] of hits) if (v.resetAt <= now) hits.delete(k);
    const id = await key(request);
    const entry = hits.get(id);
    if (!entry || entry.resetAt <= now) {
      hits.set(id, { count: 1, resetAt: now + windowMs });
      return;
    }
    entry.count += 1;
    if (entry.count > max) throw tooManyRequests(message, code);
  };
}
