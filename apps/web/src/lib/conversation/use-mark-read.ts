import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { ApiError } from '../api-client';
import { useAppLocked } from '../app-lock';
import { openConversation } from './open-conversation';

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
 * Marks the open conversation (`key`, see open-conversation) read up to the newest message others wrote, but only
 * while the member can see it: a hidden tab or the passcode lock waits until they come back. A read lost to the
 * network is tried again. `markRead` tells the server and updates the caches; it should be stable (useCallback).
 */
export function useMarkConversationRead(key: string, newestFromOthers: number | undefined, markRead: (upToId: number) => Promise<void>) {
  const visible = usePageVisible();
  const locked = useAppLocked();
  const reading = visible && !locked;
  const lastRead = useRef(0);
  const [retries, setRetries] = useState(0);

  useEffect(() => {
    openConversation.set(reading ? key : null);
    return () => openConversation.set(null);
  }, [reading, key]);

  useEffect(() => {
    if (!reading || !newestFromOthers || newestFromOthers <= lastRead.current) return;
    lastRead.current = newestFromOthers;
    let timer: ReturnType<typeof setTimeout> | undefined;
    markRead(newestFromOthers).catch((error: unknown) => {
      if (lastRead.current === newestFromOthers) lastRead.current = 0;
      if (error instanceof ApiError && (error.isNetworkError || error.status >= 500))
        timer = setTimeout(() => setRetries((n) => n + 1), RETRY_MS);
    });
    return () => clearTimeout(timer);
  }, [reading, newestFromOthers, markRead, retries]);
}
