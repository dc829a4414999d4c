import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';

export type Decision = 'approve' | 'decline';

export const decideRequest = (id: number, userId: number, decision: Decision) =>
  api<unknown>(`/communities/${id}/requests/${userId}/${decision}`, { method: 'POST' });

export function useDecideRequest(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, decision }: { userId: number; decision: Decision }) => decideRequest(id, userId, decision),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: communityKeys.requests(id) });
      void qc.invalidateQueries({ queryKey: communityKeys.members(id) });
      void qc.invalidateQueries({ queryKey: communityKeys.detail(id) });
    },
  });
}
