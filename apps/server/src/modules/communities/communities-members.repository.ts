import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { idsByMember } from '../../lib/per-member-lookup.ts';
import { blockedEitherWay, publicMemberColumns } from '../../db/persistence/members.ts';
import { communities, communityMembers, conversationMembers, conversations, users } from '../../db/schema/index.ts';
import type { Member, MemberCard } from '../users/users.service.ts';
import { likePattern } from './communities.repository.ts';

type MembershipRow = typeof communityMembers.$inferSelect;
/** A membership as the services see it: a 'left' row (kept only to hold a time-out) is never returned as one. */
export type MemberRow = MembershipRow & { state: Exclude<MembershipRow['state'], 'left'> };
/** A member as communities show them: their card, and the line about themselves the member list shows. */
type CommunityPerson = MemberCard & Pick<Member, 'bio'>;

export const userColumns = {
  ...publicMemberColumns,
  bio: users.bio,
  deletedAt: users.deletedAt,
};
const RANK = sql<number>`case ${communityMembers.role} when 'owner' then 3 when 'admin' then 2 when 'moderator' then 1 else 0 end`;

/**
 * Every socket's connect asks which communities its member is in (their rooms): prepared once, so a crowd reconnecting
 * after a restart does not build the same statement for every batch of them.
 */
const prepareMemberCommunityIds = (db: Db) =>
  db
    .select({ userId: communityMembers.userId, id: communityMembers.communityId })
    .from(communityMembers)
    .where(and(sql`${communityMembers.userId} = any(${sql.placeholder('userIds')}::int[])`, eq(communityMembers.state, 'member')))
    .prepare('community_ids_of_members');

/** Memberships of communities (state, role, time-outs, muting) and the people lookups they need. */
export class CommunityMembersRepository {
  private readonly memberCommunityIdsStatement: ReturnType<typeof prepareMemberCommunityIds>;

  constructor(private readonly db: Db) {
    this.memberCommunityIdsStatement = prepareMemberCommunityIds(db);
  }

  async findUsers(ids: number[]): Promise<CommunityPerson[]> {
    if (!ids.length) return [];
    return this.db.select(userColumns).from(users).where(inArray(users.id, ids));
  }

  /** Either has blocked the other: neither can bring the other into a community. */
  async blockedEitherWay(a: number, b: number): Promise<boolean> {
    const [row] = await this.db.select({ blocked: blockedEitherWay(this.db, a, b) }).from(sql`(select 1) as one`);
    return Boolean(row?.blocked);
  }

  /** A member who could be invited, by id or user name (any case): set up and not deleted. */
  async findInvitable(who: { user_id: number } | { username: string }): Promise<CommunityPerson | null> {
    const match = 'user_id' in who ? eq(users.id, who.user_id) : sql`lower(${users.username}) = lower(${who.username})`;
    const [row] = await this.db
      .select(userColumns)
      .from(users)
      .where(and(match, isNull(users.deletedAt), isNotNull(users.profileCompletedAt)));
    return row ?? null;
  }

  /** The member's standing in the community; someone who left (a row kept only for a time-out) has none. */
  async findMembership(communityId: number, userId: number): Promise<MemberRow | null> {
    const [row] = await this.db
      .select()
      .from(communityMembers)
      .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId), ne(communityMembers.state, 'left')))
      .limit(1);
    return (row as MemberRow | undefined) ?? null;
  }

  async findMemberships(userId: number, communityIds: number[]): Promise<Map<number, MemberRow>> {
    if (!communityIds.length) return new Map();
    const rows = await this.db
      .select()
      .from(communityMembers)
      .where(
        and(eq(communityMembers.userId, userId), inArray(communityMembers.communityId, communityIds), ne(communityMembers.state, 'left')),
      );
    return new Map(rows.map((r) => [r.communityId, r as MemberRow]));
  }

  /** The ids of the communities the member belongs to (their sockets' rooms). */
  async memberCommunityIds(userId: number): Promise<number[]> {
    return (await this.memberCommunityIdsOf([userId])).get(userId) ?? [];
  }

  /** The same for many members in one statement (a crowd connecting at once). */
  async memberCommunityIdsOf(userIds: number[]): Promise<Map<number, number[]>> {
    return idsByMember(await this.memberCommunityIdsStatement.execute({ userIds }));
  }

  /**
   * Sets a member's state (insert or update); the role resets to member unless given. A time-out is left as it is:
   * only its end or a moderator lifts it, never a change of state (leaving and joining again, a request, an invite).
   * Any other state than member ends what the member had in the channels (read positions, Clear chat, mutes); the
   * service starts a new member with every channel read.
   */
  async setState(
    communityId: number,
    userId: number,
    state: Exclude<MemberRow['state'], 'left'>,
    role: MemberRow['role'] = 'member',
  ): Promise<MemberRow> {
    const values = { communityId, userId, state, role, stateAt: new Date() };
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(communityMembers)
        .values(values)
        .onConflictDoUpdate({ target: [communityMembers.communityId, communityMembers.userId], set: values })
        .returning();
      if (state !== 'member') await this.forgetChannels(tx, communityId, userId);
      return row as MemberRow;
    });
  }

  /**
   * The member's rows in the community's channels (conversation_members: read position, Clear chat, mute) go when
   * their membership ends, so coming back starts afresh, as a new member does.
   */
  private async forgetChannels(tx: Tx, communityId: number, userId: number) {
    await tx.delete(conversationMembers).where(
      and(
        eq(conversationMembers.userId, userId),
        inArray(
          conversationMembers.conversationId,
          tx
            .select({ id: conversations.id })
            .from(conversations)
            .where(and(eq(conversations.kind, 'channel'), eq(conversations.communityId, communityId))),
        ),
      ),
    );
  }

  async updateMember(communityId: number, userId: number, patch: Partial<Omit<MemberRow, 'state'>>): Promise<MemberRow | null> {
    const [row] = await this.db
      .update(communityMembers)
      .set(patch)
      .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId), ne(communityMembers.state, 'left')))
      .returning();
    return (row as MemberRow | undefined) ?? null;
  }

  /**
   * Ends the membership (or request, invitation, ban) only while it is in one of these states: a concurrent change is
   * not undone. A running time-out outlives it: the row stays as 'left' with the time-out alone (all else as a new
   * row would start), and setState takes it up again when they come back; otherwise the row goes. Remnants whose
   * time-out has ended go with any new one, so they do not pile up.
   */
  async deleteMembership(communityId: number, userId: number, states: Exclude<MemberRow['state'], 'left'>[]): Promise<boolean> {
    const row = and(
      eq(communityMembers.communityId, communityId),
      eq(communityMembers.userId, userId),
      inArray(communityMembers.state, states),
    );
    const running = sql`${communityMembers.timeoutUntil} > now()`;
    return this.db.transaction(async (tx) => {
      const kept = await tx
        .update(communityMembers)
        .set({ state: 'left', role: 'member', stateAt: new Date(), muted: false, mutedUntil: null })
        .where(and(row, running))
        .returning({ userId: communityMembers.userId });
      if (kept.length) {
        await tx
          .delete(communityMembers)
          .where(
            and(eq(communityMembers.communityId, communityId), eq(communityMembers.state, 'left'), sql`not coalesce(${running}, false)`),
          );
      } else {
        const gone = await tx.delete(communityMembers).where(row).returning({ userId: communityMembers.userId });
        if (!gone.length) return false;
      }
      await this.forgetChannels(tx, communityId, userId);
      return true;
    });
  }

  async transferOwnership(communityId: number, from: number, to: number) {
    await this.db.transaction(async (tx) => {
      await tx.update(communities).set({ ownerId: to }).where(eq(communities.id, communityId));
      await tx
        .update(communityMembers)
        .set({ role: 'owner' })
        .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, to)));
      await tx
        .update(communityMembers)
        .set({ role: 'admin' })
        .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, from)));
    });
  }

  /** Members by rank (owner first), then by id; cursor `<rank>:<userId>`. */
  async listMembers(communityId: number, filter: { search?: string; cursor?: { rank: number; userId: number }; limit: number }) {
    const where: SQL[] = [eq(communityMembers.communityId, communityId), eq(communityMembers.state, 'member')];
    if (filter.search)
      where.push(or(ilike(users.fullName, likePattern(filter.search)), ilike(users.username, likePattern(filter.search)))!);
    if (filter.cursor)
      where.push(
        sql`(${RANK} < ${filter.cursor.rank} or (${RANK} = ${filter.cursor.rank} and ${communityMembers.userId} > ${filter.cursor.userId}))`,
      );
    const rows = await this.db
      .select({ member: communityMembers, user: userColumns, rank: RANK })
      .from(communityMembers)
      .innerJoin(users, eq(users.id, communityMembers.userId))
      .where(and(...where))
      .orderBy(desc(RANK), asc(communityMembers.userId))
      .limit(filter.limit);
    return rows as Array<(typeof rows)[number] & { member: MemberRow }>;
  }

  /** Requests (or bans) oldest first. */
  async listInState(communityId: number, state: 'requested' | 'invited' | 'banned') {
    const rows = await this.db
      .select({ member: communityMembers, user: userColumns })
      .from(communityMembers)
      .innerJoin(users, eq(users.id, communityMembers.userId))
      .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.state, state)))
      .orderBy(asc(communityMembers.stateAt))
      .limit(500);
    return rows as Array<(typeof rows)[number] & { member: MemberRow }>;
  }

  /**
   * Of the community's members, those to tell that `actorId` mentioned or answered them: by user name (any case) or
   * by id, not muting the community, not the actor, and with no block either way.
   */
  async membersToTell(communityId: number, actorId: number, who: { usernames: string[]; ids: number[] }): Promise<number[]> {
    const names = who.usernames.map((n) => n.toLowerCase());
    if (!names.length && !who.ids.length) return [];
    const picked = or(
      names.length ? inArray(sql`lower(${users.username})`, names) : undefined,
      who.ids.length ? inArray(communityMembers.userId, who.ids) : undefined,
    );
    const rows = await this.db
      .select({ id: communityMembers.userId })
      .from(communityMembers)
      .innerJoin(users, eq(users.id, communityMembers.userId))
      .where(
        and(
          eq(communityMembers.communityId, communityId),
          eq(communityMembers.state, 'member'),
          ne(communityMembers.userId, actorId),
          picked,
          sql`not (${communityMembers.muted} and (${communityMembers.mutedUntil} is null or ${communityMembers.mutedUntil} > now()))`,
          sql`not ${blockedEitherWay(this.db, actorId, communityMembers.userId)}`,
        ),
      );
    return rows.map((r) => r.id);
  }

  /** The admins (and owner) to tell when someone leaves or asks to join; those who muted the community hear nothing. */
  adminIds(communityId: number): Promise<number[]> {
    return this.memberIdsInRoles(
      communityId,
      ['owner', 'admin'],
      sql`not (${communityMembers.muted} and (${communityMembers.mutedUntil} is null or ${communityMembers.mutedUntil} > now()))`,
    );
  }

  /** The members holding one of these roles, muted or not (a muted admin's open page still follows the community). */
  idsInRoles(communityId: number, roles: readonly MemberRow['role'][]): Promise<number[]> {
    return this.memberIdsInRoles(communityId, roles);
  }

  private async memberIdsInRoles(communityId: number, roles: readonly MemberRow['role'][], also?: SQL): Promise<number[]> {
    if (!roles.length) return [];
    const rows = await this.db
      .select({ id: communityMembers.userId })
      .from(communityMembers)
      .where(
        and(
          eq(communityMembers.communityId, communityId),
          eq(communityMembers.state, 'member'),
          inArray(communityMembers.role, [...roles]),
          also,
        ),
      );
    return rows.map((r) => r.id);
  }
}
