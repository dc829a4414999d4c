import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { api } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/format';
import { removeMessage } from './cache';
import { chatKeys } from './keys';

/** 'Delete for me': gone from this member's history and chat list only; the peer keeps it. */
export const deleteMessageForMe = (id: number) => api<void>(`/chat/messages/${id}/for-me`, { method: 'DELETE' });

export function useDeleteMessageForMe(peerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteMessageForMe(id),
    onSuccess: (_, id) => {
      removeMessage(queryClient, peerId, id);
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not delete the message.')),
  });
}
