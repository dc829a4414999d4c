import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';

/** The spec's Exit: access ends at once; an owner hands ownership over first (409). */
export const leaveCommunity = (id: number) => api<unknown>(`/communities/${id}/leave`, { method: 'POST' });

export function useLeaveCommunity(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => leaveCommunity(id),
    onSuccess: () => {
      qc.removeQueries({ queryKey: communityKeys.messages(id) });
      void qc.invalidateQueries({ queryKey: communityKeys.all });
    },
  });
}
