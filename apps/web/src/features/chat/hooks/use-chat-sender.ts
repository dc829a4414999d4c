import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatMessage, ConversationMessage } from '@tribeverse/shared';
import { useAuth } from '../../../lib/auth';
import { useSocket } from '../../../lib/socket-provider';
import { useConversationSender } from '../../../lib/conversation/use-sender';
import { upsertMessage } from '../api/cache';
import { upsertGroupMessage } from '../api/group-cache';
import { chatKeys } from '../api/keys';
import { sendMessage, type OutgoingMessage } from '../api/send-message';
import { outbox } from '../stores/outbox';

/**
 * Sends direct and group messages through the one send path (lib/conversation/use-sender): shown at once as pending,
 * kept in the chat outbox, retried with the same client_id; the stored message goes into its conversation's history.
 */
export function useChatSender() {
  const socket = useSocket();
  const queryClient = useQueryClient();
  const me = useAuth().user?.id ?? 0;
  const transport = useCallback((message: OutgoingMessage) => sendMessage(message, socket), [socket]);
  const onStored = useCallback(
    (stored: ChatMessage | ConversationMessage, sent: OutgoingMessage) => {
      if (sent.group_id) {
        upsertGroupMessage(queryClient, stored as ConversationMessage);
        void queryClient.invalidateQueries({ queryKey: chatKeys.groups });
      } else {
        upsertMessage(queryClient, me, stored as ChatMessage);
        void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
      }
    },
    [queryClient, me],
  );
  return useConversationSender(outbox, transport, onStored);
}
