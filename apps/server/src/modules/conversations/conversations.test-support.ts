import crypto from 'node:crypto';
import type { ConversationDraft } from './conversations-send.repository.ts';

/** Where a draft goes, as the send statement takes it. */
type DraftPlace = Pick<ConversationDraft, 'kind' | 'receiverId' | 'conversationId'>;

export const directTo = (receiverId: number): DraftPlace => ({ kind: 'direct', receiverId, conversationId: null });
export const inGroup = (conversationId: number): DraftPlace => ({ kind: 'group', receiverId: null, conversationId });
export const inChannel = (conversationId: number): DraftPlace => ({ kind: 'channel', receiverId: null, conversationId });

/** A text message of `senderId` to `place` with a fresh client id, for the send statement's tests. */
export const draftTo = (place: DraftPlace, senderId: number, text: string, extra: Partial<ConversationDraft> = {}): ConversationDraft => ({
  ...place,
  senderId,
  clientId: crypto.randomUUID(),
  text,
  mediaUrl: null,
  mediaType: null,
  fileName: null,
  replyToId: null,
  forwardedFromUserId: null,
  ...extra,
});
