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
 * client_id. Kept in localStorage per member, one key per message (`${storageKey(memberId)}:${client_id}`), so a
 * reload or a closed tab loses nothing (the client_id goes with it and makes the resend safe), and two tabs of one
 * member never overwrite each other's: each writes and removes only its own messages. A picked file cannot be stored,
 * so only text messages survive a reload. `isValid` checks what comes back from storage. Private and community chat
 * each have one.
 */
export function createOutboxStore<T extends PendingBase>(storageKey: (memberId: number) => string, isValid: (stored: T) => boolean) {
  let owner: number | null = null;
  let pending: T[] = [];
  const listeners = new Set<() => void>();
  const keyOf = (memberId: number, clientId: string) => `${storageKey(memberId)}:${clientId}`;

  /** Writes what changed: the messages given, and the removal of those no longer pending. */
  function persist(changed: T[], removed: string[]) {
    if (owner === null) return;
    try {
      for (const p of changed) if (!p.file) localStorage.setItem(keyOf(owner, p.client_id), JSON.stringify(p));
      for (const clientId of removed) localStorage.removeItem(keyOf(owner, clientId));
    } catch {
      /* storage full or off: the outbox still works for this page */
    }
  }

  function read(key: string): T[] {
    try {
      const value = JSON.parse(localStorage.getItem(key) ?? 'null') as unknown;
      return (Array.isArray(value) ? value : [value]) as T[];
    } catch {
      return [];
    }
  }

  function restore(memberId: number): T[] {
    const prefix = `${storageKey(memberId)}:`;
    let stored: T[];
    try {
      // Outboxes saved before one key per message (a single list under the bare key) are carried over once.
      const legacy = read(storageKey(memberId)).filter((p) => typeof p?.client_id === 'string');
      for (const p of legacy) localStorage.setItem(keyOf(memberId, p.client_id), JSON.stringify(p));
      localStorage.removeItem(storageKey(memberId));
      const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)).filter(
        (key): key is string => key?.startsWith(prefix) ?? false,
      );
      stored = keys.flatMap(read);
    } catch {
      return [];
    }
    // Whatever was on its way when the page went away is waiting for the connection now.
    return stored
      .filter((p) => typeof p?.client_id === 'string' && typeof p.text === 'string' && typeof p.created_at === 'string' && isValid(p))
      .map((p) =>
        p.status === 'sending'
          ? { ...p, status: 'failed' as const, retryable: true, error: 'Not sent yet: waiting for the connection' }
          : p,
      )
      .sort((a, b) => a.created_at.localeCompare(b.created_at));
  }

  const publish = (next: T[], changed: T[], removed: string[] = []) => {
    pending = next;
    persist(changed, removed);
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
      publish([...pending.filter((p) => p.client_id !== message.client_id), message], [message]);
    },
    update(clientId: string, patch: Partial<T>) {
      const changed = pending.filter((p) => p.client_id === clientId).map((p) => ({ ...p, ...patch }));
      publish(
        pending.map((p) => (p.client_id === clientId ? changed[0]! : p)),
        changed,
      );
    },
    remove(clientId: string | null | undefined) {
      if (clientId && pending.some((p) => p.client_id === clientId))
        publish(
          pending.filter((p) => p.client_id !== clientId),
          [],
          [clientId],
        );
    },
    /** Drops every pending message that matches (a conversation that is gone). */
    removeWhere(match: (message: T) => boolean) {
      const gone = pending.filter(match);
      if (gone.length)
        publish(
          pending.filter((p) => !match(p)),
          [],
          gone.map((p) => p.client_id),
        );
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
