import type { QueryClient } from '@tanstack/react-query';
import { sessionKeys } from '../../../lib/session';
import { api } from '../../../lib/api-client';
import { clearOfflineData } from '../../../lib/service-worker';

/**
 * Ends the session on the server, then forgets everything cached for this person, whether or not
 * the server answered (this device is signed out either way). A plain function, not a mutation: the
 * header's Log Out is in every page's code, and TanStack's mutation machinery need not be.
 */
export async function signOut(qc: QueryClient): Promise<void> {
  try {
    await api('/api/auth/sign-out', { body: {} });
  } catch {
    // Offline or already expired: nothing more to end on the server.
  } finally {
    qc.clear();
    void clearOfflineData();
    qc.setQueryData(sessionKeys.me(), { user: null });
  }
}
