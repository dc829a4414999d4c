import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { id, at, createdAt, belongsTo } from './columns.ts';
import { communityRef } from './communities.ts';
import { memberMark, userRef } from './users.ts';

/** A community's tabs: discussion threads and replies, media posts with likes and shares, events with RSVPs. */

export const communityThreads = pgTable(
  'community_threads',
  {
    id: id(),
    communityId: communityRef(),
    authorId: userRef('author_id'),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    image: text('image'),
    replyCount: integer('reply_count').notNull().default(0),
    lastReplyAt: at('last_reply_at'),
    createdAt: createdAt(),
  },
  (t) => [index('community_threads_community_idx').on(t.communityId, t.id)],
);

export const communityThreadReplies = pgTable(
  'community_thread_replies',
  {
    id: id(),
    threadId: belongsTo('thread_id', () => communityThreads.id),
    authorId: userRef('author_id'),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('community_thread_replies_thread_idx').on(t.threadId, t.id)],
);

export const communityPosts = pgTable(
  'community_posts',
  {
    id: id(),
    communityId: communityRef(),
    authorId: userRef('author_id'),
    text: text('text').notNull().default(''),
    images: text('images').array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('community_posts_community_idx').on(t.communityId, t.id)],
);

export const communityPostLikes = pgTable(
  'community_post_likes',
  memberMark('postId', 'post_id', () => communityPosts.id),
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

/** One share per member and post: a retried share counts once. */
export const communityPostShares = pgTable(
  'community_post_shares',
  memberMark('postId', 'post_id', () => communityPosts.id),
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

export const communityEvents = pgTable(
  'community_events',
  {
    id: id(),
    communityId: communityRef(),
    hostId: userRef('host_id'),
    kind: text('kind', { enum: ['blog', 'video', 'podcast'] }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    link: text('link'),
    startsAt: at('starts_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('community_events_community_idx').on(t.communityId, t.startsAt)],
);

export const communityEventRsvps = pgTable(
  'community_event_rsvps',
  memberMark('eventId', 'event_id', () => communityEvents.id),
  (t) => [primaryKey({ columns: [t.eventId, t.userId] })],
);
