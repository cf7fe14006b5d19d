import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentSettings } from '@caribconnect/shared';
import { api } from './api-client';

/** Prices and free flags (public): posters see the price before posting, owners what an unpaid listing awaits. */
export const paymentSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['payment-settings'] as const,
    queryFn: ({ signal }) => api<PaymentSettings>('/api/payment-settings', { signal }),
    staleTime: 60_000,
  });
export const usePaymentSettings = () => useQuery(paymentSettingsQueryOptions());
