import { z } from '../zod.ts';
import { COMMUNITY_LIMITS, LIMITS, QUICK_REACTIONS } from '../limits.ts';
import { dbIdSchema, textSchema } from './common.ts';
import { communityUserSchema } from './communities.ts';
import { conversationMessageSchema } from './conversations.ts';

/** Community chat: messages, sending (HTTP and socket), reading, unread counts, mute and clear. */

const id = dbIdSchema();

/**
 * A community message: a message of one of the community's channels, as the conversation core presents every kind
 * (conversationMessageSchema), with the community and the channel it is in. `/messages` and `/send` are the first
 * channel's.
 */
export const communityMessageSchema = conversationMessageSchema.omit({ group_id: true, community_id: true, channel_id: true }).extend({
  community_id: z.number().int(),
  channel_id: z.number().int(),
  sender: communityUserSchema,
});
export type CommunityMessage = z.infer<typeof communityMessageSchema>;

/** `?limit&before` pages back; `?around=<id>` answers the page centred on that message (a jump from a pin or a mention). */
export const communityMessagesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(COMMUNITY_LIMITS.pageMax).default(LIMITS.chatPageDefault),
  before: id.optional(),
  around: id.optional(),
});
export const communityMessagesSchema = z.array(communityMessageSchema);

const messageText = textSchema({ error: 'Type a message' })
  .trim()
  .max(COMMUNITY_LIMITS.messageMax, 'A message holds at most 4000 characters');
const clientId = z.uuid({ error: 'client_id must be a UUID' });
/** POST …/send (JSON) and the socket's community:send (with community_id, and channel_id: the first channel without). */
export const communitySendBodySchema = z.object({
  text: messageText.min(1, 'Type a message'),
  client_id: clientId.optional(),
  reply_to: id.optional(),
  /** false: send without the link's preview (the sender removed it in the composer). */
  link_preview: z.boolean().optional(),
});
export const communitySendPayloadSchema = communitySendBodySchema.extend({ community_id: id, channel_id: id.optional() });
/** The text fields of a multipart send next to `file`; text may be empty. */
export const communitySendFieldsSchema = z.object({
  text: messageText.optional(),
  client_id: clientId.optional(),
  reply_to: id.optional(),
});
export const communitySendResultSchema = z.object({ message: communityMessageSchema });
export const communityMessageParamsSchema = z.object({ id, messageId: id });
export const communityEditBodySchema = z.object({ text: messageText.min(1, 'Type a message') });
export const communityReactionParamsSchema = z.object({
  id,
  messageId: id,
  emoji: z.enum(QUICK_REACTIONS, { error: 'Not one of the quick reactions' }),
});

/**
 * POST …/read and the socket's community:read: the caller's read position moves forward only, in the channel of the
 * message `up_to_id` (with `channel_id` on the socket: that channel's message only).
 */
export const communityReadBodySchema = z.object({ up_to_id: id });
export const communityReadPayloadSchema = communityReadBodySchema.extend({ community_id: id, channel_id: id.optional() });
/** `unread`: the community's (its unmuted channels'); `channel_unread`: the channel read's own. */
export const communityReadResultSchema = z.object({
  community_id: z.number().int(),
  unread: z.number().int(),
  total_unread: z.number().int(),
  channel_id: z.number().int().optional(),
  channel_unread: z.number().int().optional(),
});
/** The socket's community:watch / community:unwatch: this socket has the community's chat open (or closed it). */
export const communityWatchPayloadSchema = z.object({ community_id: id });
/** GET /api/communities/unread: per community and the header's total (muted communities count 0). */
export const communityUnreadSchema = z.object({
  total: z.number().int(),
  communities: z.array(z.object({ community_id: z.number().int(), unread: z.number().int() })),
});

/** PUT …/mute: no notifications or unread badge; `until` ends a timed mute. */
export const muteBodySchema = z.object({ muted: z.boolean(), until: z.iso.datetime({ offset: true }).nullable().optional() });
export const muteResultSchema = z.object({ muted: z.boolean(), muted_until: z.string().nullable() });
export const clearResultSchema = z.object({ cleared_before: z.number().int() });
/** GET …/channels/{channelId}/pins: the channel's pinned messages the caller may see, newest pin first. */
export const communityPinsSchema = z.object({ pins: z.array(communityMessageSchema) });
