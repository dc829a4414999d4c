import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface InvitedMember {
  community_id: number;
  user_id: number;
  status: 'invited';
}

/** Invites one member by user name; they are told, and accept by joining (no request, even to a private community). */
export const inviteMember = (id: number, username: string) =>
  api<InvitedMember>(`/communities/${id}/invitations`, { method: 'POST', body: { username } });

export const useInviteMember = (id: number) => useMutation({ mutationFn: (username: string) => inviteMember(id, username) });
