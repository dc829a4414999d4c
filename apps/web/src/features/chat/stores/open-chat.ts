import { useSyncExternalStore } from 'react';

/**
 * The peer whose conversation the member is reading right now (shown, tab visible, app not locked), or null. Its
 * messages are read as they arrive, so no list or counter may count them as unread meanwhile.
 */
let reading: number | null = null;
const listeners = new Set<() => void>();

export const openChat = {
  get: () => reading,
  set(peerId: number | null) {
    if (peerId === reading) return;
    reading = peerId;
    listeners.forEach((l) => l());
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export const useOpenChat = () => useSyncExternalStore(openChat.subscribe, openChat.get, () => null);
