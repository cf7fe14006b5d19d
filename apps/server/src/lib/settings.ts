import { inArray } from 'drizzle-orm';
import { DEFAULT_PAYMENT_SETTINGS, PAYMENT_CURRENCIES, type PaymentSettings } from '@caribconnect/shared';
import type { Db } from '../db/client';
import { settings } from '../db/schema';

/** Column keys of the settings table (spec section 3) for each field of PaymentSettings. */
export const SETTING_KEYS = {
  jobPrice: 'job_price',
  adPrice: 'ad_price',
  jobsFree: 'jobs_free',
  adsFree: 'ads_free',
  currency: 'currency',
  operatorName: 'operator_name',
  operatorAddress: 'operator_address',
} as const;

export function toSettingText(field: keyof PaymentSettings, value: string | boolean): string {
  return typeof value === 'boolean' ? String(value) : value;
}

/**
 * Payment settings with the spec's defaults for missing keys (flags default to true: listing is free
 * until an admin says otherwise). Any module may read them: jobs and ads decide `paid` from them.
 */
export async function readPaymentSettings(db: Pick<Db, 'select'>): Promise<PaymentSettings> {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, Object.values(SETTING_KEYS)));
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  const text = (k: string) => byKey.get(k);
  return {
    jobPrice: text(SETTING_KEYS.jobPrice) ?? DEFAULT_PAYMENT_SETTINGS.jobPrice,
    adPrice: text(SETTING_KEYS.adPrice) ?? DEFAULT_PAYMENT_SETTINGS.adPrice,
    jobsFree: text(SETTING_KEYS.jobsFree) !== 'false',
    adsFree: text(SETTING_KEYS.adsFree) !== 'false',
    currency: (PAYMENT_CURRENCIES as readonly string[]).includes(text(SETTING_KEYS.currency) ?? '')
      ? (text(SETTING_KEYS.currency) as PaymentSettings['currency'])
      : DEFAULT_PAYMENT_SETTINGS.currency,
    operatorName: text(SETTING_KEYS.operatorName) ?? DEFAULT_PAYMENT_SETTINGS.operatorName,
    operatorAddress: text(SETTING_KEYS.operatorAddress) ?? DEFAULT_PAYMENT_SETTINGS.operatorAddress,
  };
}
