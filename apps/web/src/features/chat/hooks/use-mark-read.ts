import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { useAppLocked } from '../../../lib/app-lock';
import { clearUnread } from '../api/cache';
import { chatKeys } from '../api/keys';
import { markRead } from '../api/mark-read';
import { openChat } from '../stores/open-chat';

const RETRY_MS = 3_000;

const subscribeVisibility = (listener: () => void) => {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
};
const usePageVisible = () =>
  useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState !== 'hidden',
    () => true,
  );

/**
 * Marks the open conversation read up to the peer's newest message, but only while the member can see it: a hidden
 * tab or the passcode lock waits until they come back. A read lost to the network is tried again.
 */
export function useMarkRead(peerId: number, newestFromPeer: number | undefined) {
  const queryClient = useQueryClient();
  const visible = usePageVisible();
  const locked = useAppLocked();
  const reading = visible && !locked;
  const lastRead = useRef(0);
  const [retries, setRetries] = useState(0);

  useEffect(() => {
    openChat.set(reading ? peerId : null);
    return () => openChat.set(null);
  }, [reading, peerId]);

  useEffect(() => {
    if (!reading || !newestFromPeer || newestFromPeer <= lastRead.current) return;
    lastRead.current = newestFromPeer;
    let timer: ReturnType<typeof setTimeout> | undefined;
    markRead(peerId, newestFromPeer)
      .then((r) => {
        queryClient.setQueryData(chatKeys.unreadCount, { unreadCount: r.unreadCount });
        clearUnread(queryClient, peerId);
        // A list refetch started before this read may still land with the old count: asking again now cancels it.
        void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
        void queryClient.invalidateQueries({ queryKey: chatKeys.unreadCount });
      })
      .catch((error: unknown) => {
        if (lastRead.current === newestFromPeer) lastRead.current = 0;
        if (error instanceof ApiError && (error.isNetworkError || error.status >= 500))
          timer = setTimeout(() => setRetries((n) => n + 1), RETRY_MS);
      });
    return () => clearTimeout(timer);
  }, [reading, newestFromPeer, peerId, queryClient, retries]);
}
