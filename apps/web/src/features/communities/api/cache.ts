import type { QueryClient } from '@tanstack/react-query';
import type { CommunityMessagePages } from './get-messages';
import { communityKeys } from './keys';
import type { CommunityMessage, CommunityUnread } from './types';

/** Puts a stored or changed message into its community's history, once, in id order. */
export function upsertCommunityMessage(qc: QueryClient, message: CommunityMessage) {
  const key = communityKeys.messages(message.community_id);
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
