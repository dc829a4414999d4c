import { and, eq, gt, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  follows,
  interestCategories,
  interestTags,
  memberLocations,
  userBlocks,
  userInterests,
  userSettings,
  users,
} from '../../db/schema/index.ts';

export type LocationRow = Pick<typeof memberLocations.$inferSelect, 'cell' | 'visibleUntil'>;

/** A visible member in range, before ranking: who, which cell, how many of the scan's interests they share. */
export interface PersonCandidate {
  userId: number;
  cell: string;
  shared: number;
}

export interface PersonCardRow {
  id: number;
  username: string | null;
  fullName: string | null;
  profilePicture: string | null;
}

/** One list parameter, `= ANY($n)`: the same plan for 30 cells or 900, and one B-tree probe per cell. */
const textList = (values: string[]) => sql`${sql.param(values)}::text[]`;
const intList = (values: number[]) => sql`${sql.param(values)}::int[]`;

/** Member locations (cells only) and the people side of a scan. */
export class ScanRepository {
  constructor(private readonly db: Db) {}

  async findLocation(userId: number): Promise<LocationRow | null> {
    const [row] = await this.db
      .select({ cell: memberLocations.cell, visibleUntil: memberLocations.visibleUntil })
      .from(memberLocations)
      .where(eq(memberLocations.userId, userId));
    return row ?? null;
  }

  async saveLocation(userId: number, cell: string, visibleUntil: Date): Promise<void> {
    const now = new Date();
    await this.db
      .insert(memberLocations)
      .values({ userId, cell, visibleUntil, updatedAt: now })
      .onConflictDoUpdate({ target: memberLocations.userId, set: { cell, visibleUntil, updatedAt: now } });
  }

  async deleteLocation(userId: number): Promise<void> {
    await this.db.delete(memberLocations).where(eq(memberLocations.userId, userId));
  }

  /** Expired cells are never read; this removes them so nothing is kept past the promised time. */
  async deleteExpired(now: Date): Promise<number> {
    const rows = await this.db
      .delete(memberLocations)
      .where(lte(memberLocations.visibleUntil, now))
      .returning({ userId: memberLocations.userId });
    return rows.length;
  }

  /** Sub-interests by name, or those a member picked, with their category's name. */
  async findInterests(by: { names: string[] } | { ownerId: number }): Promise<Array<{ id: number; name: string; category: string }>> {
    if ('names' in by && !by.names.length) return [];
    return this.db
      .select({ id: interestTags.id, name: interestTags.name, category: interestCategories.name })
      .from(interestTags)
      .innerJoin(interestCategories, eq(interestCategories.id, interestTags.categoryId))
      .where(
        'names' in by
          ? inArray(interestTags.name, by.names)
          : inArray(
              interestTags.id,
              this.db.select({ id: userInterests.tagId }).from(userInterests).where(eq(userInterests.userId, by.ownerId)),
            ),
      );
  }

  /**
   * Members visible in these cells who may appear to the viewer: not expired, set up, not hiding their location,
   * no block either way. With `onlySharing`, only those holding one of `tagIds`.
   */
  async findPeopleInCells(input: {
    viewerId: number;
    cells: string[];
    tagIds: number[];
    onlySharing: boolean;
    now: Date;
  }): Promise<PersonCandidate[]> {
    const { viewerId, cells, tagIds, onlySharing, now } = input;
    if (!cells.length) return [];
    const tags = intList(tagIds);
    const shared = sql<number>`(select count(*)::int from ${userInterests} where ${userInterests.userId} = ${memberLocations.userId} and ${userInterests.tagId} = any(${tags}))`;
    const blocked = sql`exists (select 1 from ${userBlocks} where (${userBlocks.blockerId} = ${viewerId} and ${userBlocks.blockedId} = ${memberLocations.userId}) or (${userBlocks.blockerId} = ${memberLocations.userId} and ${userBlocks.blockedId} = ${viewerId}))`;
    const followedByViewer = sql`exists (select 1 from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.followeeId} = ${memberLocations.userId})`;
    const sharing = sql`exists (select 1 from ${userInterests} where ${userInterests.userId} = ${memberLocations.userId} and ${userInterests.tagId} = any(${tags}))`;
    return this.db
      .select({ userId: memberLocations.userId, cell: memberLocations.cell, shared })
      .from(memberLocations)
      .innerJoin(users, eq(users.id, memberLocations.userId))
      .leftJoin(userSettings, eq(userSettings.userId, memberLocations.userId))
      .where(
        and(
          sql`${memberLocations.cell} = any(${textList(cells)})`,
          gt(memberLocations.visibleUntil, now),
          ne(memberLocations.userId, viewerId),
          isNotNull(users.profileCompletedAt),
          // 'followers': only their followers find them nearby, as for their other 'followers' details.
          sql`(coalesce(${userSettings.locationVisibility}, 'everyone') = 'everyone' or (${userSettings.locationVisibility} = 'followers' and ${followedByViewer}))`,
          sql`not ${blocked}`,
          ...(onlySharing ? [sharing] : []),
        ),
      );
  }

  async findPersonCards(userIds: number[]): Promise<PersonCardRow[]> {
    if (!userIds.length) return [];
    return this.db
      .select({ id: users.id, username: users.username, fullName: users.fullName, profilePicture: users.profilePicture })
      .from(users)
      .where(inArray(users.id, userIds));
  }

  /** The names of `tagIds` each of these members holds, in the catalogue's order. */
  async findSharedInterestNames(userIds: number[], tagIds: number[]): Promise<Map<number, string[]>> {
    const result = new Map<number, string[]>(userIds.map((id) => [id, []]));
    if (!userIds.length || !tagIds.length) return result;
    const rows = await this.db
      .select({ userId: userInterests.userId, name: interestTags.name })
      .from(userInterests)
      .innerJoin(interestTags, eq(interestTags.id, userInterests.tagId))
      .where(and(inArray(userInterests.userId, userIds), inArray(userInterests.tagId, tagIds)))
      .orderBy(interestTags.categoryId, interestTags.position);
    for (const row of rows) result.get(row.userId)?.push(row.name);
    return result;
  }
}
