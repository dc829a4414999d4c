import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';
import type { Community } from './types';

/** Public: a member at once; private: a request the admins decide on. */
export const joinCommunity = (id: number) =>
  api<{ community_id: number; status: 'member' | 'requested' }>(`/communities/${id}/join`, { method: 'POST' });

export function useJoinCommunity(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => joinCommunity(id),
    onSuccess: ({ status }) => {
      qc.setQueryData<Community>(communityKeys.detail(id), (c) => (c ? { ...c, my_status: status } : c));
      void qc.invalidateQueries({ queryKey: communityKeys.all });
    },
  });
}
