import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPayment, PaymentTotals, RefundBody } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { pagedQueryOptions } from '../../../lib/paged';
import { adminKeys, type PaymentFilters } from './keys';

/** The filters as the API's query: only those given. */
export const paymentFilterParams = (f: PaymentFilters) => ({ status: f.status || undefined, from: f.from || undefined, to: f.to || undefined });

export const adminPaymentsQueryOptions = (filters: PaymentFilters) =>
  pagedQueryOptions<AdminPayment>(adminKeys.payments(filters), '/api/admin/payments', paymentFilterParams(filters));
export const useAdminPayments = (filters: PaymentFilters) => useInfiniteQuery(adminPaymentsQueryOptions(filters));

export const paymentTotalsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.paymentTotals(), queryFn: ({ signal }) => api<PaymentTotals>('/api/admin/payments/totals', { signal }) });
export const usePaymentTotals = () => useQuery(paymentTotalsQueryOptions());

/** Refund in full or in part (PayPal, or recorded by hand for bank transfer and cash). */
export function useRefund() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RefundBody }) =>
      api<AdminPayment>(`/api/admin/payments/${encodeURIComponent(id)}/refund`, { method: 'POST', body }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: adminKeys.all });
      void qc.invalidateQueries({ queryKey: ['jobs'] });
      void qc.invalidateQueries({ queryKey: ['ads'] });
    },
  });
}
