import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';

/** Sensitive: the owner confirms with their password. */
export const deleteCommunity = (id: number, password: string) => api<void>(`/communities/${id}`, { method: 'DELETE', body: { password } });

export function useDeleteCommunity(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => deleteCommunity(id, password),
    onSuccess: () => {
      qc.removeQueries({ queryKey: communityKeys.detail(id) });
      void qc.invalidateQueries({ queryKey: communityKeys.lists() });
      void qc.invalidateQueries({ queryKey: communityKeys.unread });
    },
  });
}
