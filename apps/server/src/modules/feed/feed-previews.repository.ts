import { and, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { postComments, posts } from '../../db/schema/index.ts';

/** The texts notifications preview: posts (with their content warning) and comments, as they read now. */
export class FeedPreviewsRepository {
  constructor(private readonly db: Db) {}

  async posts(ids: number[]) {
    if (!ids.length) return [];
    return this.db
      .select({ id: posts.id, text: posts.text, contentWarning: posts.contentWarning })
      .from(posts)
      .where(inArray(posts.id, ids));
  }

  /** Only comments everyone sees: one held for review or taken down by moderators previews as gone. */
  async comments(ids: number[]) {
    if (!ids.length) return [];
    return this.db
      .select({ id: postComments.id, text: postComments.text })
      .from(postComments)
      .where(and(inArray(postComments.id, ids), isNull(postComments.moderation)));
  }
}
