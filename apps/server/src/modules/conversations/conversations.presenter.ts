import { DELETED_MEMBER_NAME, type ChatMessage, type ChatUser, type ConversationMessage, type SystemLine } from '@tribeverse/shared';
import { privateMediaUrl } from '../../lib/private-media.ts';
import { callLineOf } from '../../lib/call-line.ts';
import { groupReactions, type ReactionRow } from '../../lib/reactions.ts';
import { isExpired, presentReply } from '../../lib/message-reply.ts';
import type { SenderRow, StoredMessageRow } from './conversations-messages.repository.ts';
import { presentVoice } from './conversations-voice.ts';

/** Where a message lives: a group, or a community's channel. Its id is the conversation's. */
export type Place = { kind: 'group'; conversationId: number } | { kind: 'channel'; conversationId: number; communityId: number };

/**
 * A direct chat as one of its two people acts in it (the reader). `peerId`: the other person, where the call names
 * them (a send); a message named by its id alone is looked for in every direct chat of the reader's. Read times are
 * shown between two people only as private chat allows (`receiptsVisible`), asked only when a stored message is
 * presented.
 */
export interface DirectPlace {
  kind: 'direct';
  peerId?: number;
  receiptsVisible(a: number, b: number): Promise<boolean>;
}

/** Any place a message may live. */
export type AnyPlace = Place | DirectPlace;

/** A message as its place presents it: a direct one keeps private chat's shape. */
export type MessageOf<P extends AnyPlace> = P extends DirectPlace ? ChatMessage : ConversationMessage;

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

/**
 * A message as those who may not see it any more are told of it: gone, as a deletion (an edit brought in a word a
 * filter holds; the sender keeps it, marked held).
 */
export function withdrawn<M extends Pick<ChatMessage, 'held'>>(message: M): M {
  const { held: _held, ...rest } = message;
  const gone = { text: '', media_url: null, media_type: null, file_name: null, deleted: true, reactions: [], pinned: false, voice: null };
  return { ...rest, ...gone } as unknown as M;
}

/** Deleted, or past its auto-delete time (gone for everyone, whether or not the cleanup has cleared it yet). */
export const isGone = (row: Pick<StoredMessageRow, 'deletedAt' | 'expiresAt'>) => row.deletedAt !== null || isExpired(row);

const MEDIA_KIND = { direct: 'chat', group: 'group', channel: 'community' } as const;

/** What each kind adds to a message: where it lives, and what only that kind says of it. */
function placement(place: AnyPlace, row: StoredMessageRow, senders: Map<number, SenderRow>, readVisible: boolean) {
  if (place.kind === 'direct')
    return {
      receiver_id: row.receiverId!,
      // Read time only when both keep read receipts on; a read made while they were off stays private for good.
      read_at: readVisible && !row.readPrivately ? (row.readAt?.toISOString() ?? null) : null,
      expires_at: row.expiresAt?.toISOString() ?? null,
      ...callLineOf(row.system),
    };
  // Each kind's literal in full, not a shared part spread into it: a literal that opens with a spread builds every
  // property after it the slow way (about a microsecond each on Node 20), on every message presented.
  const sender = presentSender(senders.get(row.senderId), row.senderId);
  const removed = row.removedBy !== null;
  const system = presentSystemLine(row.system as SystemLine | null, senders);
  return place.kind === 'group'
    ? { sender, removed, system, group_id: place.conversationId }
    : { sender, removed, system, community_id: place.communityId, channel_id: place.conversationId };
}

/**
 * A message of any kind, the same for everyone who may read it. `senders`: the people it names (its sender in a group
 * or a channel, the author of a forwarded message, the people a system line names). `readVisible`: a direct message's
 * read time may be shown. `held`: a filter holds it for review (only its sender is ever shown it, marked so).
 */
export function presentMessage<P extends AnyPlace>(
  place: P,
  row: StoredMessageRow,
  extra: {
    senders: Map<number, SenderRow>;
    reactions: ReactionRow[];
    replyTo: StoredMessageRow | null;
    readVisible?: boolean;
    held?: boolean;
  },
): MessageOf<P> {
  const deleted = isGone(row);
  const forwardedFrom = row.forwardedFromUserId;
  const message = {
    id: row.id,
    _id: row.id,
    text: deleted ? '' : row.text,
    // The same link for everyone who may read it; who may fetch it is checked when it is fetched (modules/media).
    media_url: deleted ? null : privateMediaUrl(MEDIA_KIND[place.kind], row.id, row.mediaUrl),
    media_type: deleted ? null : row.mediaType,
    file_name: deleted ? null : row.fileName,
    sender_id: row.senderId,
    client_id: row.clientId,
    created_at: row.createdAt.toISOString(),
    edited_at: row.editedAt?.toISOString() ?? null,
    deleted,
    reply_to: presentReply(extra.replyTo),
    reactions: deleted || !extra.reactions.length ? [] : groupReactions(extra.reactions),
    pinned: !deleted && row.pinnedAt !== null,
    forwarded_from: forwardedFrom === null ? null : presentSender(extra.senders.get(forwardedFrom), forwardedFrom),
    voice: deleted ? null : presentVoice(row),
    // Only when removed: a message with its preview says nothing, as before (the client looks the link up itself).
    ...(row.linkPreviewOff && { link_preview: false }),
    // Only when held, as link_preview: an ordinary message's shape is unchanged.
    ...(extra.held && !deleted && { held: true }),
    ...placement(place, row, extra.senders, extra.readVisible ?? false),
  };
  return message as MessageOf<P>;
}
