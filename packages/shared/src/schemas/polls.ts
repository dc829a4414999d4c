import { z } from '../zod.ts';
import { dbIdSchema, MAX_DB_ID, textSchema } from './common.ts';
import { chatUserSchema } from './chat.ts';
import { conversationMessageSchema } from './conversations.ts';

export const POLL_QUESTION_MAX = 300;
export const POLL_OPTION_MAX = 100;
export const POLL_OPTIONS_MIN = 2;
export const POLL_OPTIONS_MAX = 10;

/**
 * Where a poll goes. A group or a community channel: the server sends its question there as a new message of the
 * caller's, with the poll on it. A post: one of the caller's own posts, without a poll yet (created just before).
 * Never a direct chat.
 */
export const pollTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('group'), group_id: dbIdSchema() }),
  z.object({ kind: z.literal('channel'), community_id: dbIdSchema(), channel_id: dbIdSchema() }),
  z.object({ kind: z.literal('post'), post_id: dbIdSchema() }),
]);
export type PollTarget = z.infer<typeof pollTargetSchema>;

const optionText = textSchema()
  .trim()
  .min(1, 'Options cannot be empty')
  .max(POLL_OPTION_MAX, `Options are at most ${POLL_OPTION_MAX} characters`);

export const createPollBodySchema = z.object({
  target: pollTargetSchema,
  question: textSchema().trim().min(1, 'Ask a question').max(POLL_QUESTION_MAX, `A question is at most ${POLL_QUESTION_MAX} characters`),
  options: z
    .array(optionText)
    .min(POLL_OPTIONS_MIN, `A poll has at least ${POLL_OPTIONS_MIN} options`)
    .max(POLL_OPTIONS_MAX, `A poll has at most ${POLL_OPTIONS_MAX} options`)
    .refine((list) => new Set(list.map((o) => o.toLowerCase())).size === list.length, 'Options must differ'),
  multiple: z.boolean().default(false),
  anonymous: z.boolean().default(false),
  /** When voting stops; none: open until its creator closes it. */
  closes_at: z.iso.datetime({ offset: true }).nullable().optional(),
  /** A message poll's send: a retry with the same id answers the poll made the first time. */
  client_id: z.string().min(1).max(64).optional(),
});
export type CreatePollBody = z.infer<typeof createPollBodySchema>;

/** The member's whole vote: one option (single choice), a set (multiple), or none to take it back. */
export const pollVoteBodySchema = z.object({
  option_ids: z.array(dbIdSchema()).max(POLL_OPTIONS_MAX, 'Too many options'),
});
export type PollVoteBody = z.infer<typeof pollVoteBodySchema>;

/** Polls of these messages or posts the caller may see (ids comma-separated, 100 at most of each). */
const idList = z
  .string()
  .regex(/^\d+(,\d+)*$/, 'Ids are comma-separated numbers')
  .transform((s) => s.split(',').map(Number))
  .pipe(z.array(z.number().int().positive().max(MAX_DB_ID, 'Must be a positive id')).max(100, 'At most 100 ids'));
export const pollsQuerySchema = z.object({ message_ids: idList.optional(), post_ids: idList.optional() });

export const pollOptionSchema = z.object({
  id: z.number(),
  text: z.string(),
  votes: z.number(),
  /** Who chose it: in a poll that is not anonymous only (never sent for an anonymous one). */
  voters: z.array(chatUserSchema).optional(),
});

/** What every member who may see the poll sees alike: what live updates carry. */
export const pollResultsSchema = z.object({
  id: z.number(),
  message_id: z.number().nullable(),
  post_id: z.number().nullable(),
  creator_id: z.number(),
  question: z.string(),
  multiple: z.boolean(),
  anonymous: z.boolean(),
  closes_at: z.string().nullable(),
  closed: z.boolean(),
  /** Members who voted (one each, however many options they chose). */
  total_voters: z.number(),
  options: z.array(pollOptionSchema),
  created_at: z.string(),
});
export type PollResults = z.infer<typeof pollResultsSchema>;

/** A poll as the caller sees it: the results and their own vote. */
export const pollSchema = pollResultsSchema.extend({ my_votes: z.array(z.number()) });
export type Poll = z.infer<typeof pollSchema>;
export const pollListSchema = z.object({ polls: z.array(pollSchema) });

/** `poll:updated`: to everyone who may see the poll (its group's or community's room, or the feed's members). */
export interface PollUpdatedEvent {
  poll: PollResults;
}

/** A new poll; on a group or a channel, the message that carries it (also sent to the room as a new message). */
export const createdPollSchema = z.object({ poll: pollSchema, message: conversationMessageSchema.nullable() });
