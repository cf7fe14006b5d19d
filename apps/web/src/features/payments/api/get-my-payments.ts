import { useInfiniteQuery } from '@tanstack/react-query';
import type { Payment } from '@caribconnect/shared';
import { pagedQueryOptions } from '../../../lib/paged';
import { paymentKeys } from './keys';

export const myPaymentsQueryOptions = () => pagedQueryOptions<Payment>(paymentKeys.mine(), '/api/me/payments');
export const useMyPayments = () => useInfiniteQuery(myPaymentsQueryOptions());
