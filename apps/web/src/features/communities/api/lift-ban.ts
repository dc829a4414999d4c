import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';

/** The member may join (or ask to) again; they are not put back in. */
export const liftBan = (id: number, userId: number) => api<void>(`/communities/${id}/bans/${userId}`, { method: 'DELETE' });

export function useLiftBan(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => liftBan(id, userId),
    onSettled: () => void qc.invalidateQueries({ queryKey: communityKeys.members(id) }),
  });
}
