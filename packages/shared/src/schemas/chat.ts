import { z } from '../zod.ts';
import { CHAT_PAGE_MAX, CHAT_TEXT_MAX, LIMITS, QUICK_REACTIONS } from '../limits.ts';
import { dbIdSchema, textSchema } from './common.ts';
import { callLineSchema } from './calls-line.ts';
import { voiceNoteOnMessageSchema } from './voice.ts';

/** Private chat: requests, responses and socket payloads. One schema serves HTTP and the socket alike. */

const id = dbIdSchema();

export const chatUserSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  username: z.string().nullable(),
  avatar: z.string().nullable(),
});
export type ChatUser = z.infer<typeof chatUserSchema>;

export const CHAT_USERS_PAGE = 50;
export const chatUsersQuerySchema = z.object({
  search: textSchema().trim().max(100).optional(),
  /** How many people of the list to skip: 'Load more' asks for the next page with the offset it was given. */
  offset: z.coerce.number().int().min(0).max(100_000).optional(),
});
/** next_offset: where the next page starts, or null when this page is the last. */
export const chatUsersResponseSchema = z.object({ users: z.array(chatUserSchema), next_offset: z.number().int().nullable() });

export const reactionSchema = z.object({
  emoji: z.string(),
  count: z.number().int(),
  user_ids: z.array(z.number().int()),
});

/** What every message starts with, direct or in a group or channel: its ids, its text and file, its sender. */
export const messageBaseFields = {
  id: z.number().int(),
  _id: z.number().int(),
  text: z.string(),
  media_url: z.string().nullable(),
  media_type: z.string().nullable(),
  file_name: z.string().nullable(),
  sender_id: z.number().int(),
  /** false: the sender removed the preview of the message's link (nothing is shown under it); absent otherwise. */
  link_preview: z.boolean().optional(),
  /**
   * true: a filter of the instance holds it for review. Only its sender is ever shown it (marked 'Held for review')
   * until a moderator releases it; absent otherwise.
   */
  held: z.boolean().optional(),
};

/** What a reply shows of the message it answers. */
export const messageReplySchema = z.object({
  id: z.number().int(),
  text: z.string(),
  sender_id: z.number().int(),
  deleted: z.boolean(),
  media_type: z.string().nullable(),
  /** The message replied to is a voice note. */
  voice: z.literal(true).optional(),
});

export const chatMessageSchema = z.object({
  ...messageBaseFields,
  receiver_id: z.number().int(),
  client_id: z.string().nullable(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  deleted: z.boolean(),
  reply_to: messageReplySchema.nullable(),
  reactions: z.array(reactionSchema),
  /** Null while unread, and always null when either person turned read receipts off. */
  read_at: z.string().nullable(),
  /** When the sender's auto-delete timer removes it for both people; null without a timer. */
  expires_at: z.string().nullable(),
  /** Pinned by either person (the pinned bar at the top of the chat). */
  pinned: z.boolean(),
  /** A copy forwarded from another conversation: whose message it was (only their name, never where it was). */
  forwarded_from: chatUserSchema.nullable(),
  /** Set on the line a voice or video call leaves in the history (then `text` is empty). */
  call: callLineSchema.nullable().optional(),
  /** A voice message's length, waveform and whether it was played (schemas/voice.ts); null for any other message. */
  voice: voiceNoteOnMessageSchema.nullable().optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatMessagesQuerySchema = z.object({
  peer_id: id,
  limit: z.coerce.number().int().min(1).max(CHAT_PAGE_MAX).default(LIMITS.chatPageDefault),
  /** A message id of this conversation: the page holds the messages older than it. */
  before: id.optional(),
  /** A message id of this conversation: the page centred on it (a jump to a pin), instead of `before`. */
  around: id.optional(),
});
export const chatMessagesResponseSchema = z.array(chatMessageSchema);

/** GET /chat/pins?peer_id=: the chat's pinned messages the caller sees, newest pin first. */
export const chatPinsQuerySchema = z.object({ peer_id: id });
export const chatPinsResponseSchema = z.object({ pins: z.array(chatMessageSchema) });

const messageText = textSchema({ error: 'Type a message' })
  .trim()
  .max(CHAT_TEXT_MAX, `A message holds at most ${CHAT_TEXT_MAX} characters`);
const clientId = z.uuid({ error: 'client_id must be a UUID' });

/** JSON send (HTTP body or socket payload): text is required and not blank. */
export const sendMessageBodySchema = z.object({
  peer_id: id,
  text: messageText.min(1, 'Type a message'),
  client_id: clientId.optional(),
  reply_to: id.optional(),
  /** false: send without the link's preview (the sender removed it in the composer). */
  link_preview: z.boolean().optional(),
});
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;

/** The text fields of a multipart send, next to the file; text may be empty. */
export const sendMediaFieldsSchema = z.object({
  peer_id: id,
  text: messageText.optional(),
  client_id: clientId.optional(),
  reply_to: id.optional(),
});

export const sendMessageResponseSchema = z.object({ message: chatMessageSchema });

export const editMessageBodySchema = z.object({ text: messageText.min(1, 'Type a message') });
export const messageIdParamsSchema = z.object({ id });
export const reactionParamsSchema = z.object({
  id,
  emoji: z.enum(QUICK_REACTIONS, { error: 'Not one of the quick reactions' }),
});

export const markReadBodySchema = z.object({ peer_id: id, up_to_id: id });
export type MarkReadBody = z.infer<typeof markReadBodySchema>;
export const markReadResponseSchema = z.object({ updated: z.number().int(), unreadCount: z.number().int() });

export const typingPayloadSchema = z.object({ peer_id: id });
export const presenceWatchPayloadSchema = z.object({ peer_id: id });

export const chatPeerSchema = chatUserSchema.extend({
  online: z.boolean(),
  /** ISO time of the last disconnect; null when online, unknown, or hidden by the peer's privacy setting. */
  last_seen: z.string().nullable(),
});
export type ChatPeer = z.infer<typeof chatPeerSchema>;

export const conversationSchema = z.object({
  peer: chatPeerSchema,
  last_message: z
    .object({
      id: z.number().int(),
      text: z.string(),
      sender_id: z.number().int(),
      media_type: z.string().nullable(),
      deleted: z.boolean(),
      /** The last message is a call's line. */
      call: callLineSchema.nullable().optional(),
      /** The last message is a voice message. */
      voice: z.boolean().optional(),
    })
    .nullable(),
  unread: z.number().int(),
  updated_at: z.string(),
  blocked: z.boolean(),
});
export type Conversation = z.infer<typeof conversationSchema>;
export const conversationsResponseSchema = z.object({ conversations: z.array(conversationSchema) });

/**
 * The header of a conversation: who the peer is, their presence, whether the caller blocked them, and whether the
 * caller may write to them at all (false with a block either way).
 */
export const peerResponseSchema = z.object({ peer: chatPeerSchema, blocked: z.boolean(), can_message: z.boolean() });
export type PeerResponse = z.infer<typeof peerResponseSchema>;

export const blockParamsSchema = z.object({ userId: id });
export const blocksResponseSchema = z.object({ blocked: z.array(chatUserSchema) });

/** Socket payloads (server to client). */
export interface MessageReadEvent {
  reader_id: number;
  peer_id: number;
  up_to_id: number;
  read_at: string;
}
export interface ConversationReadEvent {
  peer_id: number;
  up_to_id: number;
  unreadCount: number;
}
export interface TypingUpdateEvent {
  user_id: number;
  typing: boolean;
  /** Set when the typing is in a group (to the group's other members); absent in a private chat. */
  group_id?: number;
}
export interface PresenceUpdateEvent {
  user_id: number;
  online: boolean;
  last_seen: string | null;
}
/**
 * Sent to both people of a block or unblock: to the one who did it (blocked_by_me) and to the other one, with
 * user_id the member who did it and blocked_by_me false, so their open chat learns whether it may still write.
 */
export interface BlockUpdatedEvent {
  user_id: number;
  blocked_by_me: boolean;
}
export interface ReceiptsChangedEvent {
  user_id: number;
}
export type ChatAck<T> = ({ ok: true } & T) | { ok: false; code: string; msg: string };
export type SendAck = ChatAck<{ message: ChatMessage }>;
export type ReadAck = ChatAck<{ updated: number; unreadCount: number }>;
