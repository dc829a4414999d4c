import { useMutation } from '@tanstack/react-query';
import { joinCommunity } from '../../../lib/api/communities';
import { patchLastScanCommunity } from '../stores/last-scan';

export function useJoinFromScan() {
  return useMutation({
    mutationFn: joinCommunity,
    onSuccess: (result) => patchLastScanCommunity(result.community_id, { my_status: result.status }),
  });
}
