import { index, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { userRef } from './users.ts';

/** Who follows whom: one row per follower and followed member. */
export const follows = pgTable(
  'follows',
  {
    followerId: userRef('follower_id'),
    followeeId: userRef('followee_id'),
    createdAt: createdAt(),
  },
  // The primary key serves "whom does X follow"; the second index "who follows X", both newest first by cursor.
  (t) => [primaryKey({ columns: [t.followerId, t.followeeId] }), index('follows_followee_idx').on(t.followeeId, t.createdAt)],
);

/**
 * Who muted whom (Mastodon's mute): the muted member's posts and shares leave the muter's feed lists and live feed,
 * and nothing else changes for either. Only the muter knows.
 */
export const userMutes = pgTable(
  'user_mutes',
  {
    muterId: userRef('muter_id'),
    mutedId: userRef('muted_id'),
    createdAt: createdAt(),
  },
  // The primary key serves a muter's list and their feed; the second index "who muted the author of this new post".
  (t) => [primaryKey({ columns: [t.muterId, t.mutedId] }), index('user_mutes_muted_idx').on(t.mutedId)],
);
