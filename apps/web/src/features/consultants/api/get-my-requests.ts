import { useInfiniteQuery } from '@tanstack/react-query';
import { consultantKeys } from './keys';
import { requestsQuery } from './requests-page';

export const myRequestsQueryOptions = () => requestsQuery(consultantKeys.myRequests(), '/api/consultants/me/requests');

/** The signed-in consultant's own requests, newest first. */
export const useMyRequests = (enabled = true) => useInfiniteQuery({ ...myRequestsQueryOptions(), enabled });
