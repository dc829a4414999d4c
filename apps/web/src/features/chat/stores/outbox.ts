import { useSyncExternalStore } from 'react';
import type { OutgoingMessage } from '../api/send-message';

/** Messages shown at once as pending, until the server has stored them. Failed ones stay, to be retried with the same client_id. */
export interface PendingMessage extends OutgoingMessage {
  status: 'sending' | 'failed';
  error?: string;
  /** False when the server refused it (blocked, invalid): sending it again on reconnect would fail the same way. */
  retryable?: boolean;
  created_at: string;
}

/**
 * Kept in localStorage per member, so a reload or a closed tab loses nothing: the client_id goes with it and makes
 * the resend safe. A picked file cannot be stored, so only text messages survive a reload.
 */
export const outboxKey = (memberId: number) => `CHAT_OUTBOX_${memberId}`;

let owner: number | null = null;
let pending: PendingMessage[] = [];
const listeners = new Set<() => void>();

function persist() {
  if (owner === null) return;
  const kept = pending.filter((p) => !p.file);
  try {
    if (kept.length) localStorage.setItem(outboxKey(owner), JSON.stringify(kept));
    else localStorage.removeItem(outboxKey(owner));
  } catch {
    /* storage full or off: the outbox still works for this page */
  }
}

function restore(memberId: number): PendingMessage[] {
  try {
    const stored = JSON.parse(localStorage.getItem(outboxKey(memberId)) ?? '[]') as PendingMessage[];
    if (!Array.isArray(stored)) return [];
    // Whatever was on its way when the page went away is waiting for the connection now.
    return stored
      .filter((p) => typeof p?.client_id === 'string' && typeof p.peer_id === 'number' && typeof p.text === 'string')
      .map((p) => (p.status === 'sending' ? { ...p, status: 'failed' as const, retryable: true, error: 'Not sent yet: waiting for the connection' } : p));
  } catch {
    return [];
  }
}

const publish = (next: PendingMessage[]) => {
  pending = next;
  persist();
  listeners.forEach((l) => l());
};

export const outbox = {
  all: () => pending,
  /** The signed-in member's outbox from this device; another member's is never shown. */
  load(memberId: number | null) {
    if (memberId === owner) return;
    owner = memberId;
    pending = memberId === null ? [] : restore(memberId);
    listeners.forEach((l) => l());
  },
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
