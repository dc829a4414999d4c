import type { ReportedContent } from '@tribeverse/shared';
import type { FeedRepository } from './feed.repository.ts';
import type { FeedEvents } from './feed.events.ts';
import type { FeedCommentsService } from './feed-comments.service.ts';

/** Enough for one queue page; the oldest come first, so nothing waits forever behind newer ones. */
const QUEUE_LIMIT = 200;

/**
 * Comments a 'hold' filter entry kept back, as the held-for-review queue (admin-held.service.ts) works them: its
 * author sees one marked held, nobody else sees, counts or hears of it until a moderator releases it (then it is
 * delivered as a new comment) or removes it (then its author loses it too, until an upheld appeal restores it).
 */
export class FeedHeldComments {
  constructor(
    private readonly repo: FeedRepository,
    private readonly comments: Pick<FeedCommentsService, 'deliver'>,
    private readonly events: FeedEvents,
  ) {}

  async list() {
    const rows = await this.repo.comments.findHeld(QUEUE_LIMIT);
    return rows.map((r) => ({
      id: r.id,
      authorId: r.authorId,
      text: r.text,
      context: r.postAuthor ? `Comment on a post by @${r.postAuthor}` : 'Comment on a post',
      createdAt: r.createdAt,
    }));
  }

  /** Everyone sees it now: live in open threads, the post's author notified and those it names told, as when new. */
  async release(id: number): Promise<{ authorId: number } | null> {
    return this.bringBack(id, 'held');
  }

  /** Taken down: its author's open threads lose it at once (the count, which never had it, stays). */
  async remove(id: number): Promise<{ authorId: number } | null> {
    const moved = await this.repo.comments.moveComment(id, 'held', 'removed');
    if (!moved) return null;
    const post = await this.repo.findById(moved.postId);
    const comments_count = await this.repo.comments.commentsCount(moved.postId);
    const event = { post_id: moved.postId, comment_id: id, comments_count };
    await this.events.emit([moved.authorId, post?.authorId], 'comment:deleted', event);
    return { authorId: moved.authorId };
  }

  /** An upheld appeal: it comes back as released, never having reached anyone before. */
  async restore(id: number): Promise<void> {
    await this.bringBack(id, 'removed');
  }

  async content(id: number): Promise<ReportedContent | null> {
    const row = await this.repo.comments.findWithPost(id);
    return (
      row && { kind: 'comment', post_id: row.postId, text: row.text, post_text: row.postText, created_at: row.createdAt.toISOString() }
    );
  }

  private async bringBack(id: number, from: 'held' | 'removed') {
    const moved = await this.repo.comments.moveComment(id, from, null);
    if (!moved) return null;
    const [post, view] = await Promise.all([this.repo.findById(moved.postId), this.repo.comments.findView(id)]);
    if (post && view) await this.comments.deliver(post, view, true);
    return { authorId: moved.authorId };
  }
}
