import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { setUnread } from '../api/cache';
import { channelOf, patchChannel } from '../api/channels-cache';
import { communityKeys } from '../api/keys';
import { markChannelRead } from '../api/mark-channel-read';
import { markCommunityRead } from '../api/mark-read';
import { openCommunity } from '../stores/open-community';

/**
 * The open channel is read: its newest message id becomes the member's read position (forward only, on the server),
 * whenever a newer one shows while the chat is on screen and the tab is visible. `channelId` null: a community whose
 * server has no channels, read as a whole.
 */
export function useCommunityRead(communityId: number, channelId: number | null, newestId: number | undefined, enabled: boolean) {
  const qc = useQueryClient();
  const sent = useRef(0);
  useEffect(() => {
    if (!enabled) return;
    openCommunity.set({ communityId, channelId });
    return () => openCommunity.set(null);
  }, [communityId, channelId, enabled]);
  useEffect(() => {
    if (!enabled || !newestId || newestId <= sent.current) return;
    const readChannel = async (id: number) => {
      const hadUnread = (channelOf(qc, communityId, id)?.unread ?? 0) > 0;
      const left = await markChannelRead(communityId, id, newestId);
      patchChannel(qc, communityId, id, () => ({ unread: left?.unread ?? 0 }));
      // The community's count (the list, the header) held this channel's: set from the answer, or asked again.
      if (left?.community_unread !== undefined && left.total_unread !== undefined)
        setUnread(qc, communityId, left.community_unread, left.total_unread);
      else if (hadUnread) void qc.invalidateQueries({ queryKey: communityKeys.unread });
    };
    const read = () => {
      if (document.visibilityState !== 'visible' || newestId <= sent.current) return;
      sent.current = newestId;
      const done =
        channelId === null
          ? markCommunityRead(communityId, newestId).then((r) => setUnread(qc, communityId, r.unread, r.total_unread))
          : readChannel(channelId);
      done.catch(() => {
        sent.current = 0;
      });
    };
    read();
    document.addEventListener('visibilitychange', read);
    return () => document.removeEventListener('visibilitychange', read);
  }, [communityId, channelId, newestId, enabled, qc]);
}
