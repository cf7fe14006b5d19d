import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyConsultant } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { consultantKeys } from './keys';

/** null before the person completes a consultant profile ("none yet" is an answer, not an error). */
export const getMyConsultant = (signal?: AbortSignal) => api<MyConsultant | null>('/api/consultants/me', { signal });

export const myConsultantQueryOptions = () => queryOptions({ queryKey: consultantKeys.mine(), queryFn: ({ signal }) => getMyConsultant(signal), retry: false });

/** Your own record, null when you have none yet. */
export function useMyConsultant(enabled = true) {
  return useQuery({ ...myConsultantQueryOptions(), enabled });
}
