import { z } from '../zod.ts';
import { CONVERSATION_LIMITS, COMMUNITY_LIMITS, LIMITS, QUICK_REACTIONS } from '../limits.ts';
import { dbIdSchema, nameSchema, textSchema } from './common.ts';
import { chatMessageSchema, chatUserSchema, messageBaseFields, messageReplySchema, reactionSchema } from './chat.ts';
import { voiceNoteOnMessageSchema } from './voice.ts';

/**
 * The conversation core: what every kind of conversation shares (direct, group, community channel). A message of a
 * group or a channel has the shape below; a direct message keeps the private chat's shape (`chatMessageSchema`).
 */

const id = dbIdSchema();

/**
 * A line the conversation wrote itself, worded by the client: `actor` did `event` (to `user_ids`, or with `name`).
 * 'created' (the group), 'added', 'removed', 'left', 'renamed' (name), 'avatar'. `users`: the people of `user_ids` as
 * they are now (a deleted account nameless), so a line can name someone who is no longer in the conversation and
 * never wrote in it (the actor is the message's `sender`).
 */
export const systemLineSchema = z.object({
  event: z.enum(['created', 'added', 'removed', 'left', 'renamed', 'avatar']),
  actor_id: z.number().int().nullable(),
  user_ids: z.array(z.number().int()).optional(),
  users: z.array(chatUserSchema).optional(),
  name: z.string().optional(),
});
export type SystemLine = z.infer<typeof systemLineSchema>;

/** A message of a group or a channel. `group_id`, or `community_id` and `channel_id`, say where it lives. */
export const conversationMessageSchema = z.object({
  ...messageBaseFields,
  sender: chatUserSchema,
  client_id: z.string().nullable(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  /** Deleted by its sender, or removed by a moderator (removed true): the text and file are gone. */
  deleted: z.boolean(),
  removed: z.boolean(),
  reply_to: messageReplySchema.nullable(),
  reactions: z.array(reactionSchema),
  pinned: z.boolean(),
  /** A copy forwarded from another conversation: whose message it was (only their name, never where it was). */
  forwarded_from: chatUserSchema.nullable(),
  /** Set on the lines the conversation writes itself (then `text` is empty). */
  system: systemLineSchema.nullable(),
  /** A voice message's length, waveform and whether it was played (schemas/voice.ts); null for any other message. */
  voice: voiceNoteOnMessageSchema.nullable().optional(),
  group_id: z.number().int().optional(),
  community_id: z.number().int().optional(),
  channel_id: z.number().int().optional(),
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;
export const conversationMessagesSchema = z.array(conversationMessageSchema);

/** `?limit&before` pages back; `?around=<id>` answers the page centred on that message (a jump from a pin or a search). */
export const conversationMessagesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(CONVERSATION_LIMITS.pageMax).default(LIMITS.chatPageDefault),
  before: id.optional(),
  around: id.optional(),
});

const messageText = textSchema({ error: 'Type a message' })
  .trim()
  .max(COMMUNITY_LIMITS.messageMax, `A message holds at most ${COMMUNITY_LIMITS.messageMax} characters`);
const clientId = z.uuid({ error: 'client_id must be a UUID' });
/** POST …/send (JSON): text is required and not blank. */
export const conversationSendBodySchema = z.object({
  text: messageText.min(1, 'Type a message'),
  client_id: clientId.optional(),
  reply_to: id.optional(),
  /** false: send without the link's preview (the sender removed it in the composer). */
  link_preview: z.boolean().optional(),
});
/** The text fields of a multipart send next to `file`; text may be empty. */
export const conversationSendFieldsSchema = z.object({
  text: messageText.optional(),
  client_id: clientId.optional(),
  reply_to: z.coerce.number().int().positive().max(2147483647).optional(),
});

// ---------------------------------------------------------------------------------------------------- group chats

export const groupMemberSchema = chatUserSchema.extend({ role: z.enum(['admin', 'member']) });
export type GroupMember = z.infer<typeof groupMemberSchema>;

export const groupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable(),
  members: z.array(groupMemberSchema),
  my_role: z.enum(['admin', 'member']),
  created_at: z.string(),
});
export type Group = z.infer<typeof groupSchema>;

const groupName = nameSchema({ error: 'Give the group a name' })
  .trim()
  .min(1, 'Give the group a name')
  .max(CONVERSATION_LIMITS.groupNameMax, `A group name holds at most ${CONVERSATION_LIMITS.groupNameMax} characters`);
const memberIds = z.array(id).max(CONVERSATION_LIMITS.groupMaxMembers - 1, 'A group holds at most 100 people');

export const createGroupBodySchema = z.object({
  name: groupName,
  member_ids: memberIds.min(CONVERSATION_LIMITS.groupMinMembers - 1, 'Pick at least two people'),
});
export const updateGroupBodySchema = z.object({ name: groupName });
/** A group picture over CONVERSATION_LIMITS.groupAvatarMaxBytes: the server's 413 and the web's check say the same. */
export const GROUP_PICTURE_TOO_LARGE_MSG = `A group picture is at most ${CONVERSATION_LIMITS.groupAvatarMaxBytes / 1024 / 1024} MB.`;
export const addGroupMembersBodySchema = z.object({ user_ids: memberIds.min(1, 'Pick someone to add') });

/** The socket's group:send: the JSON send with the group's id. */
export const groupSendPayloadSchema = conversationSendBodySchema.extend({ group_id: id });

/** A group the member belongs to, as the chat list shows it beside their direct chats (newest first). */
export const groupListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable(),
  member_count: z.number().int(),
  last_message: conversationMessageSchema.nullable(),
  unread: z.number().int(),
  muted: z.boolean(),
});
export type GroupListItem = z.infer<typeof groupListItemSchema>;

/** The group calls' path parameters: the group, one of its messages, one of its members. */
export const groupParamsSchema = z.object({ id });
export const groupMessageParamsSchema = z.object({ id, messageId: id });
export const groupMemberParamsSchema = z.object({ id, userId: id });

export const groupsResponseSchema = z.object({ groups: z.array(groupListItemSchema) });
export const groupSendResultSchema = z.object({ message: conversationMessageSchema });
/** GET …/pins: the pinned messages the caller may see, newest pin first. */
export const groupPinsResponseSchema = z.object({ pins: z.array(conversationMessageSchema) });

/** POST …/read: read up to this message; the answer is what is left unread in the group. */
export const groupReadBodySchema = z.object({ message_id: id });
export const groupReadResultSchema = z.object({ unread: z.number().int() });
/**
 * GET …/reads: how far each current member has read (for "Seen by N"), but those who turned read receipts off.
 * The socket's group:read tells each move after it.
 */
export const groupReadsResponseSchema = z.object({
  reads: z.array(z.object({ user_id: z.number().int(), last_read_id: z.number().int() })),
});

/** A message's actions, in every kind of conversation: a reaction (a toggle), an edit of one's own, a pin. */
export const conversationReactionBodySchema = z.object({ emoji: z.enum(QUICK_REACTIONS, { error: 'Not one of the quick reactions' }) });
export const conversationEditBodySchema = z.object({ text: messageText.min(1, 'Type a message') });
export const conversationPinBodySchema = z.object({ pinned: z.boolean({ error: 'pinned must be true or false' }) });

/**
 * POST /chat/forward: a copy of a message the caller may read, sent to a conversation they may write to. `to` names
 * the target, one kind per shape (a community's channel: `{community_id, channel_id}`); `client_id` makes a retry
 * answer the copy stored the first time.
 */
export const forwardTargetSchema = z.union(
  [z.strictObject({ peer_id: id }), z.strictObject({ group_id: id }), z.strictObject({ community_id: id, channel_id: id })],
  { error: 'Pick a chat, a group or a channel to forward to' },
);
export type ForwardTarget = z.infer<typeof forwardTargetSchema>;
export const forwardBodySchema = z.object({ message_id: id, to: forwardTargetSchema, client_id: clientId.optional() });
export type ForwardBody = z.infer<typeof forwardBodySchema>;
/** The copy, in its target's shape: a direct message (`receiver_id`), a group's (`group_id`) or a channel's. */
export const forwardResultSchema = z.object({ message: z.union([chatMessageSchema, conversationMessageSchema]) });

/** The socket's typing:start / typing:stop in a group (the private chat's carry `peer_id`). */
export const groupTypingPayloadSchema = z.object({ group_id: id });

// ----------------------------------------------------------------------------------------------- community channels

export const channelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  topic: z.string(),
  kind: z.enum(['text', 'announcements']),
  position: z.number().int(),
  unread: z.number().int(),
  muted: z.boolean(),
});
export type Channel = z.infer<typeof channelSchema>;

/** Channel names as Discord writes them: lower case, words joined by '-'. */
const channelName = textSchema({ error: 'Give the channel a name' })
  .trim()
  .toLowerCase()
  .transform((s) => s.replace(/\s+/g, '-'))
  .pipe(
    z
      .string()
      .min(1, 'Give the channel a name')
      .max(CONVERSATION_LIMITS.channelNameMax, `A channel name holds at most ${CONVERSATION_LIMITS.channelNameMax} characters`)
      .regex(/^[\p{L}\p{N}_-]+$/u, 'Use letters, digits, - and _'),
  );
const channelTopic = textSchema()
  .trim()
  .max(CONVERSATION_LIMITS.channelTopicMax, `A topic holds at most ${CONVERSATION_LIMITS.channelTopicMax} characters`);

export const createChannelBodySchema = z.object({
  name: channelName,
  topic: channelTopic.optional(),
  kind: z.enum(['text', 'announcements']).optional(),
});
export const updateChannelBodySchema = z
  .object({
    name: channelName.optional(),
    topic: channelTopic.optional(),
    kind: z.enum(['text', 'announcements']).optional(),
    /** The channel's new place in the list (0 is the top; the first channel stays first). */
    position: z.number().int().min(1).max(CONVERSATION_LIMITS.channelsPerCommunity).optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'Nothing to change');
export const channelsResponseSchema = z.object({ channels: z.array(channelSchema) });
/** The channel calls' path parameters: the community and one of its channels. */
export const channelParamsSchema = z.object({ id, channelId: id });
/** POST …/channels/{channelId}/read: read up to this message of the channel (forward only). */
export const channelReadBodySchema = z.object({ message_id: id });
/** What is left unread: in the channel, in the community (its unmuted channels), and in every community (the header). */
export const channelReadResultSchema = z.object({
  community_id: z.number().int(),
  channel_id: z.number().int(),
  unread: z.number().int(),
  community_unread: z.number().int(),
  total_unread: z.number().int(),
});
/** PUT …/channels/{channelId}/mute: the channel leaves the community's unread count (its own still shows). */
export const channelMuteBodySchema = z.object({ muted: z.boolean({ error: 'muted must be true or false' }) });
export const channelMuteResultSchema = z.object({ channel_id: z.number().int(), muted: z.boolean() });
