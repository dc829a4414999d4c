import { useSyncExternalStore } from 'react';

/**
 * The conversation the member is reading right now (shown, tab visible, app not locked), by its key
 * (`directKey(peerId)`, `groupKey(groupId)`, `channelKey(communityId, channelId)`), or null. Its messages are read as they arrive, so no list or counter
 * may count them as unread meanwhile.
 */
let reading: string | null = null;
const listeners = new Set<() => void>();

export const directKey = (peerId: number) => `direct:${peerId}`;
export const groupKey = (groupId: number) => `group:${groupId}`;
export const channelKey = (communityId: number, channelId: number) => `channel:${communityId}:${channelId}`;

export const openConversation = {
  get: () => reading,
  set(key: string | null) {
    if (key === reading) return;
    reading = key;
    listeners.forEach((l) => l());
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export const useOpenConversation = () => useSyncExternalStore(openConversation.subscribe, openConversation.get, () => null);
