import { useCallback } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { JobSummary } from '@caribconnect/shared';
import { intlLocale } from '../../../lib/language';
import { PINNED_CURRENCY_SIGNS, withCurrencySigns } from '../../../lib/currency-text';

type Facts = Pick<JobSummary, 'employmentType' | 'workplace' | 'salary' | 'salaryMin' | 'salaryMax' | 'salaryCurrency' | 'salaryPeriod'>;

/** An amount in the reader's number format with its currency ("TTD 8,000", "8 000 TTD"); cents only when there are some. */
export function money(amount: number, currency: string, locale: string) {
  const cents = !Number.isInteger(amount);
  const key = `${locale}|${currency}|${cents}`;
  try {
    let format = moneyFormats.get(key);
    if (!format) {
      const digits = cents ? 2 : 0;
      format = new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
      moneyFormats.set(key, format);
    }
    // The same sign on the server and in the browser whatever their CLDR data (lib/currency-text.ts).
    return withCurrencySigns(format, amount, currency, PINNED_CURRENCY_SIGNS);
  } catch {
    return `${currency} ${amount}`;
  }
}
// Building a formatter costs far more than using one, and a list shows the same few currencies.
const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * A job's type, workplace and pay as the reader reads them. Pay is the structured salary when given
 * ("TTD 8,000 – TTD 12,000 a month"), else the free text the employer typed (older jobs), else null.
 */
export function useJobFacts() {
  const { t, i18n } = useTranslation('jobs');
  return useCallback(
    (job: Facts) => {
      let pay: string | null = job.salary || null;
      const { salaryMin: min, salaryMax: max, salaryCurrency: currency } = job;
      if (currency && (min !== null || max !== null)) {
        const m = (n: number) => money(n, currency, i18n.language);
        const amount = min !== null && max !== null && max !== min ? `${m(min)} – ${m(max)}` : min !== null ? m(min) : t('facts.upTo', { amount: m(max!) });
        pay = job.salaryPeriod ? t(`facts.per.${job.salaryPeriod}`, { amount }) : amount;
      }
      return {
        type: job.employmentType ? t(`employmentTypes.${job.employmentType}`) : null,
        workplace: job.workplace ? t(`workplaces.${job.workplace}`) : null,
        pay,
      };
    },
    [t, i18n.language],
  );
}
