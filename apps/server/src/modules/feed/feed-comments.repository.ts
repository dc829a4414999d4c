import type { ListCursor } from '@tribeverse/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { postComments, posts, users } from '../../db/schema/index.ts';
import { cursorOf, instantOf, toPage, type Page } from '../../db/persistence/paging.ts';
import { publicMemberColumns, unlistedAuthorIdsOf } from '../../db/persistence/members.ts';
import type { PostAuthorRow } from './feed-post-views.repository.ts';

export interface CommentView {
  id: number;
  postId: number;
  text: string;
  createdAt: Date;
  author: PostAuthorRow;
  cursor: string;
}

/** The comment threads under posts. */
export class CommentsRepository {
  constructor(private readonly db: Db) {}

  /** Oldest first, the comments after the cursor, but for those of members on the other side of a block from the viewer, suspended, or silenced and not followed by the viewer. */
  async findComments(postId: number, after: ListCursor | undefined, limit: number, viewerId: number): Promise<Page<CommentView>> {
    const rows = await this.selectComments()
      .where(
        and(
          eq(postComments.postId, postId),
          sql`${postComments.authorId} <> all(${unlistedAuthorIdsOf(viewerId)})`,
          after ? sql`(${postComments.createdAt}, ${postComments.id}) > (${instantOf(after)}, ${after.id})` : undefined,
        ),
      )
      .orderBy(asc(postComments.createdAt), asc(postComments.id))
      .limit(limit + 1);
    return toPage(rows, limit);
  }

  private selectComments() {
    return this.db
      .select({
        id: postComments.id,
        postId: postComments.postId,
        text: postComments.text,
        createdAt: postComments.createdAt,
        author: publicMemberColumns,
        cursor: cursorOf(postComments.createdAt, postComments.id),
      })
      .from(postComments)
      .innerJoin(users, eq(users.id, postComments.authorId));
  }

  async findComment(postId: number, commentId: number) {
    const [row] = await this.db
      .select()
      .from(postComments)
      .where(and(eq(postComments.id, commentId), eq(postComments.postId, postId)))
      .limit(1);
    return row ?? null;
  }

  async createComment(postId: number, authorId: number, text: string): Promise<CommentView> {
    const [row] = await this.db.insert(postComments).values({ postId, authorId, text }).returning({ id: postComments.id });
    const [view] = await this.selectComments().where(eq(postComments.id, row!.id));
    return view!;
  }

  async deleteComment(commentId: number) {
    await this.db.delete(postComments).where(eq(postComments.id, commentId));
  }

  /** Kept on the post by a trigger in the comment's own transaction. */
  async commentsCount(postId: number) {
    const [row] = await this.db.select({ n: posts.commentsCount }).from(posts).where(eq(posts.id, postId));
    return row?.n ?? 0;
  }
}
