import { useMutation, useQueryClient } from '@tanstack/react-query';
import { joinCommunity } from '../../../lib/api/communities';
import { communityKeys } from './keys';
import type { Community } from './types';

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
