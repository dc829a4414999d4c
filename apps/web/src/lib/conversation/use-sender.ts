import { useCallback } from 'react';
import { ErrorCode } from '@tribeverse/shared';
import { ApiError } from '../api-client';
import { newClientId } from '../ids';
import type { PendingBase } from '../outbox-store';

/** The part of an outbox (lib/outbox-store) the sender writes to. */
export interface SenderOutbox<P extends PendingBase> {
  all(): P[];
  add(message: P): void;
  update(clientId: string, patch: Partial<P>): void;
  remove(clientId: string): void;
}

/**
 * The one send path of every conversation: shows a message at once as pending (kept in the outbox, so a reload or a
 * lost connection does not lose it), sends it with `transport`, hands what the server stored to `onStored`, and
 * keeps failed ones for a retry with the same client_id. `transport` and `onStored` should be stable (useCallback):
 * `retryFailed` is run on every (re)connect.
 */
export function useConversationSender<O extends { client_id: string }, M>(
  outbox: SenderOutbox<O & PendingBase>,
  transport: (message: O) => Promise<M>,
  onStored: (stored: M, sent: O) => void,
) {
  const attempt = useCallback(
    async (message: O) => {
      outbox.update(message.client_id, { status: 'sending', error: undefined } as Partial<O & PendingBase>);
      try {
        const stored = await transport(message);
        outbox.remove(message.client_id);
        onStored(stored, message);
      } catch (error) {
        // Only a lost connection or a server hiccup is worth sending again by itself; a refusal keeps its reason.
        const retryable =
          error instanceof ApiError && (error.isNetworkError || error.status >= 500 || error.code === ErrorCode.RATE_LIMITED);
        const network = error instanceof ApiError && error.isNetworkError;
        outbox.update(message.client_id, {
          status: 'failed',
          retryable,
          error: network ? 'Not sent yet: waiting for the connection' : error instanceof Error ? error.message : 'Not sent',
        } as Partial<O & PendingBase>);
      }
    },
    [outbox, transport, onStored],
  );

  const send = useCallback(
    (input: Omit<O, 'client_id'>) => {
      const message = { ...input, client_id: newClientId() } as O;
      outbox.add({ ...message, status: 'sending', created_at: new Date().toISOString() } as O & PendingBase);
      void attempt(message);
    },
    [outbox, attempt],
  );

  /** On (re)connect: what failed for want of a connection goes again, with the same client_id, so nothing is doubled. */
  const retryFailed = useCallback(() => {
    for (const p of outbox.all()) if (p.status === 'failed' && p.retryable !== false) void attempt(p);
  }, [outbox, attempt]);

  return { send, retry: attempt, retryFailed };
}
