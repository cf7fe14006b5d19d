import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminAd, AdminApplication, AdminJob, FeedbackItem } from '@caribconnect/shared';
import { adminKeys } from './keys';
import { pagedQueryOptions } from '../../../lib/paged';

export const adminJobsQueryOptions = () => pagedQueryOptions<AdminJob>(adminKeys.jobs(), '/api/admin/jobs');
export const adminAdsQueryOptions = () => pagedQueryOptions<AdminAd>(adminKeys.ads(), '/api/admin/ads');
export const adminApplicationsQueryOptions = () => pagedQueryOptions<AdminApplication>(adminKeys.applications(), '/api/admin/applications');
export const adminFeedbackQueryOptions = () => pagedQueryOptions<FeedbackItem>(adminKeys.feedback(), '/api/admin/feedback');

export const useAdminJobs = (enabled = true) => useInfiniteQuery({ ...adminJobsQueryOptions(), enabled });
export const useAdminAds = (enabled = true) => useInfiniteQuery({ ...adminAdsQueryOptions(), enabled });
export const useAdminApplications = () => useInfiniteQuery(adminApplicationsQueryOptions());
export const useAdminFeedback = () => useInfiniteQuery(adminFeedbackQueryOptions());
