import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ThreadReply } from './get-replies';
import { communityKeys } from './keys';

export const createReply = (id: number, threadId: number, text: string) =>
  api<ThreadReply>(`/communities/${id}/threads/${threadId}/replies`, { method: 'POST', body: { text } });

export function useCreateReply(id: number, threadId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => createReply(id, threadId, text),
    onSuccess: () => void qc.invalidateQueries({ queryKey: communityKeys.tab(id, 'threads') }),
  });
}
