import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';

/** The person is no longer invited: a private community takes a request from them again. */
export const withdrawInvitation = (id: number, userId: number) =>
  api<void>(`/communities/${id}/invitations/${userId}`, { method: 'DELETE' });

export function useWithdrawInvitation(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => withdrawInvitation(id, userId),
    onSettled: () => void qc.invalidateQueries({ queryKey: communityKeys.members(id) }),
  });
}
