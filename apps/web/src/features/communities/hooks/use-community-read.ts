import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { channelKey } from '../../../lib/conversation/open-conversation';
import { useMarkConversationRead } from '../../../lib/conversation/use-mark-read';
import { setUnread } from '../api/cache';
import { patchChannel } from '../api/channels-cache';
import { markChannelRead } from '../api/mark-channel-read';

/**
 * The open channel is read as every conversation is (lib/conversation/use-mark-read: only while the member can see
 * it, a lost read tried again): its newest message from others becomes the member's read position (forward only, on
 * the server), and the answer sets the channel's, the community's and the header's counts.
 */
export function useCommunityRead(communityId: number, channelId: number, newestFromOthers: number | undefined) {
  const qc = useQueryClient();
  const markRead = useCallback(
    async (upToId: number) => {
      const left = await markChannelRead(communityId, channelId, upToId);
      patchChannel(qc, communityId, channelId, () => ({ unread: left.unread }));
      setUnread(qc, communityId, left.community_unread, left.total_unread);
    },
    [qc, communityId, channelId],
  );
  useMarkConversationRead(channelKey(communityId, channelId), newestFromOthers, markRead);
}
