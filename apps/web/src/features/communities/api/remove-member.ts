import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';

/** Removed members may come back; banned ones cannot join or ask again. */
export const removeMember = (id: number, userId: number, ban: boolean) =>
  api<void>(`/communities/${id}/members/${userId}`, { method: 'DELETE', query: { ban: ban ? 'true' : undefined } });

export function useRemoveMember(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, ban }: { userId: number; ban: boolean }) => removeMember(id, userId, ban),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: communityKeys.members(id) });
      void qc.invalidateQueries({ queryKey: communityKeys.detail(id) });
    },
  });
}
