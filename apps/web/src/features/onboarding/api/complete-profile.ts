import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { User } from '@tribeverse/shared';
import { api, uploadWithProgress } from '../../../lib/api-client';

export const completeProfileInfoQuery = () =>
  queryOptions({ queryKey: ['auth', 'complete-profile'], queryFn: () => api<{ id: number; email: string }>('/auth/complete-profile') });
export const useCompleteProfileInfo = () => useQuery(completeProfileInfoQuery());

/** Multipart: the profile fields plus the picture as `profile_picture`. */
export const completeProfile = ({ form, onProgress }: { form: FormData; onProgress?: (f: number) => void }) =>
  uploadWithProgress<User>('/auth/complete-profile', form, { method: 'PATCH', onProgress });
export const useCompleteProfile = () => useMutation({ mutationFn: completeProfile });
