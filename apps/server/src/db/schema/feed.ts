import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, at, createdAt, belongsTo } from './columns.ts';
import { memberMark, userRef } from './users.ts';

/** A feed post; a repost is a post of the sharer with shared_post_id set to the original. */
export const posts = pgTable(
  'posts',
  {
    id: id(),
    authorId: userRef('author_id'),
    text: text('text').notNull().default(''),
    contentWarning: text('content_warning'),
    /** Lower-case tags found in the text, kept for the '#tag' filter. */
    hashtags: text('hashtags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // Deleting the original takes its reposts with it, as a boosted post disappears with its source.
    sharedPostId: integer('shared_post_id').references((): AnyPgColumn => posts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    editedAt: at('edited_at'),
    /** The author's client's id for this post, so a retried submit finds the post instead of making another. */
    clientId: uuid('client_id'),
    /**
     * Likes, comments and reposts of this post, kept by triggers on post_likes, post_comments and posts in the
     * transaction of each write (cascades and account deletion included), so a feed page reads them instead of
     * counting per post and per read.
     */
    likesCount: integer('likes_count').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    sharesCount: integer('shares_count').notNull().default(0),
  },
  (t) => [
    // NULLS FIRST is what a plain `order by created_at desc, id desc` asks for: with drizzle's default (NULLS LAST)
    // PostgreSQL cannot walk the index for it and sorts the whole table on every page.
    index('posts_feed_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('posts_author_feed_idx').on(t.authorId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('posts_hashtags_idx').using('gin', t.hashtags),
    index('posts_shared_post_idx').on(t.sharedPostId),
    // One repost of a given post per member: sharing twice is a conflict, not a second copy.
    uniqueIndex('posts_one_share_per_member')
      .on(t.authorId, t.sharedPostId)
      .where(sql`${t.sharedPostId} is not null`),
    uniqueIndex('posts_author_client_idx').on(t.authorId, t.clientId),
  ],
);

export const postImages = pgTable(
  'post_images',
  {
    id: id(),
    postId: belongsTo('post_id', () => posts.id),
    position: integer('position').notNull(),
    url: text('url').notNull(),
    thumbnailUrl: text('thumbnail_url').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
  },
  (t) => [uniqueIndex('post_images_post_position_idx').on(t.postId, t.position)],
);

export const postLikes = pgTable(
  'post_likes',
  memberMark('postId', 'post_id', () => posts.id),
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

export const postComments = pgTable(
  'post_comments',
  {
    id: id(),
    postId: belongsTo('post_id', () => posts.id),
    authorId: userRef('author_id'),
    text: text('text').notNull(),
    createdAt: createdAt(),
    /**
     * 'held': a filter keeps it for review, seen by its author alone until released; 'removed': the instance's
     * moderators took it down, kept (seen by nobody) so an upheld appeal brings it back. Null: seen by all. Only
     * null ones are in the post's comments_count.
     */
    moderation: text('moderation', { enum: ['held', 'removed'] }),
  },
  (t) => [
    index('post_comments_post_idx').on(t.postId, t.createdAt, t.id),
    index('post_comments_moderated_idx')
      .on(t.moderation, t.createdAt, t.id)
      .where(sql`${t.moderation} is not null`),
    check('post_comments_moderation_check', sql`${t.moderation} in ('held', 'removed')`),
  ],
);
