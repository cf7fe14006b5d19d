import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, UpdateProfileBody } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { profileKeys } from './keys';
import { sessionKeys } from '../../../lib/session';

export const updateProfile = (body: UpdateProfileBody) => api<Profile>('/api/profiles/me', { method: 'PATCH', body });

/** Saves the owner's profile; the greeting (['me']) and the profile screen both read the new name. */
export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      qc.setQueryData(['profiles', profile.id], profile);
      void qc.invalidateQueries({ queryKey: profileKeys.detail(profile.id) });
      void qc.invalidateQueries({ queryKey: sessionKeys.me() });
    },
  });
}
