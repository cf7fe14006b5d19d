import { sql } from 'drizzle-orm';
import type { FeedbackItem } from '@caribconnect/shared';
import type { Db } from '../../db/client';
import { feedback } from '../../db/schema';

export async function submitFeedback(db: Db, input: { name: string | null; message: string }, author: { id: string; email: string } | null) {
  const [row] = await db
    .insert(feedback)
    .values({ name: input.name, message: input.message, userId: author?.id ?? null, email: author?.email ?? null })
    .returning({ id: feedback.id });
  return row!;
}

export async function listFeedback(db: Db, limit: number): Promise<FeedbackItem[]> {
  // Ordered exactly as feedback_created_at_idx, so the newest rows come straight from the index.
  const rows = await db
    .select()
    .from(feedback)
    .orderBy(sql`${feedback.createdAt} desc nulls last`, sql`${feedback.id} desc nulls last`)
    .limit(limit);
  return rows.map((r) => ({ id: r.id, name: r.name, message: r.message, email: r.email, createdAt: r.createdAt.toISOString() }));
}
