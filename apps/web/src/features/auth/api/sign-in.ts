import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInBody } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { getMe, sessionKeys } from '../../../lib/session';

/** Signs in, then reads the role from the profile (spec: Login). */
export function useSignIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: SignInBody) => {
      await api('/api/auth/sign-in/email', { body });
      const me = await getMe();
      qc.setQueryData(sessionKeys.me(), me);
      return me.user;
    },
  });
}
