import type { QueryClient } from '@tanstack/react-query';
import { firstChannelId } from './channels-cache';
import type { CommunityMessagePages } from './get-messages';
import { communityKeys } from './keys';
import type { CommunityMessage, CommunityUnread } from './types';

/** The history of a channel, or of the whole community where the server has no channels (no channel id). */
export const historyKey = (communityId: number, channelId: number | null | undefined) =>
  channelId ? communityKeys.channelMessages(communityId, channelId) : communityKeys.messages(communityId);

/** The channel a message is in: its own `channel_id`, or, without one, the first channel (when the list is known). */
export const channelIdOf = (qc: QueryClient, message: CommunityMessage) => message.channel_id ?? firstChannelId(qc, message.community_id);

/** Puts a stored or changed message into its channel's history, once, in id order. */
export function upsertCommunityMessage(qc: QueryClient, message: CommunityMessage) {
  const key = historyKey(message.community_id, channelIdOf(qc, message));
  if (!qc.getQueryData(key)) return;
  qc.setQueryData<CommunityMessagePages>(key, (data) => {
    if (!data) return data;
    let found = false;
    const pages = data.pages.map((page) =>
      page.map((m) => {
        if (m.id !== message.id) return m;
        found = true;
        return message;
      }),
    );
    if (!found) pages[0] = [...(pages[0] ?? []), message].sort((a, b) => a.id - b.id);
    return { ...data, pages };
  });
  // A history reload already on its way may have left before this message was stored: asked again.
  if (qc.getQueryState(key)?.fetchStatus === 'fetching') void qc.invalidateQueries({ queryKey: key, exact: true });
}

/** The unread figures after a read, without another request. */
export function setUnread(qc: QueryClient, communityId: number, unread: number, total: number) {
  qc.setQueryData<CommunityUnread>(communityKeys.unread, (data) => ({
    total,
    communities: [...(data?.communities ?? []).filter((c) => c.community_id !== communityId), { community_id: communityId, unread }],
  }));
}
