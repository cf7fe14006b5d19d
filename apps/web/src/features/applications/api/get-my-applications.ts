import { useInfiniteQuery } from '@tanstack/react-query';
import type { MyApplication } from '@caribconnect/shared';
import { pagedQueryOptions } from '../../../lib/paged';
import { applicationKeys } from './keys';

export const myApplicationsQueryOptions = () => pagedQueryOptions<MyApplication>(applicationKeys.mine(), '/api/applications/mine');

/** Refetched whenever the tab regains focus, so a status the employer just set shows up. */
export function useMyApplications(enabled: boolean) {
  return useInfiniteQuery({ ...myApplicationsQueryOptions(), enabled, refetchOnWindowFocus: 'always' });
}
