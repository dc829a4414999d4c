import crypto from 'node:crypto';
import { COMMUNITY_LIMITS, ErrorCode, type NotificationContent } from '@tribeverse/shared';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import type { CommunityMembersRepository } from './communities-members.repository.ts';
import type { CommunityInvitesRepository } from './communities-invites.repository.ts';
import { banned, type CommunityAccess } from './communities-access.ts';
import type { CommunityRealtime } from './communities-realtime.ts';
import { presentInvite, presentUser } from './communities.presenter.ts';
import type { CommunitiesService } from './communities.service.ts';
import type { CommunityJoiningService } from './communities-joining.service.ts';

/** Invite links: an expiry (default 24 h, at most 7 days), an optional use limit, revocable. */
export class CommunityInvitesService {
  constructor(
    private readonly members: CommunityMembersRepository,
    private readonly invites: CommunityInvitesRepository,
    private readonly access: CommunityAccess,
    private readonly communities: Pick<CommunitiesService, 'presentOne'>,
    private readonly joining: Pick<CommunityJoiningService, 'becomeMember'>,
    private readonly publicUrl: string,
    private readonly notify: (userId: number, content: NotificationContent) => Promise<void> = async () => {},
    private readonly realtime?: Pick<CommunityRealtime, 'toUser'>,
  ) {}

  /**
   * Invites one member by id: they see the community as 'invited', are told by a notification, and join by accepting
   * (even a private community) or decline by leaving. Asking again renews the invitation. Members, banned members and
   * members with a pending request (approve it instead) cannot be invited; a block either way reads as no such member.
   */
  async inviteMember(me: number, id: number, who: { user_id: number } | { username: string }) {
    const { community } = await this.access.withRight(me, id, 'invite');
    const target = await this.members.findInvitable(who);
    if (!target || target.id === me || (await this.members.blockedEitherWay(me, target.id))) throw notFound('There is no such member.');
    const userId = target.id;
    const current = await this.members.findMembership(id, userId);
    if (current?.state === 'member') throw conflict('They are already a member.');
    if (current?.state === 'banned') throw conflict('They are banned from this community: lift the ban first.');
    if (current?.state === 'requested') throw conflict('They have asked to join: approve their request instead.');
    await this.members.setState(id, userId, 'invited');
    await this.access.audit(id, me, 'member.invite', userId);
    await this.notify(userId, {
      kind: 'community_invited',
      payload: {
        ...(await this.access.actor(me)),
        community_id: id,
        community_name: community.name,
      },
    });
    this.realtime?.toUser(userId, 'community:membership:changed', {
      community_id: id,
      user_id: userId,
      status: 'invited',
      role: null,
      timeout_until: null,
    });
    return { community_id: id, user_id: userId, status: 'invited' as const };
  }

  /** Who is invited and has not answered yet (declining or accepting ends an invitation), for those who may invite. */
  async listInvited(me: number, id: number) {
    await this.access.withRight(me, id, 'invite');
    const rows = await this.members.listInState(id, 'invited');
    return { invited: rows.map((r) => ({ ...presentUser(r.user), invited_at: r.member.stateAt.toISOString() })) };
  }

  /**
   * Withdraws an invitation not answered yet: the community is then to them as to anyone outside it (a private one
   * takes a request again). Their notification stays, but accepting it no longer lets them in. Told live, so an open
   * page drops its Accept.
   */
  async withdrawInvitation(me: number, id: number, userId: number) {
    await this.access.withRight(me, id, 'invite');
    if (!(await this.members.deleteMembership(id, userId, ['invited']))) throw notFound('This person has no invitation to withdraw.');
    await this.access.audit(id, me, 'member.uninvite', userId);
    this.realtime?.toUser(userId, 'community:membership:changed', {
      community_id: id,
      user_id: userId,
      status: null,
      role: null,
      timeout_until: null,
    });
  }

  async createInvite(me: number, id: number, input: { expires_in_hours?: number; max_uses?: number | null }) {
    await this.access.withRight(me, id, 'invite');
    const hours = input.expires_in_hours ?? COMMUNITY_LIMITS.inviteDefaultHours;
    const row = await this.invites.createInvite({
      communityId: id,
      code: crypto.randomBytes(9).toString('base64url'),
      createdBy: me,
      expiresAt: new Date(Date.now() + hours * 3600_000),
      maxUses: input.max_uses ?? null,
    });
    await this.access.audit(id, me, 'invite.create', null, { expires_at: row.expiresAt.toISOString(), max_uses: row.maxUses });
    return presentInvite(row, this.publicUrl);
  }

  async listInvites(me: number, id: number) {
    await this.access.withRight(me, id, 'invite');
    return { invites: (await this.invites.listInvites(id)).map((r) => presentInvite(r, this.publicUrl)) };
  }

  async revokeInvite(me: number, id: number, code: string) {
    await this.access.withRight(me, id, 'invite');
    if (!(await this.invites.revokeInvite(id, code))) throw notFound('This invite does not exist or is already revoked.');
    await this.access.audit(id, me, 'invite.revoke');
  }

  /** Why an invite no longer works (410), or null while it does. */
  private inviteGone(row: { revokedAt: Date | null; expiresAt: Date; maxUses: number | null; uses: number }) {
    if (row.revokedAt) return new AppError(410, ErrorCode.INVITE_REVOKED, 'This invite link was revoked.');
    if (row.expiresAt <= new Date()) return new AppError(410, ErrorCode.INVITE_EXPIRED, 'This invite link has expired.');
    if (row.maxUses !== null && row.uses >= row.maxUses)
      return new AppError(410, ErrorCode.INVITE_USED_UP, 'This invite link has been used up.');
    return null;
  }

  async previewInvite(me: number, code: string) {
    const row = await this.invites.findInvite(code);
    if (!row) throw notFound('This invite link does not exist.');
    const gone = this.inviteGone(row);
    if (gone) throw gone;
    return {
      community: await this.communities.presentOne(me, await this.access.community(row.communityId)),
      expires_at: row.expiresAt.toISOString(),
    };
  }

  /** An invite lets someone into a private community too; a member already in uses nothing; banned stays out. */
  async acceptInvite(me: number, code: string) {
    const row = await this.invites.findInvite(code);
    if (!row) throw notFound('This invite link does not exist.');
    const current = await this.members.findMembership(row.communityId, me);
    if (current?.state === 'banned') throw banned();
    if (current?.state === 'member') return { community_id: row.communityId, status: 'member' as const };
    const taken = await this.invites.takeInviteUse(code);
    if (!taken) throw this.inviteGone(row) ?? new AppError(410, ErrorCode.INVITE_USED_UP, 'This invite link has been used up.');
    await this.joining.becomeMember(row.communityId, me);
    return { community_id: row.communityId, status: 'member' as const };
  }
}
