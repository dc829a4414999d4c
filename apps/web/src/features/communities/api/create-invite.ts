import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';
import { useRefreshingMutation } from './refreshing-mutation';
import type { Invite } from './types';

export interface InviteOptions {
  expires_in_hours?: number;
  max_uses?: number | null;
}

export const createInvite = (id: number, options: InviteOptions) =>
  api<Invite>(`/communities/${id}/invites`, { method: 'POST', body: options });

export const useCreateInvite = (id: number) =>
  useRefreshingMutation((options: InviteOptions) => createInvite(id, options), communityKeys.invites(id));
