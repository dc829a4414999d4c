import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';

export interface InvitedMember {
  community_id: number;
  user_id: number;
  status: 'invited';
}

/** Invites one member by user name; they are told, and accept by joining (no request, even to a private community). */
export const inviteMember = (id: number, username: string) =>
  api<InvitedMember>(`/communities/${id}/invitations`, { method: 'POST', body: { username } });

export function useInviteMember(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (username: string) => inviteMember(id, username),
    // The list of invitations not answered yet shows them at once.
    onSuccess: () => void qc.invalidateQueries({ queryKey: communityKeys.members(id) }),
  });
}
