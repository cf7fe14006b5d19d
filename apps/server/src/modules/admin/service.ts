import { and, eq, ne } from 'drizzle-orm';
import { LOCKED_ROLES, type Role } from '@caribconnect/shared';
import type { Db } from '../../db/client';
import { profiles, session } from '../../db/schema';
import { badRequest, notFound } from '../../lib/http-error';

/**
 * Sets someone's role. Admins cannot be demoted here (nor can an admin change their own role), so
 * the platform never loses its last administrator by a slip. Suspending or banning ends every
 * session of that person in the same transaction: they are out on their next request.
 */
export async function setUserRole(db: Db, actorId: string, userId: string, role: Role) {
  if (actorId === userId) throw badRequest('You cannot change your own role.', 'SELF_ROLE_CHANGE');
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ role: profiles.role }).from(profiles).where(and(eq(profiles.id, userId), ne(profiles.role, 'admin'))).for('update');
    if (!current) throw notFound('User not found.', 'USER_NOT_FOUND');
    await tx.update(profiles).set({ role, updatedAt: new Date() }).where(eq(profiles.id, userId));
    if (LOCKED_ROLES.includes(role)) await tx.delete(session).where(eq(session.userId, userId));
    return { id: userId, role, previousRole: current.role };
  });
}
