import { useSyncExternalStore } from 'react';
import { createOutboxStore, type PendingBase } from '../../../lib/outbox-store';
import type { OutgoingMessage } from '../api/send-message';

/** A private message shown at once as pending; failed ones stay to be retried with the same client_id. */
export interface PendingMessage extends OutgoingMessage, Omit<PendingBase, keyof OutgoingMessage> {}

export const outboxKey = (memberId: number) => `CHAT_OUTBOX_${memberId}`;

export const outbox = createOutboxStore<PendingMessage>(outboxKey, (p) => typeof p.peer_id === 'number');

export const usePendingMessages = (peerId: number) =>
  useSyncExternalStore(outbox.subscribe, outbox.all).filter((p) => p.peer_id === peerId);
