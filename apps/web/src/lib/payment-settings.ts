import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentSettingsView } from '@caribconnect/shared';
import { api } from './api-client';

/** Prices, currency, free flags and whether online payment is offered (public): posters see the price before posting, owners what an unpaid listing awaits and "Pay now". */
export const paymentSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['payment-settings'] as const,
    queryFn: ({ signal }) => api<PaymentSettingsView>('/api/payment-settings', { signal }),
    staleTime: 60_000,
  });
export const usePaymentSettings = () => useQuery(paymentSettingsQueryOptions());
