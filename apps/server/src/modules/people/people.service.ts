import { ErrorCode, type FollowUpdatedEvent, type ListCursor, type NotificationPayload } from '@tribeverse/shared';
import { badRequest, notFound } from '../../lib/errors.ts';
import { mayMessage, maySee, mayViewProfile, relationOf, type PrivacySettings } from './people.policy.ts';
import { presentBlockedProfile, presentPerson, presentProfile } from './people.presenter.ts';
import type { PeopleRepository } from './people.repository.ts';

/** The owner's privacy settings, for several members at once (defaults for those who never changed them). */
export interface PrivacyPort {
  getForUsers(userIds: number[]): Promise<Map<number, PrivacySettings>>;
}
export interface FollowNotifier {
  notify(userId: number, kind: 'follow', payload: NotificationPayload<'follow'>, options: { once: Record<string, unknown> }): Promise<void>;
}
export interface PeopleEvents {
  followUpdated(userIds: number[], event: FollowUpdatedEvent): void;
  /** What a follower may see changed (last seen for followers only): chat tells the follower's open chats again. */
  followChanged?(followerId: number, followeeId: number): Promise<void>;
}

const NO_MEMBER = 'This member does not exist.';

/**
 * Follows and profiles as others see them. A block between two members hides each from the other (404, as if absent),
 * except that the blocker may still open the page of whom they blocked, showing only who that is.
 */
export class PeopleService {
  constructor(
    private readonly repo: PeopleRepository,
    private readonly privacy: PrivacyPort,
    private readonly notifier: FollowNotifier,
    private readonly events: PeopleEvents,
    private readonly mutes: { isMuted(muterId: number, mutedId: number): Promise<boolean> },
    /** A member's interests as their profile lists them (the interests module's). */
    private readonly interestsOf: (userId: number) => Promise<Array<{ name: string; sub_interests: string[] }>>,
  ) {}

  async profile(viewerId: number | null, username: string) {
    const row = await this.repo.findProfileByUsername(username);
    if (!row) throw notFound(NO_MEMBER);
    const ownerId = row.id;
    const other = viewerId !== null && viewerId !== ownerId;
    const [blockedByOwner, blockedByViewer, isMuted] = other
      ? await Promise.all([
          this.repo.hasBlocked(ownerId, viewerId),
          this.repo.hasBlocked(viewerId, ownerId),
          this.mutes.isMuted(viewerId, ownerId),
        ])
      : [false, false, false];
    // The blocked member never finds the blocker; the blocker sees only whom they blocked, to unblock them.
    if (blockedByOwner) throw notFound(NO_MEMBER);
    if (blockedByViewer) return presentBlockedProfile(row, isMuted);
    const [settings, isFollowing, followsMe] = await Promise.all([
      this.settingsOf(ownerId),
      other ? this.repo.isFollowing(viewerId, ownerId) : false,
      other ? this.repo.isFollowing(ownerId, viewerId) : false,
    ]);
    const relation = relationOf(viewerId, ownerId, isFollowing);
    if (!mayViewProfile(settings, relation)) throw notFound(NO_MEMBER);
    const [interests, counts, stats] = await Promise.all([
      this.interestsOf(ownerId),
      this.repo.counts(ownerId),
      this.repo.postStats(ownerId),
    ]);
    return presentProfile(row, {
      interests,
      counts: { ...counts, likes: stats.likes, posts: stats.posts },
      isMe: relation === 'self',
      isFollowing,
      followsMe,
      canMessage: other && mayMessage(settings, followsMe),
      isMuted,
      shows: {
        phone: maySee(settings.phoneVisibility, relation),
        dob: maySee(settings.dobVisibility, relation),
        location: maySee(settings.locationVisibility, relation),
      },
    });
  }

  private async settingsOf(userId: number) {
    return (await this.privacy.getForUsers([userId])).get(userId)!;
  }

  /** Another member the caller may act on: exists, not the caller, no block either way. */
  private async requireOther(me: number, userId: number) {
    if (userId === me) throw badRequest('You cannot follow or unfollow yourself.', ErrorCode.BAD_REQUEST, 'id');
    if (!(await this.repo.exists(userId)) || (await this.repo.isBlockedEitherWay(me, userId))) throw notFound(NO_MEMBER);
  }

  async follow(me: number, userId: number) {
    await this.requireOther(me, userId);
    if (await this.repo.follow(me, userId)) {
      await this.announce(me, userId, true);
      const actor = await this.repo.findActor(me);
      // Following, unfollowing and following again is one piece of news, not two.
      await this.notifier.notify(
        userId,
        'follow',
        { actor_id: me, username: actor?.username ?? null, name: actor?.name ?? null },
        { once: { actor_id: me } },
      );
    }
    return { following: true };
  }

  async unfollow(me: number, userId: number) {
    await this.requireOther(me, userId);
    if (await this.repo.unfollow(me, userId)) await this.announce(me, userId, false);
    return { following: false };
  }

  /** Removes a follower from the caller's followers (they are not told, as on Mastodon). */
  async removeFollower(me: number, userId: number) {
    if (userId === me) throw badRequest('You cannot remove yourself.', ErrorCode.BAD_REQUEST, 'id');
    if (!(await this.repo.exists(userId))) throw notFound(NO_MEMBER);
    if (await this.repo.unfollow(userId, me)) await this.announce(userId, me, false);
  }

  async list(side: 'followers' | 'following', viewerId: number, userId: number, query: { before?: ListCursor; limit: number }) {
    if (!(await this.repo.exists(userId))) throw notFound(NO_MEMBER);
    if (viewerId !== userId && (await this.repo.isBlockedEitherWay(viewerId, userId))) throw notFound(NO_MEMBER);
    const page = await this.repo.findPeople(side, userId, viewerId, query.before, query.limit);
    const ids = page.rows.map((r) => r.id);
    const [followed, followers] = await Promise.all([
      this.repo.findFollowedAmong(viewerId, ids),
      this.repo.findFollowersAmong(viewerId, ids),
    ]);
    return {
      users: page.rows.map((r) => presentPerson(r, followed.has(r.id), followers.has(r.id))),
      next_cursor: page.nextCursor,
    };
  }

  /** A block ends the follows both ways; both members' open pages hear of it. */
  async blocked(a: number, b: number) {
    const removed = await this.repo.removeFollowsBetween(a, b);
    for (const pair of removed) await this.announce(pair.followerId, pair.followeeId, false);
  }

  /** Your data: the follow graph around the member, for the export. */
  async exportFor(userId: number) {
    const { following, followers } = await this.repo.followsOf(userId);
    const row = (r: (typeof following)[number]) => ({ user_id: r.userId, username: r.username, since: r.since.toISOString() });
    return { following: following.map(row), followers: followers.map(row) };
  }

  /** Account deletion: every follow to or from the member goes. */
  async eraseFor(userId: number) {
    await this.repo.removeAllFollowsOf(userId);
  }

  /** Whether `senderId` may write to `ownerId` under the owner's 'who may message me'. */
  async mayMessage(senderId: number, ownerId: number) {
    const settings = await this.settingsOf(ownerId);
    return settings.messagePermission === 'everyone' || (await this.repo.isFollowing(ownerId, senderId));
  }

  private async announce(followerId: number, followeeId: number, following: boolean) {
    const [followerCounts, followeeCounts] = await Promise.all([this.repo.counts(followerId), this.repo.counts(followeeId)]);
    this.events.followUpdated([followerId, followeeId], {
      follower_id: followerId,
      followee_id: followeeId,
      following,
      follower_counts: followerCounts,
      followee_counts: followeeCounts,
    });
    await this.events.followChanged?.(followerId, followeeId);
  }

  followedBy(viewerId: number, ownerIds: number[]) {
    return this.repo.findFollowedAmong(viewerId, ownerIds);
  }

  followersAmong(userId: number, candidateIds: number[]) {
    return this.repo.findFollowersAmong(userId, candidateIds);
  }
}
