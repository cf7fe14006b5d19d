import { useInfiniteQuery } from '@tanstack/react-query';
import { interviewKeys } from './keys';
import { interviewListOptions } from './list-interviews';

export const scheduledInterviewsQueryOptions = () => interviewListOptions(interviewKeys.scheduled(), '/api/interviews/scheduled');

/** The interviews I scheduled as an employer. */
export function useScheduledInterviews(enabled: boolean) {
  return useInfiniteQuery({ ...scheduledInterviewsQueryOptions(), enabled });
}
