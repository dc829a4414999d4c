import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';
import { useRefreshingMutation } from './refreshing-mutation';

/** Expired or used-up links answer 410 with a sentence to show. */
export const acceptInvite = (code: string) =>
  api<{ community_id: number; status: 'member' }>(`/invites/${encodeURIComponent(code)}/accept`, { method: 'POST' });

export const useAcceptInvite = () => useRefreshingMutation(acceptInvite, communityKeys.all);
