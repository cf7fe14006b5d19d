import { and, eq, ne, sql } from 'drizzle-orm';
import { ACCOUNT_STATES, holdsAdminRole, LOCKED_ROLES, type AdminUser, type Page, type Role } from '@caribconnect/shared';
import type { Db } from '../../db/client';
import { profiles, session, user } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../lib/http-error';
import { rowsOf } from '../../lib/keyset';
import { cancelUpcomingInterviews, countUpcomingInterviews, type InterviewRow } from '../../lib/interviews/rows';
import { filesOfUser } from '../../lib/user-files';
import { writeAudit, type Actor } from './audit';

/**
 * Sets someone's role. Admins cannot be demoted here (nor can an admin change their own role), so
 * the platform never loses its last administrator by a slip. Suspending or banning ends every
 * session of that person in the same transaction: they are out on their next request. Undo is the
 * same call with the previous role, and is recorded the same way.
 */
export async function setUserRole(db: Db, actor: Actor, userId: string, role: Role) {
  if (actor.id === userId) throw badRequest('You cannot change your own role.', 'SELF_ROLE_CHANGE');
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ role: profiles.role, email: profiles.email, previousRole: profiles.previousRole })
      .from(profiles)
      .where(and(eq(profiles.id, userId), ne(profiles.role, 'admin')))
      .for('update');
    if (!current) throw notFound('User not found.', 'USER_NOT_FOUND');
    // A state keeps the role the person had before any state (muted then banned still remembers
    // "employer"), so a muted person's screens and a reinstatement know it; a role clears it.
    const isState = (r: string) => ACCOUNT_STATES.includes(r as Role);
    const previousRole = isState(role) ? (isState(current.role) ? current.previousRole : current.role) : null;
    await tx.update(profiles).set({ role, previousRole, updatedAt: new Date() }).where(eq(profiles.id, userId));
    if (LOCKED_ROLES.includes(role)) await tx.delete(session).where(eq(session.userId, userId));
    await writeAudit(tx, actor, {
      action: 'role_change',
      targetType: 'user',
      targetId: userId,
      targetLabel: current.email,
      before: { role: current.role },
      after: { role },
    });
    return { id: userId, role, previousRole: current.role };
  });
}

/** Microsecond ISO text that names a real instant (a malformed one would make the cast fail). */
function isRealInstant(text: string): boolean {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\.(\d{6})Z$/.exec(text);
  return !!m && m[1]! >= '0001' && new Date(`${m[1]}Z`).toISOString().startsWith(m[1]!);
}

/** Cursor of the users list: profiles.created_at keeps microseconds, so the cursor does too. */
const encode = (r: { createdText: string; id: string }) => Buffer.from(JSON.stringify([r.createdText, r.id])).toString('base64url');
function decode(cursor: string | undefined): [string, string] | null {
  if (!cursor) return null;
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(v) && v.length === 2 && typeof v[1] === 'string' && typeof v[0] === 'string' && isRealInstant(v[0]) && v[1].length <= 100)
      return [v[0], v[1]];
  } catch {
    /* falls through */
  }
  throw badRequest('Invalid page cursor. Reload the list and try again.', 'INVALID_CURSOR');
}

/** Newest first; q matches a substring of the name or email (trigram indexes), case-insensitively. */
export async function searchUsers(db: Db, q: { q?: string; cursor?: string; limit: number }): Promise<Page<AdminUser>> {
  const after = decode(q.cursor);
  const term = q.q ? `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await rowsOf<AdminUser & { createdText: string }>(
    db.execute(sql`
      select p.id, p.full_name as "fullName", p.email, p.role, p.avatar_url as "avatarUrl",
        exists (select 1 from verified_employers v where v.user_id = p.id) as "verifiedEmployer",
        to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "createdText"
      from profiles p
      where ${term ? sql`(p.full_name ilike ${term} or p.email ilike ${term})` : sql`true`}
        and ${after ? sql`(p.created_at, p.id) < (${after[0]}::timestamptz, ${after[1]})` : sql`true`}
      order by p.created_at desc, p.id desc
      limit ${q.limit + 1}`),
  );
  const more = rows.length > q.limit;
  const items = rows.slice(0, q.limit);
  const last = items[items.length - 1];
  return {
    items: items.map(({ createdText, ...u }) => ({ ...u, createdAt: createdText })),
    nextCursor: more && last ? encode(last) : null,
  };
}

/** For the delete confirmation: how many upcoming interviews this person scheduled (they will be cancelled). */
export async function countUserInterviewsToCancel(db: Db, userId: string): Promise<number> {
  const [found] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId));
  if (!found) throw notFound('User not found.', 'USER_NOT_FOUND');
  return countUpcomingInterviews(db, { employerId: userId });
}

/**
 * Deletes a person and everything that is theirs. Rows go in one transaction (the user row's
 * foreign keys cascade to profile, sessions, jobs and their applications, applications, resume,
 * consultant record, ads, messages); the file keys are read inside it and returned so the caller
 * removes the files only once the rows are gone for good.
 */
export async function deleteUser(db: Db, actor: Actor, userId: string): Promise<{ keys: string[]; cancelled: InterviewRow[] }> {
  if (actor.id === userId) throw badRequest('You cannot delete your own account.', 'SELF_DELETE');
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ role: profiles.role, email: profiles.email, fullName: profiles.fullName })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .for('update');
    if (!target) throw notFound('User not found.', 'USER_NOT_FOUND');
    if (holdsAdminRole(target.role)) throw forbidden('An administrator cannot be deleted.', 'ADMIN_PROTECTED');
    const keys = await filesOfUser(tx, userId);
    // The interviews they scheduled stay with the applicants, cancelled (employer_id is set null).
    const cancelled = await cancelUpcomingInterviews(tx, { employerId: userId });
    await tx.delete(user).where(eq(user.id, userId));
    await writeAudit(tx, actor, { action: 'delete_user', targetType: 'user', targetId: userId, targetLabel: target.email, before: target, after: null });
    return { keys, cancelled };
  });
}
