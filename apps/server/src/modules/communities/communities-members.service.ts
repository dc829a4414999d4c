import { ErrorCode, MAX_DB_ID, type CommunityRole, type NotificationContent } from '@tribeverse/shared';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import type { CommunityMembersRepository } from './communities-members.repository.ts';
import type { CommunityRealtime } from './communities-realtime.ts';
import type { CommunityAccess } from './communities-access.ts';
import { hasRight, isMember, mayGrantRole, outranks } from './communities.policy.ts';
import { presentMember, presentUser } from './communities.presenter.ts';

const roleNotAllowed = () => new AppError(403, ErrorCode.ROLE_NOT_ALLOWED, 'You cannot give a role with rights you do not hold yourself.');
const RANKS: Record<CommunityRole, number> = { owner: 3, admin: 2, moderator: 1, member: 0 };

/** The members tab and what admins and moderators do to members: roles, time-outs, removals and bans. */
export class CommunityMembersService {
  constructor(
    private readonly members: CommunityMembersRepository,
    private readonly access: CommunityAccess,
    private readonly realtime: CommunityRealtime,
    /** Throws unless it is the member's password (400), or when their wrong guesses are used up (429). */
    private readonly checkPassword: (userId: number, password: string) => Promise<void>,
    private readonly notify: (userId: number, content: NotificationContent) => Promise<void>,
  ) {}

  async list(me: number, id: number, query: { search?: string; before?: string; limit: number }) {
    await this.access.member(me, id);
    let cursor: { rank: number; userId: number } | undefined;
    if (query.before) {
      const match = /^([0-3]):(\d{1,10})$/.exec(query.before);
      if (!match || Number(match[2]) > MAX_DB_ID) throw badRequest('This cursor is not valid.', ErrorCode.VALIDATION_FAILED, 'before');
      cursor = { rank: Number(match[1]), userId: Number(match[2]) };
    }
    const rows = await this.members.listMembers(id, { search: query.search, cursor, limit: query.limit + 1 });
    const page = rows.slice(0, query.limit);
    const online = await this.realtime.onlineAmong(
      me,
      id,
      page.map((r) => r.user.id),
    );
    const last = page.at(-1);
    return {
      members: page.map((r) => presentMember(r.member, r.user, online.has(r.user.id))),
      next_cursor: rows.length > query.limit && last ? `${RANKS[last.member.role]}:${last.member.userId}` : null,
    };
  }

  async online(me: number, id: number) {
    await this.access.member(me, id);
    return this.realtime.online(me, id);
  }

  /** The target as a member, and the caller's standing over them: acting only downwards. */
  private async target(me: number, id: number, userId: number, right: Parameters<CommunityAccess['withRight']>[2]) {
    const actor = await this.access.withRight(me, id, right);
    if (userId === me) throw badRequest('You cannot do that to yourself.', ErrorCode.BAD_REQUEST, 'userId');
    const target = await this.members.findMembership(id, userId);
    if (!isMember(target)) throw notFound('This member is not in the community.');
    if (!outranks(actor.membership, target)) throw forbidden('You can only act on members below your role.');
    return { actor, target };
  }

  async update(me: number, id: number, userId: number, body: { role: Exclude<CommunityRole, 'owner'> } | { timeout_until: string | null }) {
    if ('role' in body) {
      const actor = await this.access.withRight(me, id, 'manage_roles');
      const target = await this.members.findMembership(id, userId);
      if (!isMember(target)) throw notFound('This member is not in the community.');
      if (userId === me || !mayGrantRole(actor.membership, target, body.role)) throw roleNotAllowed();
      const row = (await this.members.updateMember(id, userId, { role: body.role }))!;
      await this.access.audit(id, me, 'member.role', userId, { from: target.role, role: body.role });
      return this.changed(me, id, row);
    }
    await this.target(me, id, userId, 'timeout_member');
    const until = body.timeout_until ? new Date(body.timeout_until) : null;
    if (until && until <= new Date()) throw badRequest('Pick a time in the future.', ErrorCode.VALIDATION_FAILED, 'timeout_until');
    const row = (await this.members.updateMember(id, userId, { timeoutUntil: until }))!;
    await this.access.audit(id, me, 'member.timeout', userId, { timeout_until: until?.toISOString() ?? null });
    return this.changed(me, id, row);
  }

  private async changed(me: number, id: number, row: NonNullable<Awaited<ReturnType<CommunityMembersRepository['updateMember']>>>) {
    const timeout = row.timeoutUntil && row.timeoutUntil > new Date() ? row.timeoutUntil.toISOString() : null;
    const event = { community_id: id, user_id: row.userId, status: row.state, role: row.role, timeout_until: timeout };
    this.realtime.toRoom(id, 'community:membership:changed', event);
    const [user] = await this.members.findUsers([row.userId]);
    const online = await this.realtime.onlineAmong(me, id, [row.userId]);
    return presentMember(row, user!, online.has(row.userId));
  }

  /** Remove (may come back) or ban (may not rejoin or request). Their open sockets leave the room before this returns. */
  async remove(me: number, id: number, userId: number, ban: boolean) {
    if (ban) {
      const actor = await this.access.withRight(me, id, 'ban_member');
      const target = await this.members.findMembership(id, userId);
      if (userId === me) throw badRequest('You cannot do that to yourself.', ErrorCode.BAD_REQUEST, 'userId');
      // A ban also keeps out someone who is not (or no longer) a member, e.g. a requester.
      if (target?.state === 'member' && !outranks(actor.membership, target))
        throw forbidden('You can only act on members below your role.');
      if (!(await this.members.findUsers([userId])).length) throw notFound('This member does not exist.');
      await this.members.setState(id, userId, 'banned');
      await this.access.audit(id, me, 'member.ban', userId);
      if (target?.state === 'member') await this.cutOff(id, userId, 'banned');
      return;
    }
    await this.target(me, id, userId, 'remove_member');
    await this.members.deleteMembership(id, userId, ['member']);
    await this.access.audit(id, me, 'member.remove', userId);
    await this.cutOff(id, userId, 'removed');
  }

  private async cutOff(id: number, userId: number, reason: 'removed' | 'banned') {
    await this.realtime.move(userId, id, false);
    const event = { community_id: id, user_id: userId, reason };
    this.realtime.toRoom(id, 'community:membership:removed', event);
    this.realtime.toUser(userId, 'community:membership:removed', event);
  }

  async bans(me: number, id: number) {
    await this.access.withRight(me, id, 'ban_member');
    const rows = await this.members.listInState(id, 'banned');
    return { bans: rows.map((r) => ({ ...presentUser(r.user), banned_at: r.member.stateAt.toISOString() })) };
  }

  async unban(me: number, id: number, userId: number) {
    const { membership } = await this.access.withRight(me, id, 'ban_member');
    if (!hasRight(membership, 'ban_member') || !(await this.members.deleteMembership(id, userId, ['banned'])))
      throw notFound('This member is not banned.');
    await this.access.audit(id, me, 'member.unban', userId);
  }

  /**
   * Sensitive: asks the owner's password; the new owner must be a member, the old one becomes an admin. The new
   * owner is told, naming the old one as they are called now. Everything else is checked before the password, so
   * what else is wrong is answered alike with a wrong or the right password, and costs no guess.
   */
  async transfer(me: number, id: number, to: number, password: string) {
    const { community } = await this.access.withRight(me, id, 'transfer_ownership');
    if (to === me) throw badRequest('You already own this community.', ErrorCode.BAD_REQUEST, 'user_id');
    const target = await this.members.findMembership(id, to);
    if (target?.state !== 'member') throw notFound('This member is not in the community.');
    await this.checkPassword(me, password);
    await this.members.transferOwnership(id, me, to);
    await this.access.audit(id, me, 'community.transfer', to);
    for (const [user_id, role] of [
      [to, 'owner'],
      [me, 'admin'],
    ] as const)
      this.realtime.toRoom(id, 'community:membership:changed', { community_id: id, user_id, status: 'member', role, timeout_until: null });
    await this.notify(to, {
      kind: 'community_owner',
      payload: {
        ...(await this.access.actor(me)),
        community_id: id,
        community_name: community.name,
        via: 'transfer',
      },
    });
    return this.access.community(id);
  }
}
