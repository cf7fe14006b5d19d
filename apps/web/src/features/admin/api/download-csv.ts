import { ApiError } from '../../../lib/api-client';

/** Fetches the CSV with the session cookie and saves it under the server's file name. */
export async function downloadGrowthCsv() {
  const res = await fetch('/api/admin/growth.csv', { credentials: 'same-origin' });
  if (!res.ok) throw new ApiError('Download failed.', res.status);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'CaribConnect-growth.csv';
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The payments CSV (issue 47), the same way: fetched with the session cookie, saved under the server's name. */
export async function downloadPaymentsCsv() {
  const res = await fetch('/api/admin/payments.csv', { credentials: 'same-origin' });
  if (!res.ok) throw new ApiError('Download failed.', res.status);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'payments.csv';
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
