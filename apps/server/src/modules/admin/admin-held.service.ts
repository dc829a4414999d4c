import type { HeldPosts, NotificationContent } from '@tribeverse/shared';
import { notFound } from '../../lib/errors.ts';
import type { Staff } from './admin.policy.ts';
import { presentMember } from './admin.presenter.ts';
import type { AdminRepository } from './admin.repository.ts';
import type { AdminService } from './admin.service.ts';
import type { AdminTargetsRepository } from './admin-targets.repository.ts';

/** What the feed does with a held post (feed-moderation.service.ts). */
export interface HeldRemoval {
  release(postId: number): Promise<boolean>;
  removeHeld(postId: number): Promise<boolean>;
}

const NOT_HELD = 'This post is not held for review.';

/**
 * Posts a 'hold' filter kept back: staff release them (they reach everyone, as new) or remove them (taken down, and
 * the author told, with the action to appeal). Both are in the audit log.
 */
export class AdminHeldService {
  constructor(
    private readonly targets: AdminTargetsRepository,
    private readonly members: AdminRepository,
    private readonly admin: AdminService,
    private readonly feed: HeldRemoval,
    private readonly tell: (userId: number, content: NotificationContent) => Promise<void>,
  ) {}

  async list(): Promise<HeldPosts> {
    const rows = await this.targets.findHeldPosts();
    const authors = await this.members.findMembers(rows.map((r) => r.authorId));
    return {
      posts: rows.map((r) => ({
        post_id: r.postId,
        author: presentMember(authors.get(r.authorId)),
        text: r.text,
        created_at: r.createdAt.toISOString(),
      })),
    };
  }

  async release(staff: Staff, postId: number) {
    const post = await this.targets.findPost(postId);
    if (!post || !(await this.feed.release(postId))) throw notFound(NOT_HELD);
    await this.admin.record(staff, { action: 'held.release', targetUserId: post.authorId, reason: null, details: { post_id: postId } });
    return this.list();
  }

  async remove(staff: Staff, postId: number, note: string | null) {
    const post = await this.targets.findPost(postId);
    if (!post || !(await this.feed.removeHeld(postId))) throw notFound(NOT_HELD);
    const actionId = await this.admin.record(staff, {
      action: 'held.remove',
      targetUserId: post.authorId,
      reason: note,
      details: { post_id: postId },
    });
    await this.tell(post.authorId, { kind: 'content_removed', payload: { target_kind: 'post', reason: note, action_id: actionId } });
    return this.list();
  }
}
