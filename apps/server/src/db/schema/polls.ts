import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, belongsTo, createdAt, id } from './columns.ts';
import { messages } from './chat.ts';
import { posts } from './feed.ts';
import { userRef } from './users.ts';

/**
 * A poll on a group's or a channel's message, or on a feed post (never both, never a direct message): it goes with
 * what carries it. `closed_at`: closed early by its creator; `closes_at`: when voting stops by itself.
 */
export const polls = pgTable(
  'polls',
  {
    id: id(),
    messageId: integer('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    creatorId: userRef('creator_id'),
    question: text('question').notNull(),
    multiple: boolean('multiple').notNull().default(false),
    anonymous: boolean('anonymous').notNull().default(false),
    closesAt: at('closes_at'),
    closedAt: at('closed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('polls_message_idx').on(t.messageId),
    uniqueIndex('polls_post_idx').on(t.postId),
    check('polls_one_carrier', sql`(${t.messageId} is null) <> (${t.postId} is null)`),
  ],
);

/** A poll's choices, in the order its creator wrote them. */
export const pollOptions = pgTable(
  'poll_options',
  {
    id: id(),
    pollId: belongsTo('poll_id', () => polls.id),
    position: smallint('position').notNull(),
    text: text('text').notNull(),
  },
  (t) => [uniqueIndex('poll_options_position_idx').on(t.pollId, t.position)],
);

/** One row per member and option chosen: a member's vote is their rows of the poll (one, or a set when multiple). */
export const pollVotes = pgTable(
  'poll_votes',
  {
    pollId: belongsTo('poll_id', () => polls.id),
    optionId: belongsTo('option_id', () => pollOptions.id),
    userId: userRef(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.pollId, t.userId, t.optionId] }), index('poll_votes_option_idx').on(t.optionId)],
);
