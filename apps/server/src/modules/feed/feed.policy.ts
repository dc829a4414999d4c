import { ErrorCode } from '@tribeverse/shared';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';

/**
 * Who may do what in the feed. Everyone signed in reads every post except across a block; changing one is for its
 * author.
 */

/** Only the author edits or deletes a post. */
export function assertAuthor(viewerId: number, post: { authorId: number }) {
  if (post.authorId !== viewerId) throw forbidden('You can only change your own posts.');
}

/** A comment goes away by its author, or by the author of the post it is under (moderating one's own thread). */
export function assertMayRemoveComment(viewerId: number, comment: { authorId: number }, post: { authorId: number }) {
  if (comment.authorId !== viewerId && post.authorId !== viewerId) throw forbidden('You can only delete your own comments.');
}

/** Who has blocked whom: a block ends every interaction between the two, not only messages. */
export interface BlockLookup {
  /** The members `userId` blocked or is blocked by. */
  blockedEitherWayIds(userId: number): Promise<Set<number>>;
}

/** A post that is not there for the caller: deleted, taken down, or across a block. */
export const POST_NOT_FOUND = 'This post does not exist (it may have been deleted).';

export const blockedFromPostMsg = 'You cannot interact with this member.';

/** Who may act on whose posts, and who hears of it. */
export class FeedPolicy {
  constructor(private readonly blocks?: BlockLookup) {}

  /** Liking, commenting on or sharing a post of someone on the other side of a block is refused. */
  async assertMayInteract(viewerId: number, authorId: number) {
    if (viewerId === authorId || !this.blocks) return;
    if ((await this.blocks.blockedEitherWayIds(viewerId)).has(authorId)) throw new AppError(403, ErrorCode.BLOCKED, blockedFromPostMsg);
  }

  /**
   * A member on the other side of a block is answered as if absent (404, `msg` as for one that does not exist), and so
   * is what they wrote: a block hides each from the other, whoever made it.
   */
  async assertVisible(viewerId: number, memberIds: number[], absentMsg: string) {
    const others = memberIds.filter((id) => id !== viewerId);
    if (!others.length || !this.blocks) return;
    const blocked = await this.blocks.blockedEitherWayIds(viewerId);
    if (others.some((id) => blocked.has(id))) throw notFound(absentMsg);
  }

  /** Nobody hears of (or is mentioned by) a member on the other side of a block, nor of their own doing. */
  async recipients(actorId: number, candidates: Iterable<number>): Promise<number[]> {
    const targets = [...new Set(candidates)].filter((id) => id !== actorId);
    if (!targets.length || !this.blocks) return targets;
    const blocked = await this.blocks.blockedEitherWayIds(actorId);
    return targets.filter((id) => !blocked.has(id));
  }
}
