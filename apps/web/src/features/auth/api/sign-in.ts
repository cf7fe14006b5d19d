import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionUser, SignInBody } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { getMe, sessionKeys } from '../../../lib/session';

/** Signed in, but the account could not be read afterwards (spec: 'Failed to fetch user.'). */
export class UserReadError extends Error {}

async function readMe(qc: ReturnType<typeof useQueryClient>) {
  const me = await getMe().catch((err: unknown) => {
    throw new UserReadError(String(err));
  });
  qc.setQueryData(sessionKeys.me(), me);
  return me.user;
}

/**
 * Signs in, then reads the role from the profile (spec: Login). Resolves to `twoFactor` when the
 * account has two-step sign-in on: the code step comes next (TwoFactorStep).
 */
export function useSignIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: SignInBody): Promise<{ twoFactor: true } | { twoFactor: false; user: SessionUser | null }> => {
      const answer = await api<{ twoFactorRedirect?: boolean } | null>('/api/auth/sign-in/email', { body });
      if (answer?.twoFactorRedirect) return { twoFactor: true };
      return { twoFactor: false, user: await readMe(qc) };
    },
  });
}

/** The code step: a code from the authenticator app, or one backup code. */
export function useVerifySecondFactor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ code, backup }: { code: string; backup: boolean }) => {
      await api(backup ? '/api/auth/two-factor/verify-backup-code' : '/api/auth/two-factor/verify-totp', { body: { code } });
      return readMe(qc);
    },
  });
}
