import { useSyncExternalStore } from 'react';
import { createOutboxStore, type PendingBase } from '../../../lib/outbox-store';
import type { OutgoingCommunityMessage } from '../api/send-message';

/** A community message shown at once as pending; failed ones stay to be retried with the same client_id. */
export interface PendingCommunityMessage extends OutgoingCommunityMessage, Omit<PendingBase, keyof OutgoingCommunityMessage> {}

export const communityOutboxKey = (memberId: number) => `COMMUNITY_OUTBOX_${memberId}`;

const store = createOutboxStore<PendingCommunityMessage>(communityOutboxKey, (p) => typeof p.community_id === 'number');

export const communityOutbox = {
  ...store,
  /** Leaving, removal or Clear chat: what waits for that community goes too. */
  dropCommunity: (communityId: number) => store.removeWhere((p) => p.community_id === communityId),
  /** A deleted channel: what waited for it could never go. */
  dropChannel: (communityId: number, channelId: number) =>
    store.removeWhere((p) => p.community_id === communityId && p.channel_id === channelId),
};

/**
 * What waits for one channel. A message kept from before channels, without a channel id, goes to the community's
 * first channel (`…/send`) and shows there.
 */
export const usePendingCommunityMessages = (communityId: number, channelId: number, firstChannelId: number | undefined) =>
  useSyncExternalStore(communityOutbox.subscribe, communityOutbox.all).filter(
    (p) => p.community_id === communityId && (p.channel_id ?? firstChannelId) === channelId,
  );
