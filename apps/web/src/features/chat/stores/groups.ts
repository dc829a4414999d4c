import { useSyncExternalStore } from 'react';

/** The groups this member was taken out of (group:removed) while their page may be open. */
let removed: ReadonlySet<number> = new Set();
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const groupState = {
  setRemoved(groupId: number, out: boolean) {
    if (removed.has(groupId) === out) return;
    const next = new Set(removed);
    if (out) next.add(groupId);
    else next.delete(groupId);
    removed = next;
    listeners.forEach((l) => l());
  },
  isRemoved: (groupId: number) => removed.has(groupId),
  /** Another member signed in on this tab: nothing of the previous one's groups is kept. */
  reset() {
    removed = new Set();
    listeners.forEach((l) => l());
  },
};

export const useRemovedFromGroup = (groupId: number) => useSyncExternalStore(subscribe, () => groupState.isRemoved(groupId));
