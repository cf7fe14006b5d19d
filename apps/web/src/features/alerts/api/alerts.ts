import { useInfiniteQuery } from '@tanstack/react-query';
import type { Alert, UpdateAlertBody } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { pagedQueryOptions } from '../../../lib/paged';

export const alertKeys = { all: ['alerts'] as const, list: () => [...alertKeys.all, 'list'] as const };

export const alertsQueryOptions = () => pagedQueryOptions<Alert>(alertKeys.list(), '/api/alerts');
export const useAlerts = () => useInfiniteQuery(alertsQueryOptions());

export const updateAlert = (id: string, body: UpdateAlertBody) => api<Alert>(`/api/alerts/${encodeURIComponent(id)}`, { method: 'PATCH', body });
export const deleteAlert = (id: string) => api<null>(`/api/alerts/${encodeURIComponent(id)}`, { method: 'DELETE' });
