import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { and, eq, lt, sql } from 'drizzle-orm';
import { idempotencyKeys } from '../db/schema';
import { HttpError, badRequest, conflict } from '../lib/http-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Opt a creating route into Idempotency-Key handling (docs/decisions/0009): a repeat of a request
     * that succeeded gets the first answer again instead of creating a second thing.
     *   app.post('/api/things', { config: { idempotent: true }, ... }, handler)
     */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotencyClaim?: Claim;
  }
}

interface Claim {
  scope: string;
  route: string;
  key: string;
}

const TTL = "interval '24 hours'";
/** A first request still "running" after this long died with its process; a retry may take over. */
const ABANDONED = "interval '2 minutes'";
const VALID_KEY = /^[\x21-\x7e]{1,255}$/;
const PURGE_EVERY_MS = 60 * 60 * 1000;

/** Key order must not matter: the same form sent twice may serialise its fields differently. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? '';
}

/**
 * The URL (which names the job applied to) and the JSON body. A multipart body is read by the
 * handler, after this check, so for uploads only the URL is compared.
 */
const hashRequest = (request: FastifyRequest) => createHash('sha256').update(request.url).update('\n').update(stableJson(request.body)).digest('hex');

/**
 * Idempotency-Key support for routes with `config: { idempotent: true }`. The key is claimed after the
 * route's own guards (appended to its preHandlers) and the answer is stored before it is sent (onSend,
 * ahead of compression). Only successful answers are kept: a refusal or a failure frees the key, so
 * the retry runs again.
 */
export default fp(
  async (app) => {
    const db = () => app.db.db;
    const where = (c: Claim) => and(eq(idempotencyKeys.scope, c.scope), eq(idempotencyKeys.route, c.route), eq(idempotencyKeys.key, c.key));
    let lastPurge = 0;
    let purging: Promise<unknown> | null = null;

    function purgeExpired() {
      if (purging || Date.now() - lastPurge < PURGE_EVERY_MS) return;
      lastPurge = Date.now();
      purging = db()
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, sql.raw(`now() - ${TTL}`)))
        .catch((err: unknown) => app.log.warn({ err }, 'could not purge expired idempotency keys'))
        .finally(() => (purging = null));
    }

    async function replay(request: FastifyRequest, reply: FastifyReply, claim: Claim, hash: string) {
      const [row] = await db()
        .select({
          requestHash: idempotencyKeys.requestHash,
          status: idempotencyKeys.status,
          contentType: idempotencyKeys.contentType,
          body: idempotencyKeys.body,
        })
        .from(idempotencyKeys)
        .where(where(claim));
      if (!row) return false; // freed by a first attempt that failed meanwhile: claim again
      if (row.requestHash !== hash) {
        throw new HttpError(422, 'This Idempotency-Key was already used for a different request.', 'IDEMPOTENCY_KEY_REUSED');
      }
      if (row.status === null) throw conflict('This request is already being processed. Please wait a moment.', 'REQUEST_IN_PROGRESS');
      request.log.info({ idempotencyKey: claim.key }, 'answered a repeated request with its first answer');
      reply.code(row.status).header('idempotent-replayed', 'true');
      if (row.contentType) reply.type(row.contentType);
      await reply.send(row.body || null);
      return true;
    }

    const claimKey: preHandlerHookHandler = async function (request, reply) {
      const key = request.headers['idempotency-key'];
      if (key === undefined) return;
      if (typeof key !== 'string' || !VALID_KEY.test(key)) {
        throw badRequest('The Idempotency-Key header must be 1 to 255 visible characters.', 'INVALID_IDEMPOTENCY_KEY');
      }
      const user = await request.currentUser();
      const claim: Claim = { scope: user ? `user:${user.id}` : `addr:${request.ip}`, route: `${request.method} ${request.routeOptions.url}`, key };
      const hash = hashRequest(request);
      for (let attempt = 0; attempt < 3; attempt++) {
        // Claims a new key, or one whose row expired or was abandoned by a crashed process.
        const claimed = await db()
          .insert(idempotencyKeys)
          .values({ ...claim, requestHash: hash })
          .onConflictDoUpdate({
            target: [idempotencyKeys.scope, idempotencyKeys.route, idempotencyKeys.key],
            set: { requestHash: hash, status: null, contentType: null, body: null, createdAt: sql`now()` },
            setWhere: sql.raw(
              `idempotency_keys.created_at < now() - ${TTL} or (idempotency_keys.status is null and idempotency_keys.created_at < now() - ${ABANDONED})`,
            ),
          })
          .returning({ key: idempotencyKeys.key });
        if (claimed.length) {
          request.idempotencyClaim = claim;
          purgeExpired();
          return;
        }
        if (await replay(request, reply, claim, hash)) return reply;
      }
      throw conflict('This request is already being processed. Please wait a moment.', 'REQUEST_IN_PROGRESS');
    };

    app.addHook('onRoute', (route) => {
      if (!route.config?.idempotent) return;
      const own = route.preHandler ? (Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) : [];
      route.preHandler = [...own, claimKey];
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const claim = request.idempotencyClaim;
      if (!claim) return payload;
      request.idempotencyClaim = undefined;
      const ok = reply.statusCode >= 200 && reply.statusCode < 300 && (payload == null || typeof payload === 'string');
      try {
        if (ok) {
          const contentType = reply.getHeader('content-type');
          await db()
            .update(idempotencyKeys)
            .set({ status: reply.statusCode, contentType: typeof contentType === 'string' ? contentType : null, body: (payload as string | null) ?? '' })
            .where(where(claim));
        } else {
          await db().delete(idempotencyKeys).where(where(claim));
        }
      } catch (err) {
        // The answer itself stands; only a later retry could repeat the action.
        request.log.error({ err }, 'could not record the answer to an Idempotency-Key');
      }
      return payload;
    });

    app.addHook('onClose', async () => {
      await purging;
    });
  },
  { name: 'idempotency' },
);
