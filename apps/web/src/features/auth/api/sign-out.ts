import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionKeys } from '../../../lib/session';
import { api } from '../../../lib/api-client';
import { clearOfflineData } from '../../../lib/service-worker';

/** Ends the session on the server, then forgets everything cached for this person. */
export function useSignOut() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/auth/sign-out', { body: {} }),
    onSettled: () => {
      qc.clear();
      void clearOfflineData();
      qc.setQueryData(sessionKeys.me(), { user: null });
    },
  });
}
