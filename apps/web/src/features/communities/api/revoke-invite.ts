import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';

export const revokeInvite = (id: number, code: string) =>
  api<unknown>(`/communities/${id}/invites/${encodeURIComponent(code)}`, { method: 'DELETE' });

export function useRevokeInvite(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => revokeInvite(id, code),
    onSettled: () => void qc.invalidateQueries({ queryKey: communityKeys.invites(id) }),
  });
}
