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
};

export const usePendingCommunityMessages = (communityId: number) =>
  useSyncExternalStore(communityOutbox.subscribe, communityOutbox.all).filter((p) => p.community_id === communityId);
