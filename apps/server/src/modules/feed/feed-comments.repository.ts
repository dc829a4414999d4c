import type { ListCursor } from '@tribeverse/shared';
import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
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
  /** Held for review: only its author is shown it. */
  held: boolean;
}

/** Null: seen by everyone its post reaches; 'held': by its author alone; 'removed': by nobody (kept for an appeal). */
export type CommentModeration = 'held' | 'removed' | null;

const stateIs = (state: CommentModeration) => (state === null ? isNull(postComments.moderation) : eq(postComments.moderation, state));

/** What `viewer` may see: every ordinary comment, and their own held ones. */
const visibleTo = (viewerId: number): SQL =>
  or(isNull(postComments.moderation), and(eq(postComments.moderation, 'held'), eq(postComments.authorId, viewerId)))!;

/** The comment threads under posts. */
export class CommentsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Oldest first, the comments after the cursor the viewer may see (their own held ones included), but for those of
   * members on the other side of a block from the viewer, suspended, or silenced and not followed by the viewer.
   */
  async findComments(postId: number, after: ListCursor | undefined, limit: number, viewerId: number): Promise<Page<CommentView>> {
    const rows = await this.selectComments()
      .where(
        and(
          eq(postComments.postId, postId),
          visibleTo(viewerId),
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
        held: sql<boolean>`${postComments.moderation} is not distinct from 'held'`,
      })
      .from(postComments)
      .innerJoin(users, eq(users.id, postComments.authorId));
  }

  /** A comment of the post as `viewerId` may see it (null for anyone: any comment, taken down ones included). */
  async findComment(postId: number, commentId: number, viewerId: number | null = null) {
    const [row] = await this.db
      .select()
      .from(postComments)
      .where(and(eq(postComments.id, commentId), eq(postComments.postId, postId), viewerId === null ? undefined : visibleTo(viewerId)))
      .limit(1);
    return row ?? null;
  }

  async findView(commentId: number): Promise<CommentView | null> {
    const [view] = await this.selectComments().where(eq(postComments.id, commentId));
    return view ?? null;
  }

  async createComment(postId: number, authorId: number, text: string, held = false): Promise<CommentView> {
    const [row] = await this.db
      .insert(postComments)
      .values({ postId, authorId, text, moderation: held ? 'held' : null })
      .returning({ id: postComments.id });
    return (await this.findView(row!.id))!;
  }

  /**
   * Moves a comment from one moderation state to another in one statement (the post's comments_count follows, by
   * trigger): of two moderators acting at once, one wins. Null when it is gone or was not in the state `from`.
   */
  async moveComment(commentId: number, from: CommentModeration | CommentModeration[], to: CommentModeration) {
    const states = Array.isArray(from) ? from : [from];
    const [row] = await this.db
      .update(postComments)
      .set({ moderation: to })
      .where(and(eq(postComments.id, commentId), or(...states.map(stateIs))))
      .returning({ id: postComments.id, postId: postComments.postId, authorId: postComments.authorId });
    return row ?? null;
  }

  /** Held comments, oldest first, with their post and its author (the queue's context). */
  async findHeld(limit: number) {
    const postAuthor = alias(users, 'post_author');
    return this.db
      .select({
        id: postComments.id,
        authorId: postComments.authorId,
        text: postComments.text,
        createdAt: postComments.createdAt,
        postAuthor: postAuthor.username,
      })
      .from(postComments)
      .innerJoin(posts, eq(posts.id, postComments.postId))
      .innerJoin(postAuthor, eq(postAuthor.id, posts.authorId))
      .where(eq(postComments.moderation, 'held'))
      .orderBy(asc(postComments.createdAt), asc(postComments.id))
      .limit(limit);
  }

  /** A comment with its post's text, as a report copies it: what an appeal of its removal shows. */
  async findWithPost(commentId: number) {
    const [row] = await this.db
      .select({ postId: postComments.postId, text: postComments.text, postText: posts.text, createdAt: postComments.createdAt })
      .from(postComments)
      .innerJoin(posts, eq(posts.id, postComments.postId))
      .where(eq(postComments.id, commentId));
    return row ?? null;
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
