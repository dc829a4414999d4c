import { ErrorCode, type AuditAction, type CommunityRight } from '@tribeverse/shared';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import type { CommunitiesRepository, CommunityRow } from './communities.repository.ts';
import type { CommunityMembersRepository, MemberRow } from './communities-members.repository.ts';
import type { CommunityModerationRepository } from './communities-moderation.repository.ts';
import { hasRight, isMember, isTimedOut, mayRemoveContentOf } from './communities.policy.ts';
import { notificationActor } from './communities.presenter.ts';

export const COMMUNITY_NOT_FOUND = 'This community does not exist.';
export const banned = () => new AppError(403, ErrorCode.BANNED, 'You are banned from this community.');
export const notAMember = () => new AppError(403, ErrorCode.NOT_A_MEMBER, 'Join this community first.');
export const timedOut = (until: Date) =>
  new AppError(403, ErrorCode.TIMED_OUT, `A moderator has timed you out: you can write again from ${until.toISOString()}.`);

export interface MemberAccess {
  community: CommunityRow;
  membership: MemberRow;
}

/**
 * The checks every community call starts with. A private community's content answers 404 to non-members (telling
 * would leak what it holds); a public one's 403 NOT_A_MEMBER, since anyone may see it and join.
 */
export class CommunityAccess {
  constructor(
    private readonly repo: CommunitiesRepository,
    private readonly members: CommunityMembersRepository,
    private readonly moderation: CommunityModerationRepository,
  ) {}

  async community(id: number): Promise<CommunityRow> {
    const row = await this.repo.findById(id);
    if (!row) throw notFound(COMMUNITY_NOT_FOUND);
    return row;
  }

  /** A member of the community, or 404/403. */
  async member(me: number, communityId: number): Promise<MemberAccess> {
    const [community, membership] = await Promise.all([this.community(communityId), this.members.findMembership(communityId, me)]);
    if (!isMember(membership)) throw community.visibility === 'private' ? notFound(COMMUNITY_NOT_FOUND) : notAMember();
    return { community, membership };
  }

  /**
   * Someone who may see a community's preview before joining: anyone signed in, for a public community, except its
   * banned members (403 BANNED). A private community's content is never previewed (404, as for its other content).
   */
  async visitor(me: number, communityId: number): Promise<CommunityRow> {
    const [community, membership] = await Promise.all([this.community(communityId), this.members.findMembership(communityId, me)]);
    if (community.visibility === 'private') throw notFound(COMMUNITY_NOT_FOUND);
    if (membership?.state === 'banned') throw banned();
    return community;
  }

  /** A member who may write now (not timed out). */
  async writer(me: number, communityId: number): Promise<MemberAccess> {
    const access = await this.member(me, communityId);
    if (isTimedOut(access.membership)) throw timedOut(access.membership.timeoutUntil!);
    return access;
  }

  /** A member holding this right, or 403 (404 for non-members of a private community). */
  async withRight(me: number, communityId: number, right: CommunityRight): Promise<MemberAccess> {
    const access = await this.member(me, communityId);
    if (!hasRight(access.membership, right)) throw forbidden('Your role in this community does not allow that.');
    return access;
  }

  /**
   * Whether the caller removes their own content (`own`: true) or another's (a moderation act, for the audit log), or
   * 403: another's needs `right` and a rank above its author's as they are now (mayRemoveContentOf). `what` names the
   * content in the refusal ("messages", "threads").
   */
  async removal(me: number, access: MemberAccess, authorId: number | null, right: CommunityRight, what: string) {
    if (authorId === me) return { own: true };
    const author = authorId === null ? null : await this.members.findMembership(access.community.id, authorId);
    if (mayRemoveContentOf(access.membership, author, right)) return { own: false };
    throw forbidden(
      hasRight(access.membership, right)
        ? `You can only remove ${what} of members below your role.`
        : `You can only delete your own ${what}.`,
    );
  }

  /** Who did it, for a notification: the member as they are called at this moment. */
  async actor(userId: number) {
    const [user] = await this.members.findUsers([userId]);
    return notificationActor(userId, user);
  }

  /** Records an admin or moderator action in the audit log the admins read. */
  audit(
    communityId: number,
    actorId: number,
    action: AuditAction,
    targetUserId: number | null = null,
    details: Record<string, unknown> = {},
  ) {
    return this.moderation.record({ communityId, actorId, action, targetUserId, details });
  }
}
