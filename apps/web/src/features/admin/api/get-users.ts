import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminUser } from '@caribconnect/shared';
import { adminKeys } from './keys';
import { pagedQueryOptions } from '../../../lib/paged';

export const usersQueryOptions = (q: string) => pagedQueryOptions<AdminUser>(adminKeys.users(q), '/api/admin/users', { q, limit: '10' });
export const useAdminUsers = (q: string, enabled: boolean) => useInfiniteQuery({ ...usersQueryOptions(q), enabled });
