import type { CommentPage, ListCursor } from '@tribeverse/shared';
import { notFound } from '../../lib/errors.ts';
import type { FeedRepository } from './feed.repository.ts';
import { presentComment } from './feed.presenter.ts';
import { assertMayRemoveComment, POST_NOT_FOUND, type FeedPolicy } from './feed.policy.ts';
import type { FeedNotices } from './feed-notices.ts';
import type { FeedEvents } from './feed.events.ts';
import type { FeedModerationService } from './feed-moderation.service.ts';
import type { CommentView } from './feed-comments.repository.ts';

/**
 * A post's thread. A repost's thread is its original's: comments are about the post itself, and a post the
 * instance's moderators took down has no thread for anyone.
 */
export class FeedCommentsService {
  constructor(
    private readonly repo: FeedRepository,
    private readonly policy: FeedPolicy,
    private readonly moderation: FeedModerationService,
    private readonly events: FeedEvents,
    private readonly notices: FeedNotices,
  ) {}

  /** Across a block the post (or the original a repost shares) is absent, and a blocked member's comments are left out. */
  async list(viewerId: number, repostOrPostId: number, after: ListCursor | undefined, limit: number): Promise<CommentPage> {
    const asked = await this.moderation.requirePost(repostOrPostId);
    const post = asked.sharedPostId === null ? asked : await this.moderation.requirePost(asked.sharedPostId);
    await this.policy.assertVisible(viewerId, [asked.authorId, post.authorId], POST_NOT_FOUND);
    const page = await this.repo.comments.findComments(post.id, after, limit, viewerId);
    return { comments: page.rows.map(presentComment), next_cursor: page.nextCursor };
  }

  async add(viewerId: number, repostOrPostId: number, text: string) {
    const post = await this.moderation.requireOriginal(repostOrPostId);
    await this.policy.assertMayInteract(viewerId, post.authorId);
    const held = await this.moderation.checkComment(viewerId, text);
    const view = await this.repo.comments.createComment(post.id, viewerId, text, held);
    // Held for review: stored and shown to its author alone (not counted); nobody hears of it until it is released.
    if (held) return { comment: presentComment(view), comments_count: await this.repo.comments.commentsCount(post.id) };
    return this.deliver(post, view, true);
  }

  /**
   * A comment everyone may see now reaches every open thread; `tell`: the post's author hears of it and those it
   * names are told they were mentioned (not when it comes back after an appeal: they heard of it the first time).
   */
  async deliver(post: { id: number; authorId: number }, view: CommentView, tell: boolean) {
    const comment = presentComment(view);
    const comments_count = await this.repo.comments.commentsCount(post.id);
    await this.events.emit([view.author.id, post.authorId], 'comment:new', { post_id: post.id, comment, comments_count });
    if (tell) {
      const details = { post_id: post.id, comment_id: comment.id, text: view.text.slice(0, 120) };
      await this.notices.tell(view.author.id, [post.authorId], 'comment', details);
      // The post's author already heard of this comment; others named in it are told they were mentioned.
      const named = (await this.notices.mentioned(view.text)).filter((id) => id !== post.authorId);
      await this.notices.tell(view.author.id, named, 'mention', details);
    }
    return { comment, comments_count };
  }

  /** One's own comment, or any comment under one's own post (moderating one's thread): only those one can see. */
  async remove(viewerId: number, repostOrPostId: number, commentId: number) {
    const post = await this.moderation.requireOriginal(repostOrPostId);
    const comment = await this.repo.comments.findComment(post.id, commentId, viewerId);
    if (!comment) throw notFound('This comment does not exist.');
    assertMayRemoveComment(viewerId, comment, post);
    return this.moderation.deleteComment(post, comment, commentId);
  }
}
