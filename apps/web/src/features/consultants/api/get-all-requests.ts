import { useInfiniteQuery } from '@tanstack/react-query';
import { consultantKeys } from './keys';
import { requestsQuery } from './requests-page';

export const allRequestsQueryOptions = () => requestsQuery(consultantKeys.allRequests(), '/api/client-requests');

/** Every client request, newest first (admins). */
export const useAllRequests = (enabled = true) => useInfiniteQuery({ ...allRequestsQueryOptions(), enabled });
