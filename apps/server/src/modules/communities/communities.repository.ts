import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { communities, communityMembers, conversations } from '../../db/schema/index.ts';

export type CommunityRow = typeof communities.$inferSelect;
export type NewCommunity = typeof communities.$inferInsert;

/** The name of the channel every community is made with (0022 gave it to every community made before). */
export const FIRST_CHANNEL_NAME = 'general';

export const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Communities themselves; memberships are in CommunityMembersRepository, invite links in CommunityInvitesRepository. */
export class CommunitiesRepository {
  constructor(private readonly db: Db) {}

  /** The community, its owner's membership, and the channel it is made with (its chat: the first channel, 'general'). */
  async create(values: NewCommunity): Promise<CommunityRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(communities).values(values).returning();
      await tx.insert(communityMembers).values({ communityId: row!.id, userId: values.ownerId, state: 'member', role: 'owner' });
      await tx
        .insert(conversations)
        .values({ kind: 'channel', communityId: row!.id, name: FIRST_CHANNEL_NAME, position: 0, createdBy: values.ownerId });
      return row!;
    });
  }

  async findById(id: number): Promise<CommunityRow | null> {
    const [row] = await this.db.select().from(communities).where(eq(communities.id, id)).limit(1);
    return row ?? null;
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
}
