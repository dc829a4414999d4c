/**
 * The files of pending messages, kept in IndexedDB (localStorage holds text only) so a picture written without a
 * connection survives a reload like its caption. The library loads only when a file is kept or looked for. Where
 * IndexedDB is missing or refuses (private windows of some browsers, a full disk) every call quietly does nothing and
 * the message simply is not kept over a reload, as before.
 */
// Types only: the library itself is loaded when first needed.
import type * as IdbKeyval from 'idb-keyval';
import type { UseStore } from 'idb-keyval';

let opened: Promise<{ idb: typeof IdbKeyval; files: UseStore } | null> | undefined;
/**
 * The library and its store, made once: each store opens its own connection to the database. The library opens it
 * at the store's first use; an empty transaction here opens it now, so that a file kept later is only its write.
 */
const store = () =>
  (opened ??= (async () => {
    if (typeof indexedDB === 'undefined') return null;
    const idb = await import('idb-keyval');
    const files = idb.createStore('tribeverse-outbox', 'files');
    await files('readonly', () => undefined);
    return { idb, files };
  })().catch(() => {
    // The library's code could not be loaded (the connection, say) or the database refused: the next call tries again.
    opened = undefined;
    return null;
  }));

/**
 * Loads the library and opens the store ahead of the first file, when one is about to be attached: keeping the file
 * at the send is then one write, so the moment in which a reload would lose a message written offline is short.
 */
export function openFileStore(): void {
  void store();
}

/** Resolves true once the file is kept. */
export async function keepFile(key: string, file: File): Promise<boolean> {
  try {
    const s = await store();
    if (!s) return false;
    await s.idb.set(key, file, s.files);
    return true;
  } catch {
    return false;
  }
}

export async function keptFile(key: string): Promise<File | undefined> {
  try {
    const s = await store();
    const value: unknown = s ? await s.idb.get(key, s.files) : undefined;
    return value instanceof Blob ? (value as File) : undefined;
  } catch {
    return undefined;
  }
}

export async function dropFile(key: string): Promise<void> {
  try {
    const s = await store();
    if (s) await s.idb.del(key, s.files);
  } catch {
    /* nothing kept, nothing to drop */
  }
}
