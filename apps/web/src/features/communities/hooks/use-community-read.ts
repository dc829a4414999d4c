import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { setUnread } from '../api/cache';
import { markCommunityRead } from '../api/mark-read';
import { openCommunity } from '../stores/open-community';

/**
 * The open chat is read: its newest message id becomes the member's read position (forward only, on the server),
 * whenever a newer one shows while the chat is on screen and the tab is visible.
 */
export function useCommunityRead(communityId: number, newestId: number | undefined, enabled: boolean) {
  const qc = useQueryClient();
  const sent = useRef(0);
  useEffect(() => {
    if (!enabled) return;
    openCommunity.set(communityId);
    return () => openCommunity.set(null);
  }, [communityId, enabled]);
  useEffect(() => {
    if (!enabled || !newestId || newestId <= sent.current) return;
    const read = () => {
      if (document.visibilityState !== 'visible' || newestId <= sent.current) return;
      sent.current = newestId;
      markCommunityRead(communityId, newestId)
        .then((r) => setUnread(qc, communityId, r.unread, r.total_unread))
        .catch(() => {
          sent.current = 0;
        });
    };
    read();
    document.addEventListener('visibilitychange', read);
    return () => document.removeEventListener('visibilitychange', read);
  }, [communityId, newestId, enabled, qc]);
}
