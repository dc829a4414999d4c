import {
  EMPTY_POST_MSG,
  ErrorCode,
  extractHashtags,
  type LikeState,
  type ListCursor,
  type Post,
  type PostPage,
  type ShareState,
} from '@tribeverse/shared';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { MediaStorage } from '../../lib/storage.ts';
import type { ChatNamespace } from '../../realtime/io.ts';
import { isUniqueViolation } from '../../db/persistence/unique-violation.ts';
import type { FeedRepository, StoredImage } from './feed.repository.ts';
import { presentPost, presentPostPage, presentPublicPost } from './feed.presenter.ts';
import { processImage } from './feed-images.ts';
import { assertAuthor, FeedPolicy, POST_NOT_FOUND } from './feed.policy.ts';
import type { Notifier } from '../notifications/notifications.module.ts';
import { FeedNotices } from './feed-notices.ts';
import { FeedEvents } from './feed.events.ts';
import { FeedModerationService, type TextCheck } from './feed-moderation.service.ts';
import { FeedCommentsService } from './feed-comments.service.ts';
import { FeedHeldComments } from './feed-held-comments.ts';

type Broadcaster = Pick<ChatNamespace, 'emit' | 'except' | 'to'>;

const NO_MEMBER = 'This member does not exist.';
const normaliseWarning = (w: string | undefined) => (w === undefined ? undefined : w || null);

/** The feed's rules: who may change what, and the events every member hears once a change is committed. */
export class FeedService {
  constructor(
    private readonly repo: FeedRepository,
    private readonly media: MediaStorage,
    broadcast: Broadcaster,
    options: { notifier?: Notifier; policy?: FeedPolicy; textCheck?: TextCheck } = {},
  ) {
    this.policy = options.policy ?? new FeedPolicy();
    this.notices = new FeedNotices(repo, options.notifier, this.policy);
    this.events = new FeedEvents(broadcast, repo);
    this.moderation = new FeedModerationService(repo, repo.moderated, this.events, { textCheck: options.textCheck });
    this.comments = new FeedCommentsService(repo, this.policy, this.moderation, this.events, this.notices);
    this.heldComments = new FeedHeldComments(repo, this.comments, this.events);
  }

  private readonly policy: FeedPolicy;
  /** Moderators' removals and the check what members write passes (feed-moderation.service.ts). */
  readonly moderation: FeedModerationService;
  /** A post's thread (feed-comments.service.ts). */
  readonly comments: FeedCommentsService;
  /** Comments a filter holds for review, as the held queue releases or removes them (feed-held-comments.ts). */
  readonly heldComments: FeedHeldComments;
  private readonly notices: FeedNotices;
  private readonly events: FeedEvents;

  /** The contract's numbered pages. */
  async list(viewerId: number, query: { page: number; limit: number; tag?: string; author?: string }) {
    const { rows } = await this.repo.findPage({
      viewerId,
      page: query.page,
      limit: query.limit,
      tag: query.tag || undefined,
      authorUsername: query.author || undefined,
    });
    return rows.map((v) => presentPost(v, viewerId));
  }

  async listPage(
    viewerId: number,
    query: { before?: ListCursor; limit: number; tag?: string; author?: string; following?: boolean },
  ): Promise<PostPage> {
    const page = await this.repo.findPage({
      viewerId,
      followedBy: query.following ? viewerId : undefined,
      before: query.before,
      limit: query.limit,
      tag: query.tag || undefined,
      authorUsername: query.author || undefined,
    });
    return presentPostPage(page, viewerId);
  }

  async listByUser(viewerId: number, userId: number | 'me', query: { before?: ListCursor; limit: number }): Promise<PostPage> {
    const authorId = await this.requireVisibleMember(viewerId, userId);
    return presentPostPage(await this.repo.findPage({ viewerId, before: query.before, limit: query.limit, authorId }), viewerId);
  }

  /** The figures on a member's profile card. */
  async statsOf(userId: number | 'me', viewerId: number) {
    return this.repo.authorStats(await this.requireVisibleMember(viewerId, userId));
  }

  /** A retry with a client id the author already used returns that post as it is now: no second post, no new events. */
  async create(authorId: number, input: { text: string; contentWarning: string; clientId?: string }, files: Buffer[]): Promise<Post> {
    if (input.clientId) {
      const existingId = await this.repo.findIdByClientId(authorId, input.clientId);
      if (existingId !== null) return this.present(existingId, authorId);
    }
    if (!input.text && !files.length) throw badRequest(EMPTY_POST_MSG, ErrorCode.EMPTY_POST, 'post');
    const held = await this.moderation.checkPost(authorId, input.text, input.contentWarning);
    // Every file is checked before anything is stored, so a bad one among good ones leaves nothing behind.
    const processed = [];
    for (const file of files) processed.push(await processImage(file));
    const saved: StoredImage[] = [];
    let post: Post;
    try {
      for (const image of processed) {
        saved.push({
          url: await this.media.save(image.full, 'webp'),
          thumbnailUrl: await this.media.save(image.thumbnail, 'webp'),
          width: image.width,
          height: image.height,
        });
      }
      const { id, created } = await this.repo.create({
        authorId,
        text: input.text,
        contentWarning: input.contentWarning || null,
        hashtags: extractHashtags(input.text),
        images: saved,
        clientId: input.clientId,
      });
      if (!created) {
        // Two submits of one post raced: the other one stored it and told everyone.
        await this.removeImages(saved);
        return this.present(id, authorId);
      }
      // Held for review: stored, seen by its author alone, and nobody is told of it until a moderator releases it.
      if (held) await this.moderation.hold(id, authorId, false);
      post = held ? await this.present(id, authorId) : await this.announceNew(id, authorId);
    } catch (error) {
      await this.removeImages(saved);
      throw error;
    }
    if (!held) await this.tellMentioned(authorId, post.post_id, await this.notices.mentioned(input.text));
    return post;
  }

  /** Who a post names hears of it once per post, however often it is edited. */
  private async tellMentioned(authorId: number, postId: number, named: number[]) {
    await this.notices.tell(authorId, named, 'mention', { post_id: postId, mentioned_in: 'post' }, true);
  }

  async update(viewerId: number, postId: number, body: { post: string; content_warning?: string }) {
    const held = await this.moderation.checkPost(viewerId, body.post, body.content_warning);
    const post = await this.requireOwnPost(viewerId, postId);
    const view = await this.repo.findView(postId, viewerId);
    // Deleted by another tab of the author's meanwhile.
    if (!view) throw notFound(POST_NOT_FOUND);
    if (!body.post && !view.card.images.length && post.sharedPostId === null)
      throw badRequest(EMPTY_POST_MSG, ErrorCode.EMPTY_POST, 'post');
    await this.repo.update(postId, {
      text: body.post,
      hashtags: extractHashtags(body.post),
      contentWarning: normaliseWarning(body.content_warning),
    });
    if (held) await this.moderation.hold(postId, viewerId, true);
    const updated = await this.repo.findView(postId, viewerId);
    if (!updated) throw notFound(POST_NOT_FOUND);
    if (held) return presentPost(updated, viewerId);
    await this.events.emit([updated.card.authorId, updated.sharedPost?.card.authorId], 'post:updated', presentPublicPost(updated));
    // Only members the edit newly names: the others already heard of this post.
    const before = new Set(await this.notices.mentioned(view.card.text));
    await this.tellMentioned(
      viewerId,
      postId,
      (await this.notices.mentioned(body.post)).filter((id) => !before.has(id)),
    );
    return presentPost(updated, viewerId);
  }

  async remove(viewerId: number, postId: number) {
    return this.removePost(await this.requireOwnPost(viewerId, postId));
  }

  private async removePost(post: { id: number; authorId: number; sharedPostId: number | null }) {
    const postId = post.id;
    const { repostIds, files } = await this.repo.delete(postId);
    await Promise.all(files.map((f) => this.media.remove(f)));
    const gone = [postId, ...repostIds].map((id) => ({ post_id: id }));
    await this.events.emitAll([post.authorId], 'post:deleted', gone);
    if (post.sharedPostId === null) return { post_id: postId, original: null };
    return { post_id: postId, original: { post_id: post.sharedPostId, shares_count: await this.announceShares(post.sharedPostId) } };
  }

  /** Liking a repost likes its original, as with a boost: the original's author hears of it. */
  async like(viewerId: number, repostOrPostId: number, liked: boolean): Promise<LikeState> {
    const post = await this.moderation.requireOriginal(repostOrPostId);
    const postId = post.id;
    if (liked) await this.policy.assertMayInteract(viewerId, post.authorId);
    const isNewLike = liked ? await this.repo.like(postId, viewerId) : (await this.repo.unlike(postId, viewerId), false);
    const likes_count = await this.repo.likesCount(postId);
    await this.events.emit([post.authorId], 'post:liked', { post_id: postId, likes_count });
    if (isNewLike) await this.notices.tell(viewerId, [post.authorId], 'like', { post_id: postId }, true);
    return { likes_count, liked_by_me: liked };
  }

  /** Reposting a repost shares its original, as a boost of a boost does. */
  async share(viewerId: number, postId: number, text: string): Promise<Post> {
    const post = await this.moderation.requirePost(postId);
    const originalId = post.sharedPostId ?? post.id;
    const original = post.sharedPostId === null ? post : await this.repo.findById(originalId);
    if (original) await this.policy.assertMayInteract(viewerId, original.authorId);
    if (await this.repo.findShare(viewerId, originalId)) throw this.alreadyShared();
    let id: number;
    try {
      ({ id } = await this.repo.create({
        authorId: viewerId,
        text,
        contentWarning: null,
        hashtags: extractHashtags(text),
        sharedPostId: originalId,
      }));
    } catch (error) {
      if (isUniqueViolation(error)) throw this.alreadyShared();
      throw error;
    }
    const repost = await this.announceNew(id, viewerId);
    await this.announceShares(originalId);
    const originalAuthor = post.sharedPostId === null ? post.authorId : (await this.repo.findById(originalId))?.authorId;
    if (originalAuthor !== undefined) await this.notices.tell(viewerId, [originalAuthor], 'share', { post_id: originalId }, true);
    return repost;
  }

  async unshare(viewerId: number, postId: number): Promise<ShareState> {
    const post = await this.moderation.requirePost(postId);
    const originalId = post.sharedPostId ?? post.id;
    const repostId = await this.repo.findShare(viewerId, originalId);
    if (!repostId) throw notFound('You have not shared this post.');
    await this.repo.delete(repostId);
    await this.events.emit([viewerId], 'post:deleted', { post_id: repostId });
    return { shares_count: await this.announceShares(originalId), shared_by_me: false };
  }

  private async removeImages(saved: StoredImage[]) {
    await Promise.all(saved.flatMap((s) => [this.media.remove(s.url), this.media.remove(s.thumbnailUrl)]));
  }

  private async present(id: number, viewerId: number) {
    const view = await this.repo.findView(id, viewerId);
    if (!view) throw notFound(POST_NOT_FOUND);
    return presentPost(view, viewerId);
  }

  private async announceNew(id: number, viewerId: number) {
    // Gone already when the author (or the original's author, for a repost) deleted it at the same moment.
    const view = await this.repo.findView(id, viewerId);
    if (!view) throw notFound(POST_NOT_FOUND);
    await this.events.emit([view.card.authorId, view.sharedPost?.card.authorId], 'post:new', presentPublicPost(view));
    return presentPost(view, viewerId);
  }

  private async announceShares(originalId: number) {
    // Read after the share's own transaction: the trigger has counted it.
    const original = await this.repo.findById(originalId);
    const shares_count = original?.sharesCount ?? 0;
    await this.events.emit([original?.authorId], 'post:shared', { post_id: originalId, shares_count });
    return shares_count;
  }

  private alreadyShared() {
    return conflict('You have already shared this post.', ErrorCode.ALREADY_SHARED);
  }

  /** The member a `/posts/user/:userId` path names, unless absent or on the other side of a block (404 either way). */
  private async requireVisibleMember(viewerId: number, userId: number | 'me') {
    const memberId = userId === 'me' ? viewerId : userId;
    if (!(await this.repo.userExists(memberId))) throw notFound(NO_MEMBER);
    await this.policy.assertVisible(viewerId, [memberId], NO_MEMBER);
    return memberId;
  }

  private async requireOwnPost(viewerId: number, postId: number) {
    const post = await this.moderation.requirePost(postId);
    assertAuthor(viewerId, post);
    return post;
  }
}
