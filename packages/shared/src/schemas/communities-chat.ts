import { z } from '../zod.ts';
import { COMMUNITY_LIMITS, LIMITS, QUICK_REACTIONS } from '../limits.ts';
import { dbIdSchema, textSchema } from './common.ts';
import { reactionSchema } from './chat.ts';
import { communityUserSchema } from './communities.ts';

/** Community chat: messages, sending (HTTP and socket), reading, unread counts, mute and clear. */

const id = dbIdSchema();

export const communityMessageSchema = z.object({
  id: z.number().int(),
  _id: z.number().int(),
  text: z.string(),
  media_url: z.string().nullable(),
  media_type: z.string().nullable(),
  file_name: z.string().nullable(),
  sender_id: z.number().int(),
  community_id: z.number().int(),
  sender: communityUserSchema,
  client_id: z.string().nullable(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  /** Deleted by its sender, or removed by a moderator (removed true): the text and file are gone. */
  deleted: z.boolean(),
  removed: z.boolean(),
  reply_to: z
    .object({
      id: z.number().int(),
      text: z.string(),
      sender_id: z.number().int(),
      deleted: z.boolean(),
      media_type: z.string().nullable(),
    })
    .nullable(),
  reactions: z.array(reactionSchema),
});
export type CommunityMessage = z.infer<typeof communityMessageSchema>;

export const communityMessagesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(COMMUNITY_LIMITS.pageMax).default(LIMITS.chatPageDefault),
  before: id.optional(),
});
export const communityMessagesSchema = z.array(communityMessageSchema);

const messageText = textSchema({ error: 'Type a message' })
  .trim()
  .max(COMMUNITY_LIMITS.messageMax, 'A message holds at most 4000 characters');
const clientId = z.uuid({ error: 'client_id must be a UUID' });
/** POST …/send (JSON) and the socket's community:send (with community_id). */
export const communitySendBodySchema = z.object({
  text: messageText.min(1, 'Type a message'),
  client_id: clientId.optional(),
  reply_to: id.optional(),
});
export const communitySendPayloadSchema = communitySendBodySchema.extend({ community_id: id });
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

/** POST …/read and the socket's community:read: the caller's read position moves forward only. */
export const communityReadBodySchema = z.object({ up_to_id: id });
export const communityReadPayloadSchema = communityReadBodySchema.extend({ community_id: id });
export const communityReadResultSchema = z.object({
  community_id: z.number().int(),
  unread: z.number().int(),
  total_unread: z.number().int(),
});
/** GET /api/communities/unread: per community and the header's total (muted communities count 0). */
export const communityUnreadSchema = z.object({
  total: z.number().int(),
  communities: z.array(z.object({ community_id: z.number().int(), unread: z.number().int() })),
});

/** PUT …/mute: no notifications or unread badge; `until` ends a timed mute. */
export const muteBodySchema = z.object({ muted: z.boolean(), until: z.iso.datetime({ offset: true }).nullable().optional() });
export const muteResultSchema = z.object({ muted: z.boolean(), muted_until: z.string().nullable() });
export const clearResultSchema = z.object({ cleared_before: z.number().int() });
