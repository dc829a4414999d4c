import { DELETED_MEMBER_NAME, type ChatMessage, type ChatPeer, type ChatUser, type Conversation } from '@tribeverse/shared';
import { privateMediaUrl } from '../../lib/private-media.ts';
import { groupReactions, type ReactionRow } from '../../lib/reactions.ts';
import { isExpired, presentReply } from '../../lib/message-reply.ts';
import type { MemberCard } from '../users/users.service.ts';
import type { MessageRow } from './chat.repository.ts';

export type { ReactionRow };

export const presentChatUser = (row: MemberCard): ChatUser =>
  row.deletedAt
    ? { id: row.id, name: DELETED_MEMBER_NAME, username: null, avatar: null }
    : { id: row.id, name: row.fullName, username: row.username, avatar: row.profilePicture };

export function presentPeer(row: MemberCard, presence: { online: boolean; lastSeen: Date | null }): ChatPeer {
  // A deleted member is never online, and when they were last seen is not for others to know.
  if (row.deletedAt) return { ...presentChatUser(row), online: false, last_seen: null };
  return { ...presentChatUser(row), online: presence.online, last_seen: presence.lastSeen?.toISOString() ?? null };
}

export { isExpired };

/**
 * A message as both people see it. Read time only when both keep read receipts on, and had them on at the read.
 * `forwardedFrom`: the author of the message this one is a copy of (looked up only for a forwarded message).
 */
export function presentMessage(
  row: MessageRow,
  extra: { reactions: ReactionRow[]; replyTo: MessageRow | null; receiptsVisible: boolean; forwardedFrom?: MemberCard | null },
): ChatMessage {
  const deleted = row.deletedAt !== null;
  const forwardedFromId = row.forwardedFromUserId;
  return {
    id: row.id,
    _id: row.id,
    text: row.text,
    // The same link for both people; who may fetch it is checked when it is fetched.
    media_url: privateMediaUrl('chat', row.id, row.mediaUrl),
    media_type: row.mediaType,
    file_name: row.fileName,
    sender_id: row.senderId,
    receiver_id: row.receiverId,
    client_id: row.clientId,
    created_at: row.createdAt.toISOString(),
    edited_at: row.editedAt?.toISOString() ?? null,
    deleted,
    reply_to: presentReply(extra.replyTo),
    reactions: deleted || !extra.reactions.length ? [] : groupReactions(extra.reactions),
    // A read made while receipts were off stays private even after both turn them back on.
    read_at: extra.receiptsVisible && !row.readPrivately ? (row.readAt?.toISOString() ?? null) : null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    pinned: !deleted && !isExpired(row) && row.pinnedAt !== null,
    forwarded_from:
      forwardedFromId === null
        ? null
        : extra.forwardedFrom
          ? presentChatUser(extra.forwardedFrom)
          : { id: forwardedFromId, name: DELETED_MEMBER_NAME, username: null, avatar: null },
  };
}

export function presentConversation(input: { peer: ChatPeer; last: MessageRow | null; unread: number; blocked: boolean }): Conversation {
  const { last } = input;
  return {
    peer: input.peer,
    last_message: last
      ? { id: last.id, text: last.text, sender_id: last.senderId, media_type: last.mediaType, deleted: last.deletedAt !== null }
      : null,
    unread: input.unread,
    updated_at: (last?.createdAt ?? new Date(0)).toISOString(),
    blocked: input.blocked,
  };
}
