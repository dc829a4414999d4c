import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import type { ChatMessage } from '@tribeverse/shared';
import { useAuth } from '../../../lib/auth';
import { errorMessage } from '../../../lib/format';
import { upsertMessage } from './cache';
import { chatKeys } from './keys';

/**
 * A change to one message (edit, delete, reaction): the answer replaces it in the open history and the list's
 * previews refresh; the socket event brings the same change to the member's other tabs. A failure says why.
 */
export function useMessageMutation<Input>(call: (input: Input) => Promise<ChatMessage>, failure: string) {
  const queryClient = useQueryClient();
  const me = useAuth().user?.id ?? 0;
  return useMutation({
    mutationFn: call,
    onSuccess: (message) => {
      upsertMessage(queryClient, me, message);
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
    },
    onError: (error) => toast.error(errorMessage(error, failure)),
  });
}
