import { ErrorCode, type NotificationContent } from '@tribeverse/shared';
import { conflict, notFound } from '../../lib/errors.ts';
import type { CommunityMembersRepository } from './communities-members.repository.ts';
import type { CommunityReadsService } from './communities-reads.service.ts';
import type { CommunityRealtime } from './communities-realtime.ts';
import { banned, type CommunityAccess } from './communities-access.ts';
import { presentUser } from './communities.presenter.ts';
import { rolesWithRight } from './communities.policy.ts';

/** Joining and leaving a community, and a private community's join requests. */
export class CommunityJoiningService {
  constructor(
    private readonly members: CommunityMembersRepository,
    private readonly reads: Pick<CommunityReadsService, 'startAllRead'>,
    private readonly access: CommunityAccess,
    private readonly realtime: CommunityRealtime,
    /** Tells one member something happened (notifications module); its failure never fails the action. */
    private readonly notify: (userId: number, content: NotificationContent) => Promise<void>,
  ) {}

  /** Public: a member at once. Private: a request the admins approve or decline. Banned: never. */
  async join(me: number, id: number) {
    const community = await this.access.community(id);
    const current = await this.members.findMembership(id, me);
    if (current?.state === 'banned') throw banned();
    if (current?.state === 'member') return { community_id: id, status: 'member' as const };
    if (community.visibility === 'private' && current?.state !== 'invited') {
      if (current?.state === 'requested') return { community_id: id, status: 'requested' as const };
      await this.members.setState(id, me, 'requested');
      await this.requestsChanged(id);
      const actor = await this.access.actor(me);
      for (const admin of await this.members.adminIds(id))
        await this.notify(admin, {
          kind: 'community_join_request',
          payload: { ...actor, community_id: id, community_name: community.name },
        });
      return { community_id: id, status: 'requested' as const };
    }
    await this.becomeMember(id, me);
    return { community_id: id, status: 'member' as const };
  }

  async becomeMember(communityId: number, userId: number) {
    const membership = await this.members.setState(communityId, userId, 'member');
    await this.reads.startAllRead(communityId, userId);
    await this.realtime.move(userId, communityId, true);
    this.realtime.toRoom(communityId, 'community:membership:changed', {
      community_id: communityId,
      user_id: userId,
      status: 'member',
      role: membership.role,
      // A time-out outlives leaving and coming back (setState keeps it).
      timeout_until: membership.timeoutUntil && membership.timeoutUntil > new Date() ? membership.timeoutUntil.toISOString() : null,
    });
  }

  /** Exit: access ends at once and only the admins are told. An owner hands ownership over first. Also withdraws a request. */
  async leave(me: number, id: number) {
    const community = await this.access.community(id);
    const current = await this.members.findMembership(id, me);
    if (!current || current.state === 'banned') throw notFound('You are not in this community.');
    if (current.state === 'member' && current.role === 'owner')
      throw conflict('Hand ownership over to another member before you leave.', ErrorCode.OWNER_MUST_TRANSFER);
    if (!(await this.members.deleteMembership(id, me, [current.state]))) return { community_id: id, status: null };
    if (current.state === 'requested') await this.requestsChanged(id);
    if (current.state !== 'member') return { community_id: id, status: null };
    await this.realtime.move(me, id, false);
    const event = { community_id: id, user_id: me, reason: 'left' as const };
    this.realtime.toRoom(id, 'community:membership:removed', event);
    this.realtime.toUser(me, 'community:membership:removed', event);
    const actor = await this.access.actor(me);
    for (const admin of await this.members.adminIds(id))
      await this.notify(admin, {
        kind: 'community_member_left',
        payload: { ...actor, community_id: id, community_name: community.name },
      });
    return { community_id: id, status: null };
  }

  /**
   * The list of requests changed (after the write): every owner's and admin's sockets hear it, muted or not, so an
   * open requests tab asks again; the bell is the notification's. Members and the requester hear nothing of it.
   */
  private async requestsChanged(id: number) {
    for (const admin of await this.members.idsInRoles(id, rolesWithRight('manage_requests')))
      this.realtime.toUser(admin, 'community:requests:changed', { community_id: id });
  }

  async requests(me: number, id: number) {
    await this.access.withRight(me, id, 'manage_requests');
    const rows = await this.members.listInState(id, 'requested');
    return { requests: rows.map((r) => ({ user: presentUser(r.user), requested_at: r.member.stateAt.toISOString() })) };
  }

  /** Approve or decline a request; the requester is told either way. */
  async decide(me: number, id: number, userId: number, approve: boolean) {
    const { community } = await this.access.withRight(me, id, 'manage_requests');
    const current = await this.members.findMembership(id, userId);
    if (current?.state !== 'requested') throw notFound('There is no request from this member.');
    const payload = { community_id: id, community_name: community.name };
    if (approve) {
      await this.becomeMember(id, userId);
      await this.requestsChanged(id);
      await this.access.audit(id, me, 'member.approve', userId);
      await this.notify(userId, { kind: 'community_request_approved', payload });
      return { community_id: id, status: 'member' as const };
    }
    await this.members.deleteMembership(id, userId, ['requested']);
    await this.requestsChanged(id);
    await this.access.audit(id, me, 'member.decline', userId);
    this.realtime.toUser(userId, 'community:membership:removed', { community_id: id, user_id: userId, reason: 'declined' });
    await this.notify(userId, { kind: 'community_request_declined', payload });
    return { community_id: id, status: null };
  }
}
