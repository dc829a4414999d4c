/** What every pending message carries, whatever conversation it is for. */
export interface PendingBase {
  client_id: string;
  text: string;
  file?: unknown;
  status: 'sending' | 'failed';
  error?: string;
  /** False when the server refused it: sending it again on reconnect would fail the same way. */
  retryable?: boolean;
  created_at: string;
}

/**
 * Messages shown at once as pending until the server has stored them; failed ones stay, to be retried with the same
 * client_id. Kept in localStorage per member (under `storageKey(memberId)`), so a reload or a closed tab loses
 * nothing: the client_id goes with it and makes the resend safe. A picked file cannot be stored, so only text
 * messages survive a reload. `isValid` checks what comes back from storage. Private and community chat each have one.
 */
export function createOutboxStore<T extends PendingBase>(storageKey: (memberId: number) => string, isValid: (stored: T) => boolean) {
  let owner: number | null = null;
  let pending: T[] = [];
  const listeners = new Set<() => void>();

  function persist() {
    if (owner === null) return;
    const kept = pending.filter((p) => !p.file);
    try {
      if (kept.length) localStorage.setItem(storageKey(owner), JSON.stringify(kept));
      else localStorage.removeItem(storageKey(owner));
    } catch {
      /* storage full or off: the outbox still works for this page */
    }
  }

  function restore(memberId: number): T[] {
    try {
      const stored = JSON.parse(localStorage.getItem(storageKey(memberId)) ?? '[]') as T[];
      if (!Array.isArray(stored)) return [];
      // Whatever was on its way when the page went away is waiting for the connection now.
      return stored
        .filter((p) => typeof p?.client_id === 'string' && typeof p.text === 'string' && isValid(p))
        .map((p) =>
          p.status === 'sending'
            ? { ...p, status: 'failed' as const, retryable: true, error: 'Not sent yet: waiting for the connection' }
            : p,
        );
    } catch {
      return [];
    }
  }

  const publish = (next: T[]) => {
    pending = next;
    persist();
    listeners.forEach((l) => l());
  };

  return {
    all: () => pending,
    /** The signed-in member's outbox from this device; another member's is never shown. */
    load(memberId: number | null) {
      if (memberId === owner) return;
      owner = memberId;
      pending = memberId === null ? [] : restore(memberId);
      listeners.forEach((l) => l());
    },
    add(message: T) {
      publish([...pending.filter((p) => p.client_id !== message.client_id), message]);
    },
    update(clientId: string, patch: Partial<T>) {
      publish(pending.map((p) => (p.client_id === clientId ? { ...p, ...patch } : p)));
    },
    remove(clientId: string | null | undefined) {
      if (clientId && pending.some((p) => p.client_id === clientId)) publish(pending.filter((p) => p.client_id !== clientId));
    },
    /** Drops every pending message that matches (a conversation that is gone). */
    removeWhere(match: (message: T) => boolean) {
      if (pending.some(match)) publish(pending.filter((p) => !match(p)));
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
