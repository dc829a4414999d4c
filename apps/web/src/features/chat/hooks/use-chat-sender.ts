import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorCode } from '@tribeverse/shared';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useSocket } from '../../../lib/socket-provider';
import { newClientId } from '../../../lib/ids';
import { upsertMessage } from '../api/cache';
import { chatKeys } from '../api/keys';
import { sendMessage, type OutgoingMessage } from '../api/send-message';
import { outbox } from '../stores/outbox';

/** Shows a message at once as pending, sends it, and keeps failed ones for a retry with the same client_id. */
export function useChatSender() {
  const socket = useSocket();
  const queryClient = useQueryClient();
  const me = useAuth().user?.id ?? 0;

  const attempt = useCallback(
    async (message: OutgoingMessage) => {
      outbox.update(message.client_id, { status: 'sending', error: undefined });
      try {
        const stored = await sendMessage(message, socket);
        outbox.remove(message.client_id);
        upsertMessage(queryClient, me, stored);
        void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
      } catch (error) {
        // Only a lost connection or a server hiccup is worth sending again by itself; a refusal keeps its reason.
        const retryable =
          error instanceof ApiError && (error.isNetworkError || error.status >= 500 || error.code === ErrorCode.RATE_LIMITED);
        const network = error instanceof ApiError && error.isNetworkError;
        outbox.update(message.client_id, {
          status: 'failed',
          retryable,
          error: network ? 'Not sent yet: waiting for the connection' : error instanceof Error ? error.message : 'Not sent',
        });
      }
    },
    [socket, queryClient, me],
  );

  const send = useCallback(
    (input: Omit<OutgoingMessage, 'client_id'>) => {
      const message = { ...input, client_id: newClientId() };
      outbox.add({ ...message, status: 'sending', created_at: new Date().toISOString() });
      void attempt(message);
    },
    [attempt],
  );

  /** On (re)connect: what failed for want of a connection goes again, with the same client_id, so nothing is doubled. */
  const retryFailed = useCallback(() => {
    for (const p of outbox.all()) if (p.status === 'failed' && p.retryable !== false) void attempt(p);
  }, [attempt]);

  return { send, retry: attempt, retryFailed };
}
