import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorCode } from '@tribeverse/shared';
import { ApiError } from '../../../lib/api-client';
import { newClientId } from '../../../lib/ids';
import { useSocket } from '../../../lib/socket-provider';
import { upsertCommunityMessage } from '../api/cache';
import { sendCommunityMessage, type OutgoingCommunityMessage } from '../api/send-message';
import { communityOutbox } from '../stores/outbox';

/** Shows a message at once as pending, sends it, and keeps failed ones for a retry with the same client_id. */
export function useCommunitySender() {
  const socket = useSocket();
  const qc = useQueryClient();

  const attempt = useCallback(
    async (message: OutgoingCommunityMessage) => {
      communityOutbox.update(message.client_id, { status: 'sending', error: undefined });
      try {
        const stored = await sendCommunityMessage(message, socket);
        communityOutbox.remove(message.client_id);
        // Where it was sent, should the answer not say (a server without channels says nothing).
        upsertCommunityMessage(qc, { ...stored, channel_id: stored.channel_id ?? message.channel_id });
      } catch (error) {
        // Only a lost connection or a server hiccup is worth sending again by itself; a refusal keeps its reason.
        const network = error instanceof ApiError && error.isNetworkError;
        const retryable = error instanceof ApiError && (network || error.status >= 500 || error.code === ErrorCode.RATE_LIMITED);
        communityOutbox.update(message.client_id, {
          status: 'failed',
          retryable,
          error: network ? 'Not sent yet: waiting for the connection' : error instanceof Error ? error.message : 'Not sent',
        });
      }
    },
    [socket, qc],
  );

  const send = useCallback(
    (input: Omit<OutgoingCommunityMessage, 'client_id'>) => {
      const message = { ...input, client_id: newClientId() };
      communityOutbox.add({ ...message, status: 'sending', created_at: new Date().toISOString() });
      void attempt(message);
    },
    [attempt],
  );

  const retryFailed = useCallback(() => {
    for (const p of communityOutbox.all()) if (p.status === 'failed' && p.retryable !== false) void attempt(p);
  }, [attempt]);

  return { send, retry: attempt, retryFailed };
}
