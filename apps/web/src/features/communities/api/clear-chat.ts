import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';

/** Hides the history up to now for the caller only; nobody else's history changes, and it cannot be undone. */
export const clearChat = (id: number) => api<unknown>(`/communities/${id}/clear`, { method: 'POST' });

export function useClearChat(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => clearChat(id),
    onSuccess: () => {
      // Every channel's history held here (the prefix covers them), and their unread counts.
      qc.setQueriesData({ queryKey: communityKeys.messages(id) }, { pages: [[]], pageParams: [undefined] });
      void qc.invalidateQueries({ queryKey: communityKeys.unread });
      void qc.invalidateQueries({ queryKey: communityKeys.channels(id) });
    },
  });
}
