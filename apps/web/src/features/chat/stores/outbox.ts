import { useSyncExternalStore } from 'react';
import type { OutgoingMessage } from '../api/send-message';

/** Messages shown at once as pending, until the server has stored them. Failed ones stay, to be retried with the same client_id. */
export interface PendingMessage extends OutgoingMessage {
  status: 'sending' | 'failed';
  error?: string;
  created_at: string;
}

let pending: PendingMessage[] = [];
const listeners = new Set<() => void>();
const publish = (next: PendingMessage[]) => {
  pending = next;
  listeners.forEach((l) => l());
};

export const outbox = {
  all: () => pending,
  add(message: PendingMessage) {
    publish([...pending.filter((p) => p.client_id !== message.client_id), message]);
  },
  update(clientId: string, patch: Partial<PendingMessage>) {
    publish(pending.map((p) => (p.client_id === clientId ? { ...p, ...patch } : p)));
  },
  remove(clientId: string | null | undefined) {
    if (clientId && pending.some((p) => p.client_id === clientId)) publish(pending.filter((p) => p.client_id !== clientId));
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export const usePendingMessages = (peerId: number) =>
  useSyncExternalStore(outbox.subscribe, outbox.all).filter((p) => p.peer_id === peerId);
