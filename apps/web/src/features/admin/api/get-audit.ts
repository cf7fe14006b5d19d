import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@caribconnect/shared';
import { adminKeys } from './keys';
import { pagedQueryOptions } from '../../../lib/paged';

export const auditQueryOptions = (action: string, q: string) =>
  pagedQueryOptions<AuditEntry>(adminKeys.audit(action, q), '/api/admin/audit', { action, q, limit: '10' });
export const useAudit = (action: string, q: string) => useInfiniteQuery(auditQueryOptions(action, q));
