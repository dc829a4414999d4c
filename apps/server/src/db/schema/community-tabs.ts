import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { communities } from './communities.ts';
import { users } from './users.ts';

/** A community's tabs: discussion threads and replies, media posts with likes and shares, events with RSVPs. */

const at = (name: string) => timestamp(name, { withTimezone: true });
const community = () =>
  integer('community_id')
    .notNull()
    .references(() => communities.id, { onDelete: 'cascade' });
const user = (name: string) =>
  integer(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const communityThreads = pgTable(
  'community_threads',
  {
    id: serial('id').primaryKey(),
    communityId: community(),
    authorId: user('author_id'),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    image: text('image'),
    replyCount: integer('reply_count').notNull().default(0),
    lastReplyAt: at('last_reply_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('community_threads_community_idx').on(t.communityId, t.id)],
);

export const communityThreadReplies = pgTable(
  'community_thread_replies',
  {
    id: serial('id').primaryKey(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => communityThreads.id, { onDelete: 'cascade' }),
    authorId: user('author_id'),
    text: text('text').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('community_thread_replies_thread_idx').on(t.threadId, t.id)],
);

export const communityPosts = pgTable(
  'community_posts',
  {
    id: serial('id').primaryKey(),
    communityId: community(),
    authorId: user('author_id'),
    text: text('text').notNull().default(''),
    images: text('images').array().notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('community_posts_community_idx').on(t.communityId, t.id)],
);

export const communityPostLikes = pgTable(
  'community_post_likes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    userId: user('user_id'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

/** One share per member and post: a retried share counts once. */
export const communityPostShares = pgTable(
  'community_post_shares',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    userId: user('user_id'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

export const communityEvents = pgTable(
  'community_events',
  {
    id: serial('id').primaryKey(),
    communityId: community(),
    hostId: user('host_id'),
    kind: text('kind', { enum: ['blog', 'video', 'podcast'] }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    link: text('link'),
    startsAt: at('starts_at').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('community_events_community_idx').on(t.communityId, t.startsAt)],
);

export const communityEventRsvps = pgTable(
  'community_event_rsvps',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => communityEvents.id, { onDelete: 'cascade' }),
    userId: user('user_id'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] })],
);
