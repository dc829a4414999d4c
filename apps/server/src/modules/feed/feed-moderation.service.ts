import { notFound } from '../../lib/errors.ts';
import { presentComment, presentPublicPost } from './feed.presenter.ts';
import { POST_NOT_FOUND } from './feed.policy.ts';
import type { FeedEvents } from './feed.events.ts';
import type { FeedRepository } from './feed.repository.ts';
import type { FeedModerationRepository } from './feed-moderation.repository.ts';

/**
 * The instance's check on what a member is about to publish (its filters, a new account's limits): throws to refuse,
 * answers 'hold' to keep a post or comment for review. The admin module supplies it; until then everything passes.
 */
export type TextCheck = (
  authorId: number,
  texts: Array<string | null | undefined>,
  what: 'post' | 'comment',
) => void | 'hold' | null | Promise<void | 'hold' | null>;

/**
 * What the instance's moderators do to the feed, and the check a post or comment passes before it is stored. A post
 * they remove is taken down, not deleted, so an upheld appeal brings it back with its likes and comments; it leaves
 * every open feed at once (`post:deleted`, as a deletion does).
 */
export class FeedModerationService {
  private textCheck: TextCheck;

  constructor(
    private readonly repo: FeedRepository,
    private readonly moderated: FeedModerationRepository,
    private readonly events: FeedEvents,
    options: { textCheck?: TextCheck } = {},
  ) {
    this.textCheck = options.textCheck ?? (() => {});
  }

  /** The admin module is built after the feed: it hands its check over then. */
  useTextCheck(check: TextCheck) {
    this.textCheck = check;
  }

  /** True when a post is to be held for review. */
  async checkPost(authorId: number, ...texts: Array<string | null | undefined>): Promise<boolean> {
    return (await this.textCheck(authorId, texts, 'post')) === 'hold';
  }

  /** True when a comment is to be held for review. */
  async checkComment(authorId: number, text: string): Promise<boolean> {
    return (await this.textCheck(authorId, [text], 'comment')) === 'hold';
  }

  /** Kept for review: nobody but its author sees it; those who saw it before an edit held it lose it at once. */
  async hold(postId: number, authorId: number, seen: boolean) {
    await this.moderated.mark(postId, 'held');
    if (seen) await this.events.emit([authorId], 'post:deleted', { post_id: postId });
  }

  /** A moderator let a held post through: it reaches everyone as a new post would. False when it was not held. */
  async release(postId: number): Promise<boolean> {
    if (!(await this.moderated.unmark(postId, 'held'))) return false;
    await this.announce(postId);
    return true;
  }

  /** A moderator found a held post against the rules: it is taken down (an appeal may bring it back). */
  async removeHeld(postId: number): Promise<boolean> {
    if (!(await this.moderated.unmark(postId, 'held'))) return false;
    return this.moderated.mark(postId, 'removed');
  }

  /** The instance's moderators upheld a report: the post (and its reposts) leave every feed. False when it is gone. */
  async removeAsModerator(postId: number): Promise<boolean> {
    const post = await this.repo.findById(postId);
    if (!post || !(await this.moderated.mark(postId, 'removed'))) return false;
    const gone = [postId, ...(await this.moderated.repostIds(postId))].map((id) => ({ post_id: id }));
    await this.events.emitAll([post.authorId], 'post:deleted', gone);
    return true;
  }

  /** An appeal was upheld: the post is back where it was, for everyone. False when it was not taken down. */
  async restore(postId: number): Promise<boolean> {
    if (!(await this.moderated.unmark(postId, 'removed'))) return false;
    await this.announce(postId);
    return true;
  }

  private async announce(postId: number) {
    const view = await this.repo.findView(postId, 0);
    if (view) await this.events.emit([view.card.authorId, view.sharedPost?.card.authorId], 'post:new', presentPublicPost(view));
  }

  /**
   * The instance's moderators upheld a report on a comment: it is taken down, not deleted (nobody sees it, its author
   * included), so an upheld appeal brings it back where it was. Nothing when it (or its post) is already gone.
   */
  async removeCommentAsModerator(postId: number, commentId: number) {
    const post = await this.repo.findById(postId);
    const comment = post && (await this.repo.comments.findComment(postId, commentId));
    if (!post || !comment || !(await this.repo.comments.moveComment(commentId, [null, 'held'], 'removed'))) return;
    const comments_count = await this.repo.comments.commentsCount(postId);
    const event = { post_id: postId, comment_id: commentId, comments_count };
    await this.events.emit([comment.authorId, post.authorId], 'comment:deleted', event);
  }

  /**
   * An appeal on a removed comment was upheld: it is back where it was, for everyone. A comment removed before
   * removals kept comments (`commentId` gone) is written again under its post, as its author wrote it.
   */
  async restoreComment(postId: number, authorId: number, text: string, commentId?: number): Promise<boolean> {
    const post = await this.repo.findById(postId);
    if (!post) return false;
    const kept = commentId !== undefined && (await this.repo.comments.findComment(postId, commentId));
    if (kept && !(await this.repo.comments.moveComment(commentId, 'removed', null))) return false;
    const view = kept ? await this.repo.comments.findView(commentId) : await this.repo.comments.createComment(postId, authorId, text);
    if (!view) return false;
    const comment = presentComment(view);
    const comments_count = await this.repo.comments.commentsCount(postId);
    await this.events.emit([authorId, post.authorId], 'comment:new', { post_id: postId, comment, comments_count });
    return true;
  }

  /** A post the instance's moderators took down is not there for anyone to like, comment on or share. */
  async requirePost(postId: number) {
    const post = await this.repo.findById(postId);
    if (!post || (await this.moderated.isRemoved(postId))) throw notFound(POST_NOT_FOUND);
    return post;
  }

  /** The post itself, or for a repost the original it shares: what likes and comments are about. */
  async requireOriginal(postId: number) {
    const post = await this.requirePost(postId);
    return post.sharedPostId === null ? post : this.requirePost(post.sharedPostId);
  }

  /** A comment goes, by its author, the post's author (moderating their thread) or the instance's moderators. */
  async deleteComment(post: { id: number; authorId: number }, comment: { authorId: number }, commentId: number) {
    const postId = post.id;
    await this.repo.comments.deleteComment(commentId);
    const comments_count = await this.repo.comments.commentsCount(postId);
    const event = { post_id: postId, comment_id: commentId, comments_count };
    await this.events.emit([comment.authorId, post.authorId], 'comment:deleted', event);
    return { comments_count };
  }
}
