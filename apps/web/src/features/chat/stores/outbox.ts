import { useSyncExternalStore } from 'react';
import { createOutboxStore, type PendingBase } from '../../../lib/outbox-store';
import type { OutgoingMessage } from '../api/send-message';

/**
 * A message of a direct or group chat shown at once as pending; failed ones stay to be retried with the same
 * client_id. One outbox for every chat of the member: a reconnect sends whatever waits, wherever it goes.
 */
export interface PendingMessage extends OutgoingMessage, Omit<PendingBase, keyof OutgoingMessage> {}

export const outboxKey = (memberId: number) => `CHAT_OUTBOX_${memberId}`;

export const outbox = createOutboxStore<PendingMessage>(outboxKey, (p) => typeof p.peer_id === 'number' || typeof p.group_id === 'number');

/** Where a pending message goes: one person, or a group. */
export type ChatTarget = { peer_id: number } | { group_id: number };

const goesTo = (p: PendingMessage, target: ChatTarget) =>
  'group_id' in target ? p.group_id === target.group_id : !p.group_id && p.peer_id === target.peer_id;

export const usePendingMessages = (target: ChatTarget) =>
  useSyncExternalStore(outbox.subscribe, outbox.all).filter((p) => goesTo(p, target));
