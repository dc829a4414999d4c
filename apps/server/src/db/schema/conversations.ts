import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, at, createdAt, belongsTo } from './columns.ts';
import { communities } from './communities.ts';
import { userRef, userRefOrNull } from './users.ts';

/**
 * A conversation that is more than two people: a group chat (`group`, 3 to 100 members, outside any community) or a
 * community's channel (`channel`). A direct chat has no row here: its messages are found by their two people
 * (`messages.receiver_id`), which keeps private chat's send statement free of one more lookup per message.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    kind: text('kind', { enum: ['group', 'channel'] }).notNull(),
    /** A channel's community; null for a group. */
    communityId: integer('community_id').references(() => communities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    topic: text('topic').notNull().default(''),
    avatar: text('avatar'),
    /** Channels only: in 'announcements' only moderators and up post. */
    channelKind: text('channel_kind', { enum: ['text', 'announcements'] })
      .notNull()
      .default('text'),
    /** Channels' order in their community (the first, position 0, is the one the community was made with). */
    position: integer('position').notNull().default(0),
    createdBy: userRefOrNull('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('conversations_community_idx').on(t.communityId, t.position),
    // A channel's name is unique in its community (groups have no community: nulls never collide).
    uniqueIndex('conversations_channel_name_idx').on(t.communityId, t.name),
  ],
);

/**
 * One row per person and conversation. For a group it is the membership itself (role, state, and `history_from`:
 * a member reads the messages after it, those sent since they joined). For a channel the membership is the
 * community's; the row holds only that member's read position, Clear chat and mute, written when first needed.
 * Unread counts come from `last_read_id`, never from a row per member per message.
 */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: belongsTo('conversation_id', () => conversations.id),
    userId: userRef(),
    role: text('role', { enum: ['admin', 'member'] })
      .notNull()
      .default('member'),
    /** Groups: 'left' and 'removed' keep the row (their read history ends), but nothing more reaches them. */
    state: text('state', { enum: ['member', 'left', 'removed'] })
      .notNull()
      .default('member'),
    historyFrom: integer('history_from').notNull().default(0),
    lastReadId: integer('last_read_id').notNull().default(0),
    clearedBefore: integer('cleared_before').notNull().default(0),
    muted: boolean('muted').notNull().default(false),
    mutedUntil: at('muted_until'),
    joinedAt: at('joined_at').notNull().defaultNow(),
    stateAt: at('state_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index('conversation_members_user_idx').on(t.userId, t.state)],
);
