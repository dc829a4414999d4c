import type { HeldSource } from './admin-held.service.ts';
import type { AdminTargetsRepository } from './admin-targets.repository.ts';

/** What the feed does with a held post (feed-moderation.service.ts). */
export interface HeldPostModeration {
  release(postId: number): Promise<boolean>;
  removeHeld(postId: number): Promise<boolean>;
  restore(postId: number): Promise<boolean>;
}

/** Posts in the held queue: the feed keeps them back (moderated_posts 'held') and lets them out. */
export function heldPosts(targets: AdminTargetsRepository, feed: HeldPostModeration): HeldSource {
  const authorOf = async (postId: number) => {
    const post = await targets.findPost(postId);
    return post && { authorId: post.authorId };
  };
  return {
    async list() {
      const rows = await targets.findHeldPosts();
      return rows.map((r) => ({ id: r.postId, authorId: r.authorId, text: r.text, context: null, createdAt: r.createdAt }));
    },
    async release(postId) {
      const author = await authorOf(postId);
      return author && (await feed.release(postId)) ? author : null;
    },
    async remove(postId) {
      const author = await authorOf(postId);
      return author && (await feed.removeHeld(postId)) ? author : null;
    },
    async restore(postId) {
      await feed.restore(postId);
    },
    async content(postId) {
      const post = await targets.findPost(postId);
      return post && { kind: 'post', text: post.text, images: post.images, created_at: post.createdAt.toISOString() };
    },
  };
}
