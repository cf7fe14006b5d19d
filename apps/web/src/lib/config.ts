import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@caribconnect/shared';
import { api } from './api-client';

export const configKeys = { all: () => ['config'] as const };

/** The server's public settings: they change only with a restart, so one read per visit is enough. */
export const configQueryOptions = () =>
  queryOptions({ queryKey: configKeys.all(), queryFn: ({ signal }) => api<PublicConfig>('/api/config', { signal }), staleTime: Infinity, gcTime: Infinity });

export function useConfig() {
  return useQuery(configQueryOptions()).data;
}

/** The upload cap in MB for hints ('up to 5 MB'); undefined until the server has said. */
export function useMaxUploadMb(): number | undefined {
  const bytes = useConfig()?.maxUploadBytes;
  return bytes === undefined ? undefined : +(bytes / 1024 / 1024).toFixed(1);
}
