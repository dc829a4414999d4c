import { useSyncExternalStore } from 'react';

/**
 * Whether the passcode lock covers the app right now. The app stays mounted under the lock, so features that act
 * on what the member sees (marking a chat read) ask this first: nobody is looking while it is locked.
 */
let locked = false;
const listeners = new Set<() => void>();

export function setAppLocked(next: boolean) {
  if (next === locked) return;
  locked = next;
  listeners.forEach((l) => l());
}

export const isAppLocked = () => locked;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const useAppLocked = () => useSyncExternalStore(subscribe, isAppLocked, () => false);
