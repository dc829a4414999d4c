import { dropFile, keepFile, keptFile, openFileStore } from './outbox-files';

/** What every pending message carries, whatever conversation it is for. */
export interface PendingBase {
  client_id: string;
  text: string;
  file?: unknown;
  /** In storage: the message's file is kept apart (see outbox-files), to be put back on a reload. */
  file_kept?: boolean;
  status: 'sending' | 'failed';
  error?: string;
  /** False when the server refused it: sending it again on reconnect would fail the same way. */
  retryable?: boolean;
  created_at: string;
}

/** A message that could not go for want of a connection: it goes again by itself when the connection returns. */
const waitingForConnection = <T extends PendingBase>(p: T): T => ({
  ...p,
  status: 'failed',
  retryable: true,
  error: 'Not sent yet: waiting for the connection',
});

/**
 * Messages shown at once as pending until the server has stored them; failed ones stay, to be retried with the same
 * client_id. Kept in localStorage per member, one key per message (`${storageKey(memberId)}:${client_id}`), so a
 * reload or a closed tab loses nothing (the client_id goes with it and makes the resend safe), and two tabs of one
 * member never overwrite each other's: each writes and removes only its own messages. A file goes to IndexedDB first
 * and its message is written once the file is kept, so what comes back after a reload is whole. `isValid` checks
 * what comes back from storage. Private and community chat each have one.
 */
export function createOutboxStore<T extends PendingBase>(storageKey: (memberId: number) => string, isValid: (stored: T) => boolean) {
  let owner: number | null = null;
  let pending: T[] = [];
  const listeners = new Set<() => void>();
  const keyOf = (memberId: number, clientId: string) => `${storageKey(memberId)}:${clientId}`;

  /**
   * Messages of this page with a file in IndexedDB: being written there (their message is written after it, as it is
   * then), or kept (their stored copy says so). A file is written once, however often its message changes meanwhile.
   */
  const files = new Map<string, 'keeping' | 'kept'>();
  /** Told when a message's file is back after a reload, so it can be sent (the socket may have connected already). */
  const filesBack = new Set<() => void>();
  const serialized = (p: T) => JSON.stringify(p.file ? { ...p, file: undefined, file_kept: true } : p);

  /** Keeps a new message's file, then writes the message as it is by then (unless it was sent or dropped meanwhile). */
  function keepWithFile(memberId: number, message: T) {
    const key = keyOf(memberId, message.client_id);
    files.set(message.client_id, 'keeping');
    void keepFile(key, message.file as File).then((kept) => {
      const now = owner === memberId ? pending.find((p) => p.client_id === message.client_id) : undefined;
      if (!now) return void (kept && dropFile(key));
      if (!kept) return void files.delete(message.client_id);
      files.set(message.client_id, 'kept');
      try {
        localStorage.setItem(key, serialized(now));
      } catch {
        /* storage full or off */
      }
    });
  }

  /** Writes what changed: the messages given, and the removal of those no longer pending. */
  function persist(changed: T[], removed: string[]) {
    if (owner === null) return;
    try {
      for (const p of changed) {
        const file = files.get(p.client_id);
        if (p.file && !file) keepWithFile(owner, p);
        else if (file !== 'keeping') localStorage.setItem(keyOf(owner, p.client_id), serialized(p));
      }
      for (const clientId of removed) {
        localStorage.removeItem(keyOf(owner, clientId));
        // A file still being written is dropped by its writer, which finds the message gone.
        if (files.get(clientId) === 'kept') void dropFile(keyOf(owner, clientId));
        files.delete(clientId);
      }
    } catch {
      /* storage full or off: the outbox still works for this page */
    }
  }

  /** Puts the files of restored messages back; a message whose file is gone cannot be sent as written and goes. */
  function bringFilesBack(memberId: number, restored: T[]) {
    for (const message of restored.filter((p) => p.file_kept)) {
      void keptFile(keyOf(memberId, message.client_id)).then((file) => {
        if (owner !== memberId || !pending.some((p) => p.client_id === message.client_id)) return;
        if (!file) {
          localStorage.removeItem(keyOf(memberId, message.client_id));
          pending = pending.filter((p) => p.client_id !== message.client_id);
        } else {
          files.set(message.client_id, 'kept');
          pending = pending.map((p) =>
            p.client_id === message.client_id ? waitingForConnection({ ...p, file, file_kept: undefined }) : p,
          );
        }
        listeners.forEach((l) => l());
        if (file) filesBack.forEach((l) => l());
      });
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
        // A message with a file shows as on its way (no Retry) until its file is back.
        p.file_kept ? { ...p, status: 'sending' as const } : p.status === 'sending' ? waitingForConnection(p) : p,
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
    /** A file is about to be attached (the picker opened, a file pasted or dropped): its store opens now. */
    expectFile: openFileStore,
    /** The signed-in member's outbox from this device; another member's is never shown. */
    load(memberId: number | null) {
      if (memberId === owner) return;
      owner = memberId;
      files.clear();
      pending = memberId === null ? [] : restore(memberId);
      if (memberId !== null) bringFilesBack(memberId, pending);
      listeners.forEach((l) => l());
    },
    /** `listener` runs whenever a message's file is back after a reload; returns the way to stop. */
    onFilesBack(listener: () => void) {
      filesBack.add(listener);
      return () => {
        filesBack.delete(listener);
      };
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
