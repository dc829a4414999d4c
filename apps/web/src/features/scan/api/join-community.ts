import { useMutation } from '@tanstack/react-query';
import type { JoinResult } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { patchLastScanCommunity } from '../stores/last-scan';

/** Joins a public community at once, or asks a private one's admins. */
export const joinCommunity = (id: number) => api<JoinResult>(`/communities/${id}/join`, { method: 'POST' });

export function useJoinFromScan() {
  return useMutation({
    mutationFn: joinCommunity,
    onSuccess: (result) => patchLastScanCommunity(result.community_id, { my_status: result.status }),
  });
}
