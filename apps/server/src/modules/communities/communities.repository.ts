import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { blockedEitherWay } from '../../db/persistence/members.ts';
import { communities, communityMembers, communityMessages, users } from '../../db/schema/index.ts';

export type CommunityRow = typeof communities.$inferSelect;
export type NewCommunity = typeof communities.$inferInsert;
export type MemberRow = typeof communityMembers.$inferSelect;
export type UserRow = {
  id: number;
  fullName: string | null;
  username: string | null;
  profilePicture: string | null;
  bio: string | null;
  deletedAt: Date | null;
};

export const userColumns = {
  id: users.id,
  fullName: users.fullName,
  username: users.username,
  profilePicture: users.profilePicture,
  bio: users.bio,
  deletedAt: users.deletedAt,
};
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const RANK = sql<number>`case ${communityMembers.role} when 'owner' then 3 when 'admin' then 2 when 'moderator' then 1 else 0 end`;

/** Communities, their memberships and invites. */
export class CommunitiesRepository {
  constructor(private readonly db: Db) {}

  async create(values: NewCommunity): Promise<CommunityRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(communities).values(values).returning();
      await tx.insert(communityMembers).values({ communityId: row!.id, userId: values.ownerId, state: 'member', role: 'owner' });
      return row!;
    });
  }

  async findById(id: number): Promise<CommunityRow | null> {
    const [row] = await this.db.select().from(communities).where(eq(communities.id, id)).limit(1);
    return row ?? null;
  }

  async findByIds(ids: number[]): Promise<CommunityRow[]> {
    if (!ids.length) return [];
    return this.db.select().from(communities).where(inArray(communities.id, ids));
  }

  async update(id: number, patch: Partial<NewCommunity>): Promise<CommunityRow> {
    const [row] = await this.db.update(communities).set(patch).where(eq(communities.id, id)).returning();
    return row!;
  }

  async delete(id: number) {
    await this.db.delete(communities).where(eq(communities.id, id));
  }

  /**
   * A page of communities, the caller's own first, then newest first. The cursor is `<mine 0|1>:<id>` of the last
   * row of the previous page.
   */
  async list(
    me: number,
    filter: { search?: string; interest?: string; mine?: boolean; cursor?: { mine: number; id: number }; limit: number },
  ) {
    const mine = sql<number>`(case when exists(select 1 from ${communityMembers} where ${communityMembers.communityId} = ${communities.id} and ${communityMembers.userId} = ${me} and ${communityMembers.state} = 'member') then 1 else 0 end)`;
    const where: SQL[] = [];
    if (filter.search)
      where.push(or(ilike(communities.name, likePattern(filter.search)), ilike(communities.description, likePattern(filter.search)))!);
    if (filter.interest)
      where.push(sql`exists (select 1 from unnest(${communities.interests}) i where lower(i) = lower(${filter.interest}))`);
    if (filter.mine) where.push(sql`${mine} = 1`);
    if (filter.cursor)
      where.push(sql`(${mine} < ${filter.cursor.mine} or (${mine} = ${filter.cursor.mine} and ${communities.id} < ${filter.cursor.id}))`);
    return this.db
      .select({ row: communities, mine })
      .from(communities)
      .where(where.length ? and(...where) : undefined)
      .orderBy(desc(mine), desc(communities.id))
      .limit(filter.limit);
  }

  /** Communities whose place lies in one of these H3 cells (resolution 5), optionally sharing an interest. Scan's lookup. */
  async findInCells(cells: string[], interests: string[], limit: number): Promise<CommunityRow[]> {
    if (!cells.length) return [];
    const lowered = interests.map((i) => i.toLowerCase());
    return this.db
      .select()
      .from(communities)
      .where(
        and(
          inArray(communities.placeCell, cells),
          lowered.length
            ? sql`exists (select 1 from unnest(${communities.interests}) i where lower(i) in (${sql.join(
                lowered.map((i) => sql`${i}`),
                sql`, `,
              )}))`
            : undefined,
        ),
      )
      .orderBy(desc(communities.id))
      .limit(limit);
  }

  async memberCounts(ids: number[]): Promise<Map<number, number>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .select({ id: communityMembers.communityId, n: count() })
      .from(communityMembers)
      .where(and(inArray(communityMembers.communityId, ids), eq(communityMembers.state, 'member')))
      .groupBy(communityMembers.communityId);
    return new Map(rows.map((r) => [r.id, Number(r.n)]));
  }

  async findUsers(ids: number[]): Promise<UserRow[]> {
    if (!ids.length) return [];
    return this.db.select(userColumns).from(users).where(inArray(users.id, ids));
  }

  /** Either has blocked the other: neither can bring the other into a community. */
  async blockedEitherWay(a: number, b: number): Promise<boolean> {
    const [row] = await this.db.select({ blocked: blockedEitherWay(this.db, a, b) }).from(sql`(select 1) as one`);
    return Boolean(row?.blocked);
  }

  /** A member who could be invited, by id or user name (any case): set up and not deleted. */
  async findInvitable(who: { user_id: number } | { username: string }): Promise<UserRow | null> {
    const match = 'user_id' in who ? eq(users.id, who.user_id) : sql`lower(${users.username}) = lower(${who.username})`;
    const [row] = await this.db
      .select(userColumns)
      .from(users)
      .where(and(match, isNull(users.deletedAt), isNotNull(users.profileCompletedAt)));
    return row ?? null;
  }

  async findMembership(communityId: number, userId: number): Promise<MemberRow | null> {
    const [row] = await this.db
      .select()
      .from(communityMembers)
      .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId)))
      .limit(1);
    return row ?? null;
  }

  async findMemberships(userId: number, communityIds: number[]): Promise<Map<number, MemberRow>> {
    if (!communityIds.length) return new Map();
    const rows = await this.db
      .select()
      .from(communityMembers)
      .where(and(eq(communityMembers.userId, userId), inArray(communityMembers.communityId, communityIds)));
    return new Map(rows.map((r) => [r.communityId, r]));
  }

  /** The ids of the communities the member belongs to (their sockets' rooms). */
  async memberCommunityIds(userId: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: communityMembers.communityId })
      .from(communityMembers)
      .where(and(eq(communityMembers.userId, userId), eq(communityMembers.state, 'member')));
    return rows.map((r) => r.id);
  }

  /**
   * Sets a member's state (insert or update). Becoming a member starts reading at the newest message, so joining
   * never shows the whole history as unread; the role resets to member unless given.
   */
  async setState(communityId: number, userId: number, state: MemberRow['state'], role: MemberRow['role'] = 'member'): Promise<MemberRow> {
    const newest = sql`coalesce((select max(${communityMessages.id}) from ${communityMessages} where ${communityMessages.communityId} = ${communityId}), 0)`;
    const values = {
      communityId,
      userId,
      state,
      role,
      stateAt: new Date(),
      timeoutUntil: null,
      lastReadId: state === 'member' ? newest : 0,
    };
    const [row] = await this.db
      .insert(communityMembers)
      .values(values as typeof communityMembers.$inferInsert)
      .onConflictDoUpdate({ target: [communityMembers.communityId, communityMembers.userId], set: values as Partial<MemberRow> })
      .returning();
    return row!;
  }

  async updateMember(communityId: number, userId: number, patch: Partial<MemberRow>): Promise<MemberRow | null> {
    const [row] = await this.db
      .update(communityMembers)
      .set(patch)
      .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId)))
      .returning();
    return row ?? null;
  }

  /** Deletes the row only while it is in one of these states: a concurrent change is not undone. */
  async deleteMembership(communityId: number, userId: number, states: MemberRow['state'][]): Promise<boolean> {
    const rows = await this.db
      .delete(communityMembers)
      .where(
        and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId), inArray(communityMembers.state, states)),
      )
      .returning({ userId: communityMembers.userId });
    return rows.length > 0;
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
    return this.db
      .select({ member: communityMembers, user: userColumns, rank: RANK })
      .from(communityMembers)
      .innerJoin(users, eq(users.id, communityMembers.userId))
      .where(and(...where))
      .orderBy(desc(RANK), asc(communityMembers.userId))
      .limit(filter.limit);
  }

  /** Requests (or bans) oldest first. */
  async listInState(communityId: number, state: 'requested' | 'invited' | 'banned') {
    return this.db
      .select({ member: communityMembers, user: userColumns })
      .from(communityMembers)
      .innerJoin(users, eq(users.id, communityMembers.userId))
      .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.state, state)))
      .orderBy(asc(communityMembers.stateAt))
      .limit(500);
  }

  /** The admins (and owner) to tell when someone leaves or asks to join; those who muted the community hear nothing. */
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

  async adminIds(communityId: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: communityMembers.userId })
      .from(communityMembers)
      .where(
        and(
          eq(communityMembers.communityId, communityId),
          eq(communityMembers.state, 'member'),
          inArray(communityMembers.role, ['owner', 'admin']),
          sql`not (${communityMembers.muted} and (${communityMembers.mutedUntil} is null or ${communityMembers.mutedUntil} > now()))`,
        ),
      );
    return rows.map((r) => r.id);
  }

  /** The profile's tabs: communities the member owns, and those they belong to without owning them. */
  async profileCommunities(userId: number) {
    return this.db
      .select({ row: communities, role: communityMembers.role })
      .from(communityMembers)
      .innerJoin(communities, eq(communities.id, communityMembers.communityId))
      .where(and(eq(communityMembers.userId, userId), eq(communityMembers.state, 'member')))
      .orderBy(desc(communities.id))
      .limit(200);
  }

  /** Used by the owner check in tests and by transfer: someone other than `userId` holding this community. */
  async otherMembersCount(communityId: number, userId: number) {
    const [row] = await this.db
      .select({ n: count() })
      .from(communityMembers)
      .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.state, 'member'), ne(communityMembers.userId, userId)));
    return Number(row?.n ?? 0);
  }
}
