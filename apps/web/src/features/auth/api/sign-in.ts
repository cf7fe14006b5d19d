import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInBody } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { getMe, sessionKeys } from '../../../lib/session';

/** Signed in, but the account could not be read afterwards (spec: 'Failed to fetch user.'). */
export class UserReadError extends Error {}

/** Signs in, then reads the role from the profile (spec: Login). Resolves to null when there is no role to read. */
export function useSignIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: SignInBody) => {
      await api('/api/auth/sign-in/email', { body });
      const me = await getMe().catch((err: unknown) => {
        throw new UserReadError(String(err));
      });
      qc.setQueryData(sessionKeys.me(), me);
      return me.user;
    },
  });
}
