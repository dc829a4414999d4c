import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useConversationSender } from '../../../lib/conversation/use-sender';
import { useSocket } from '../../../lib/socket-provider';
import { upsertCommunityMessage } from '../api/cache';
import { sendCommunityMessage, type OutgoingCommunityMessage } from '../api/send-message';
import { communityOutbox } from '../stores/outbox';

/**
 * Sends channel messages through the one send path of every conversation (lib/conversation/use-sender): shown at
 * once as pending, kept in the community outbox, retried with the same client_id; the stored message goes into its
 * channel's history.
 */
export function useCommunitySender() {
  const socket = useSocket();
  const qc = useQueryClient();
  const transport = useCallback((message: OutgoingCommunityMessage) => sendCommunityMessage(message, socket), [socket]);
  const onStored = useCallback((stored: Awaited<ReturnType<typeof sendCommunityMessage>>) => upsertCommunityMessage(qc, stored), [qc]);
  return useConversationSender(communityOutbox, transport, onStored);
}
