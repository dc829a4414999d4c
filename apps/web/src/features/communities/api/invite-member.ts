import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';
import { useRefreshingMutation } from './refreshing-mutation';

export interface InvitedMember {
  community_id: number;
  user_id: number;
  status: 'invited';
}

/** Invites one member by user name; they are told, and accept by joining (no request, even to a private community). */
export const inviteMember = (id: number, username: string) =>
  api<InvitedMember>(`/communities/${id}/invitations`, { method: 'POST', body: { username } });

/** The list of invitations not answered yet shows the new one at once. */
export const useInviteMember = (id: number) =>
  useRefreshingMutation((username: string) => inviteMember(id, username), communityKeys.members(id));
