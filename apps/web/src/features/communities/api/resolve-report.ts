import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';
import type { CommunityReport } from './types';

export const resolveReport = (id: number, reportId: number, status: 'resolved' | 'dismissed') =>
  api<CommunityReport>(`/communities/${id}/reports/${reportId}/resolve`, { method: 'POST', body: { status } });

export function useResolveReport(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, status }: { reportId: number; status: 'resolved' | 'dismissed' }) => resolveReport(id, reportId, status),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: communityKeys.reports(id) });
      void qc.invalidateQueries({ queryKey: communityKeys.audit(id) });
    },
  });
}
