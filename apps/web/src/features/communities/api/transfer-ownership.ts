import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';
import type { Community } from './types';

/** The owner hands the community over (then may leave); sensitive, so it asks for the password. */
export const transferOwnership = (id: number, userId: number, password: string) =>
  api<Community>(`/communities/${id}/transfer`, { method: 'POST', body: { user_id: userId, password } });

export function useTransferOwnership(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, password }: { userId: number; password: string }) => transferOwnership(id, userId, password),
    onSuccess: () => void qc.invalidateQueries({ queryKey: communityKeys.all }),
  });
}
