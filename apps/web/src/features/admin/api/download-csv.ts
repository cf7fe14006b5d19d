import { ApiError } from '../../../lib/api-client';
import { searchOf } from '../../../lib/query-string';
import type { PaymentFilters } from './keys';
import { paymentFilterParams } from './payments';

/** Fetches a CSV with the session cookie and saves it under the server's file name (else `fallback`). */
async function downloadCsv(path: string, fallback: string) {
  const res = await fetch(path, { credentials: 'same-origin' });
  if (!res.ok) throw new ApiError('Download failed.', res.status);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallback;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const downloadGrowthCsv = () => downloadCsv('/api/admin/growth.csv', 'CaribConnect-growth.csv');

/** The payments CSV (issue 47), of the payments the filters show. */
export const downloadPaymentsCsv = (filters: PaymentFilters) => downloadCsv(`/api/admin/payments.csv${searchOf(paymentFilterParams(filters))}`, 'payments.csv');
