import { useInfiniteQuery } from '@tanstack/react-query';
import { interviewKeys } from './keys';
import { interviewListOptions } from './list-interviews';

export const myInterviewsQueryOptions = () => interviewListOptions(interviewKeys.mine(), '/api/interviews/mine');

/** My Interview Schedule: the interviews where I am the applicant. */
export function useMyInterviews(enabled: boolean) {
  return useInfiniteQuery({ ...myInterviewsQueryOptions(), enabled });
}
