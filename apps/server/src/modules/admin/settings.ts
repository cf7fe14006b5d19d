import { sql } from 'drizzle-orm';
import type { PaymentSettings, UpdateSettingsBody } from '@caribconnect/shared';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';
import { readPaymentSettings, SETTING_KEYS, toSettingText } from '../../lib/settings';
import { writeAudit, type Actor } from './audit';

export const getSettings = (db: Db) => readPaymentSettings(db);

/** Upserts the given fields; the before/after of the changed ones goes to the audit log in the same transaction. */
export async function updateSettings(db: Db, actor: Actor, changes: UpdateSettingsBody): Promise<PaymentSettings> {
  return db.transaction(async (tx) => {
    // Serialises concurrent edits so each audit row's "before" is what that edit replaced.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('settings'))`);
    const before = await readPaymentSettings(tx);
    const fields = Object.keys(changes) as Array<keyof PaymentSettings>;
    for (const field of fields) {
      const value = toSettingText(field, changes[field]!);
      await tx
        .insert(settings)
        .values({ key: SETTING_KEYS[field], value })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
    }
    const after = await readPaymentSettings(tx);
    const pick = (s: PaymentSettings) => Object.fromEntries(fields.map((f) => [f, s[f]]));
    await writeAudit(tx, actor, {
      action: 'settings_change',
      targetType: 'settings',
      targetId: fields.map((f) => SETTING_KEYS[f]).join(','),
      before: pick(before),
      after: pick(after),
    });
    return after;
  });
}
