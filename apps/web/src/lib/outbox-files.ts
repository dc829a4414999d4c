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
/** The library and its store, made once: each store opens its own connection to the database. */
const store = () =>
  (opened ??= (async () => {
    if (typeof indexedDB === 'undefined') return null;
    const idb = await import('idb-keyval');
    return { idb, files: idb.createStore('tribeverse-outbox', 'files') };
  })().catch(() => {
    // The library's code could not be loaded (the connection, say): the next call tries again.
    opened = undefined;
    return null;
  }));

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
