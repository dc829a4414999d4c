import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditProfileBody, User } from '@tribeverse/shared';
import { api, uploadWithProgress } from '../../../lib/api-client';
import { meQuery } from '../../../lib/me';

/** JSON, or multipart when a new photo goes along (file field `profilePhoto`). */
export function editProfile({ body, photo }: { body: EditProfileBody; photo: File | null }): Promise<User> {
  if (!photo) return api<User>('/auth/edit-profile', { method: 'PATCH', body });
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) if (value !== undefined && value !== null) form.append(key, String(value));
  form.append('profilePhoto', photo);
  return uploadWithProgress<User>('/auth/edit-profile', form, { method: 'PATCH' });
}

export function useEditProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editProfile,
    onSuccess: (user) => queryClient.setQueryData(meQuery().queryKey, user),
  });
}
