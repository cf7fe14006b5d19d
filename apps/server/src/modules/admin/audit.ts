import { sql } from 'drizzle-orm';
import type { AuditAction, AuditEntry, Page } from '@caribconnect/shared';
import type { Db } from '../../db/client';
import { adminAuditLog } from '../../db/schema';
import { afterCursor, decodeCursor, isoText, rowsOf, toPage } from '../../lib/keyset';

export interface Actor {
  id: string;
  email: string;
}

type Writer = Pick<Db, 'insert'>;

/** Called inside the transaction of the action it records: the action and its record commit together. */
export async function writeAudit(
  tx: Writer,
  actor: Actor,
  entry: { action: AuditAction; targetType: string; targetId: string; targetLabel?: string; before?: unknown; after?: unknown },
) {
  await tx.insert(adminAuditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    targetLabel: entry.targetLabel ?? '',
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

interface AuditRow {
  id: string;
  createdAt: string;
  actorEmail: string;
  action: string;
  targetType: string;
  targetId: string;
  targetLabel: string;
  before: unknown;
  after: unknown;
}

/** Newest first; optionally one action, and/or a text found in the actor's email or the target's label. */
export async function listAudit(db: Db, q: { action?: AuditAction; q?: string; cursor?: string; limit: number }): Promise<Page<AuditEntry>> {
  const after = decodeCursor(q.cursor);
  const term = q.q ? `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await rowsOf<AuditRow>(
    db.execute(sql`
      select l.id, ${sql.raw(isoText('l.created_at'))} as "createdAt", l.actor_email as "actorEmail", l.action,
        l.target_type as "targetType", l.target_id as "targetId", l.target_label as "targetLabel", l.before, l.after
      from admin_audit_log l
      where ${q.action ? sql`l.action = ${q.action}` : sql`true`}
        and ${term ? sql`(l.actor_email ilike ${term} or l.target_label ilike ${term} or l.target_id = ${q.q})` : sql`true`}
        and ${afterCursor('l', after)}
      order by l.created_at desc, l.id desc
      limit ${q.limit + 1}`),
  );
  return toPage(rows, q.limit, (r) => r);
}
