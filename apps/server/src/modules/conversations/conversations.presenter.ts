import { DELETED_MEMBER_NAME, type ChatUser, type ConversationMessage, type SystemLine } from '@tribeverse/shared';
import { privateMediaUrl } from '../../lib/private-media.ts';
import { groupReactions, type ReactionRow } from '../../lib/reactions.ts';
import { isExpired, presentReply } from '../../lib/message-reply.ts';
import type { ConversationMessageRow, SenderRow } from './conversations-messages.repository.ts';

/** Where a message lives: a group, or a community's channel. Its id is the conversation's. */
export type Place = { kind: 'group'; conversationId: number } | { kind: 'channel'; conversationId: number; communityId: number };

export const presentSender = (row: SenderRow | undefined, id: number): ChatUser =>
  !row || row.deletedAt
    ? { id, name: DELETED_MEMBER_NAME, username: null, avatar: null }
    : { id: row.id, name: row.fullName, username: row.username, avatar: row.profilePicture };

/** The people a line names are looked up with the senders (conversations.service.ts `present`). */
export const namedIn = (system: unknown): number[] => (system as SystemLine | null)?.user_ids ?? [];

function presentSystemLine(line: SystemLine | null, people: Map<number, SenderRow>): SystemLine | null {
  if (!line?.user_ids) return line;
  return { ...line, users: line.user_ids.map((id) => presentSender(people.get(id), id)) };
}

export { isExpired };

const placement = (place: Place) =>
  place.kind === 'group' ? { group_id: place.conversationId } : { community_id: place.communityId, channel_id: place.conversationId };

/** A message of a group or a channel, the same for every member who may read it. */
export function presentConversationMessage(
  place: Place,
  row: ConversationMessageRow,
  extra: { senders: Map<number, SenderRow>; reactions: ReactionRow[]; replyTo: ConversationMessageRow | null },
): ConversationMessage {
  const deleted = row.deletedAt !== null || isExpired(row);
  const forwardedFrom = row.forwardedFromUserId;
  return {
    id: row.id,
    _id: row.id,
    text: deleted ? '' : row.text,
    // The same link for every member; who may fetch it is checked when it is fetched (modules/media).
    media_url: deleted ? null : privateMediaUrl(place.kind === 'group' ? 'group' : 'community', row.id, row.mediaUrl),
    media_type: deleted ? null : row.mediaType,
    file_name: deleted ? null : row.fileName,
    sender_id: row.senderId,
    sender: presentSender(extra.senders.get(row.senderId), row.senderId),
    client_id: row.clientId,
    created_at: row.createdAt.toISOString(),
    edited_at: row.editedAt?.toISOString() ?? null,
    deleted,
    removed: row.removedBy !== null,
    reply_to: presentReply(extra.replyTo),
    reactions: deleted || !extra.reactions.length ? [] : groupReactions(extra.reactions),
    pinned: !deleted && row.pinnedAt !== null,
    forwarded_from: forwardedFrom === null ? null : presentSender(extra.senders.get(forwardedFrom), forwardedFrom),
    system: presentSystemLine(row.system as SystemLine | null, extra.senders),
    ...placement(place),
  };
}
