import { DELETED_MEMBER_NAME, type ChatPeer, type ChatUser, type Conversation } from '@tribeverse/shared';
import { isExpired } from '../../lib/message-reply.ts';
import { callLineOf } from '../../lib/call-line.ts';
import type { MemberCard } from '../users/users.service.ts';
import type { MessageRow } from './chat.repository.ts';

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

export function presentConversation(input: { peer: ChatPeer; last: MessageRow | null; unread: number; blocked: boolean }): Conversation {
  const { last } = input;
  return {
    peer: input.peer,
    last_message: last
      ? {
          id: last.id,
          text: last.text,
          sender_id: last.senderId,
          media_type: last.mediaType,
          deleted: last.deletedAt !== null,
          ...callLineOf(last.system),
          ...(last.voiceDurationMs !== null && last.deletedAt === null && { voice: true }),
        }
      : null,
    unread: input.unread,
    updated_at: (last?.createdAt ?? new Date(0)).toISOString(),
    blocked: input.blocked,
  };
}
