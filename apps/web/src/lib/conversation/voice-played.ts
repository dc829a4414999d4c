import { useSyncExternalStore } from 'react';

/*
 * Which voice messages this member has played, kept in this browser (localStorage), per account: the player shows an
 * unplayed note with a dot, and playback continues to the next unplayed one. Kept on the device rather than on the
 * server: it is a listening aid, not a receipt the sender sees.
 */
const KEY = 'tribeverse:voice-played';
/** The newest ids are kept; an old note forgotten is only shown as unplayed again. */
const KEEP = 1000;

let cache: { raw: string | null; ids: Set<string> } | null = null;
const listeners = new Set<() => void>();

function played(): Set<string> {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(KEY);
  } catch {
    // Storage blocked: nothing is remembered beyond this page.
  }
  if (cache && cache.raw === raw) return cache.ids;
  let ids: string[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) ids = parsed.filter((v): v is string => typeof v === 'string');
  } catch {
    ids = [];
  }
  cache = { raw, ids: new Set(ids) };
  return cache.ids;
}

/** A note's key: the member listening and the message (ids of different kinds never meet: they share one table). */
export const voiceKey = (me: number, messageId: number) => `${me}:${messageId}`;

export function isVoicePlayed(key: string): boolean {
  return played().has(key);
}

export function markVoicePlayed(key: string) {
  const ids = played();
  if (ids.has(key)) return;
  const next = [...ids, key].slice(-KEEP);
  const raw = JSON.stringify(next);
  try {
    localStorage.setItem(KEY, raw);
  } catch {
    // Storage full or blocked: kept for this page only.
  }
  cache = { raw, ids: new Set(next) };
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => e.key === KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Whether this note was played here (or in another tab of this browser), kept up to date. */
export function useVoicePlayed(key: string): boolean {
  return useSyncExternalStore(subscribe, () => isVoicePlayed(key));
}
