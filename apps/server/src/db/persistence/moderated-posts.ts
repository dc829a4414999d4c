import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { moderatedPosts } from '../schema/index.ts';

type Ref = AnyPgColumn | SQL;

/**
 * Whether `viewer` may see this post as far as the instance's moderators go: not one they took down (gone for everyone,
 * its author included, until an appeal brings it back), not one held for review unless it is the viewer's own, and not
 * a repost of either. The feed's lists and single reads and search all read posts through it.
 */
export function passesModeration(post: { id: Ref; authorId: Ref; sharedPostId: Ref }, viewer: number | SQL | Placeholder) {
  return sql`(not exists(select 1 from ${moderatedPosts} m where m.post_id = ${post.id} and (m.state = 'removed' or m.author_id <> ${viewer}))
    and (${post.sharedPostId} is null or not exists(select 1 from ${moderatedPosts} m where m.post_id = ${post.sharedPostId})))`;
}
