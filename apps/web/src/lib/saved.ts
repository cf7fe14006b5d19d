import { useQuery } from '@tanstack/react-query';
import type { SavedKind } from '@caribconnect/shared';
import { api } from './api-client';

/** Cache keys of saved items; the Saved screen (features/saved) shares them, so a heart tapped anywhere updates it. */
export const savedKeys = {
  all: ['saved'] as const,
  list: () => [...savedKeys.all, 'list'] as const,
  ids: (kind: SavedKind, ids: string[]) => [...savedKeys.all, 'ids', kind, ids.join(',')] as const,
};

export const saveItem = (kind: SavedKind, id: string) => api<{ saved: boolean }>(`/api/saved/${kind}/${encodeURIComponent(id)}`, { method: 'PUT' });
export const unsaveItem = (kind: SavedKind, id: string) => api<{ saved: boolean }>(`/api/saved/${kind}/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Where a signed-out tap on a heart continues once signed in: the item is saved, then back to `back`. */
export const continueSavePath = (kind: SavedKind, id: string, back: string) =>
  `/saved/${kind}/${encodeURIComponent(id)}/continue?back=${encodeURIComponent(back)}`;

/** Which of these jobs or ads the signed-in person saved (one request for a page of cards). */
export function useSavedIds(kind: SavedKind, ids: string[], signedIn: boolean) {
  const shown = ids.slice(0, 50);
  return useQuery({
    queryKey: savedKeys.ids(kind, shown),
    queryFn: ({ signal }) => api<{ ids: string[] }>(`/api/saved/ids?kind=${kind}&ids=${shown.join(',')}`, { signal }).then((r) => r.ids),
    select: (ids: string[]) => new Set(ids),
    enabled: signedIn && shown.length > 0,
    staleTime: 30_000,
  });
}
