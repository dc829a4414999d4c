import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { moderatedPosts, posts } from '../../db/schema/index.ts';

export type ModerationState = 'removed' | 'held';

/**
 * Posts the instance's moderators took down, or that a filter holds for review. The feed's lists and single reads
 * leave them out (feed-post-views.repository.ts); deleting the row brings the post back as it was.
 */
export class FeedModerationRepository {
  constructor(private readonly db: Db) {}

  /** False when the post is gone, or was in this state already. */
  async mark(postId: number, state: ModerationState): Promise<boolean> {
    const [post] = await this.db.select({ authorId: posts.authorId }).from(posts).where(eq(posts.id, postId));
    if (!post) return false;
    const rows = await this.db
      .insert(moderatedPosts)
      .values({ postId, authorId: post.authorId, state })
      .onConflictDoUpdate({ target: moderatedPosts.postId, set: { state } })
      .returning({ id: moderatedPosts.postId });
    return rows.length > 0;
  }

  /** False when the post was not in this state. */
  async unmark(postId: number, state: ModerationState): Promise<boolean> {
    const rows = await this.db
      .delete(moderatedPosts)
      .where(and(eq(moderatedPosts.postId, postId), eq(moderatedPosts.state, state)))
      .returning({ id: moderatedPosts.postId });
    return rows.length > 0;
  }

  async isRemoved(postId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: moderatedPosts.postId })
      .from(moderatedPosts)
      .where(and(eq(moderatedPosts.postId, postId), eq(moderatedPosts.state, 'removed')));
    return Boolean(row);
  }

  /** The reposts of a post, which go (and come back) with it. */
  async repostIds(postId: number): Promise<number[]> {
    const rows = await this.db.select({ id: posts.id }).from(posts).where(eq(posts.sharedPostId, postId));
    return rows.map((r) => r.id);
  }
}
