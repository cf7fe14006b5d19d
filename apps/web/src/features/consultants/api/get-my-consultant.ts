import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyConsultant } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { consultantKeys } from './keys';

export const getMyConsultant = (signal?: AbortSignal) => api<MyConsultant>('/api/consultants/me', { signal });

export const myConsultantQueryOptions = () => queryOptions({ queryKey: consultantKeys.mine(), queryFn: ({ signal }) => getMyConsultant(signal), retry: false });

/** Your own record (a 404 error means you have none yet). */
export function useMyConsultant(enabled = true) {
  return useQuery({ ...myConsultantQueryOptions(), enabled });
}
