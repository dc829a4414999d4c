import type { QueryClient } from '@tanstack/react-query';
import { upsertInPages } from '../../../lib/conversation/message-pages';
import { updatePins } from '../../../lib/conversation/pins';
import { communityKeys } from './keys';
import type { CommunityMessage, CommunityUnread } from './types';

/**
 * Puts a stored or changed message into its channel's history (once, in id order; in the pages of a jump too) and
 * keeps the channel's pins in step with it (pinned, unpinned, edited, deleted).
 */
export function upsertCommunityMessage(qc: QueryClient, message: CommunityMessage) {
  upsertInPages(qc, communityKeys.channelMessages(message.community_id, message.channel_id), message);
  updatePins(qc, communityKeys.pins(message.community_id, message.channel_id), message);
}

/** The unread figures after a read, without another request. */
export function setUnread(qc: QueryClient, communityId: number, unread: number, total: number) {
  qc.setQueryData<CommunityUnread>(communityKeys.unread, (data) => ({
    total,
    communities: [...(data?.communities ?? []).filter((c) => c.community_id !== communityId), { community_id: communityId, unread }],
  }));
}
