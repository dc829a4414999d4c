import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';
import type { CommunityMember, CommunityRole } from './types';

export type MemberChange = { role: CommunityRole } | { timeout_until: string | null };

export const updateMember = (id: number, userId: number, change: MemberChange) =>
  api<CommunityMember>(`/communities/${id}/members/${userId}`, { method: 'PATCH', body: change });

export function useUpdateMember(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, change }: { userId: number; change: MemberChange }) => updateMember(id, userId, change),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: communityKeys.members(id) });
      void qc.invalidateQueries({ queryKey: communityKeys.detail(id) });
    },
  });
}
