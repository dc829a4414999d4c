import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';

/** Expired or used-up links answer 410 with a sentence to show. */
export const acceptInvite = (code: string) =>
  api<{ community_id: number; status: 'member' }>(`/invites/${encodeURIComponent(code)}/accept`, { method: 'POST' });

export function useAcceptInvite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: acceptInvite,
    onSuccess: () => void qc.invalidateQueries({ queryKey: communityKeys.all }),
  });
}
