import type { ListCursor } from '@tribeverse/shared';
import { and, asc, desc, eq, inArray, notExists, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { addRow, anyRow, removeRows } from '../../db/persistence/any-row.ts';
import { accountSuspensions, follows, postLikes, posts, userBlocks, users } from '../../db/schema/index.ts';
import { publicMemberColumns } from '../../db/persistence/members.ts';

export type ProfileRow = Pick<
  typeof users.$inferSelect,
  | 'id'
  | 'username'
  | 'fullName'
  | 'profilePicture'
  | 'bio'
  | 'education'
  | 'workspace'
  | 'relationship'
  | 'portfolio'
  | 'phoneNumber'
  | 'dob'
  | 'country'
  | 'createdAt'
>;
export interface PersonRow {
  id: number;
  username: string | null;
  fullName: string | null;
  profilePicture: string | null;
  cursor: string;
}
export interface FollowCounts {
  followers: number;
  following: number;
}

const profileColumns = {
  ...publicMemberColumns,
  bio: users.bio,
  education: users.education,
  workspace: users.workspace,
  relationship: users.relationship,
  portfolio: users.portfolio,
  phoneNumber: users.phoneNumber,
  dob: users.dob,
  country: users.country,
  createdAt: users.createdAt,
};

/** A row's place in a list to the microsecond (a JavaScript Date would round to the millisecond), and its id. */
const cursorOf = (createdAt: AnyColumn, id: AnyColumn) =>
  sql<string>`floor(extract(epoch from ${createdAt}) * 1000000)::bigint || '_' || ${id}`;
const instantOf = (cursor: ListCursor) => sql`(timestamptz 'epoch' + ${cursor.micros}::bigint * interval '1 microsecond')`;

/** The follow graph and what a profile page shows of a member. */
export class PeopleRepository {
  constructor(private readonly db: Db) {}

  /** Only members who finished set-up have a public page (a user name); a suspended member's is hidden meanwhile. */
  async findProfileByUsername(username: string): Promise<ProfileRow | null> {
    const [row] = await this.db
      .select(profileColumns)
      .from(users)
      .where(
        and(
          sql`lower(${users.username}) = lower(${username}) and ${users.profileCompletedAt} is not null`,
          notExists(
            this.db
              .select({ id: accountSuspensions.userId })
              .from(accountSuspensions)
              .where(
                and(
                  eq(accountSuspensions.userId, users.id),
                  or(sql`${accountSuspensions.until} is null`, sql`${accountSuspensions.until} > now()`),
                ),
              ),
          ),
        ),
      )
      .limit(1);
    return row ?? null;
  }

  async exists(userId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.id} = ${userId} and ${users.profileCompletedAt} is not null`)
      .limit(1);
    return !!row;
  }

  async postStats(userId: number) {
    const [row] = await this.db
      .select({
        posts: sql<number>`count(*)::int`,
        likes: sql<number>`coalesce(sum((select count(*) from ${postLikes} where ${postLikes.postId} = ${posts.id})), 0)::int`,
      })
      .from(posts)
      .where(eq(posts.authorId, userId));
    return { posts: row?.posts ?? 0, likes: row?.likes ?? 0 };
  }

  async counts(userId: number): Promise<FollowCounts> {
    const [row] = await this.db
      .select({
        followers: sql<number>`(select count(*) from ${follows} where ${follows.followeeId} = ${userId})::int`,
        following: sql<number>`(select count(*) from ${follows} where ${follows.followerId} = ${userId})::int`,
      })
      .from(sql`(select 1) as one`);
    return { followers: row?.followers ?? 0, following: row?.following ?? 0 };
  }

  isFollowing(followerId: number, followeeId: number): Promise<boolean> {
    return anyRow(this.db, follows, and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));
  }

  /** Which of `candidateIds` follow `userId`. */
  findFollowersAmong(userId: number, candidateIds: number[]): Promise<Set<number>> {
    return this.followsAmong(follows.followeeId, userId, follows.followerId, candidateIds);
  }

  /** Whom of `candidateIds` `userId` follows. */
  findFollowedAmong(userId: number, candidateIds: number[]): Promise<Set<number>> {
    return this.followsAmong(follows.followerId, userId, follows.followeeId, candidateIds);
  }

  /** The candidates on the `other` side of a follow whose `mine` side is `userId`. */
  private async followsAmong(mine: AnyColumn, userId: number, other: AnyColumn, candidateIds: number[]): Promise<Set<number>> {
    if (!candidateIds.length) return new Set();
    const rows = await this.db
      .select({ id: sql<number>`${other}` })
      .from(follows)
      .where(and(eq(mine, userId), inArray(other, candidateIds)));
    return new Set(rows.map((r) => r.id));
  }

  /** True when a row was added (not already following). */
  follow(followerId: number, followeeId: number): Promise<boolean> {
    return addRow(this.db, follows, { followerId, followeeId });
  }

  /** True when a row was removed. */
  unfollow(followerId: number, followeeId: number): Promise<boolean> {
    return removeRows(this.db, follows, and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));
  }

  isBlockedEitherWay(a: number, b: number): Promise<boolean> {
    return anyRow(
      this.db,
      userBlocks,
      or(and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)), and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a))),
    );
  }

  /** Whether `blockerId` blocked `blockedId` (one way). */
  hasBlocked(blockerId: number, blockedId: number): Promise<boolean> {
    return anyRow(this.db, userBlocks, and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
  }

  /** Nobody in a list who stands on either side of a block with the viewer. */
  private notBlockedWith(viewerId: number | null, other: AnyColumn): SQL {
    if (viewerId === null) return sql`true`;
    return sql`not exists (select 1 from ${userBlocks} where (${userBlocks.blockerId} = ${viewerId} and ${userBlocks.blockedId} = ${other}) or (${userBlocks.blockedId} = ${viewerId} and ${userBlocks.blockerId} = ${other}))`;
  }

  /** The followers (side 'followers') or the followed (side 'following') of a member, newest follow first. */
  async findPeople(
    side: 'followers' | 'following',
    userId: number,
    viewerId: number | null,
    before: ListCursor | undefined,
    limit: number,
  ) {
    const own = side === 'followers' ? follows.followeeId : follows.followerId;
    const other = side === 'followers' ? follows.followerId : follows.followeeId;
    const filters: SQL[] = [eq(own, userId), this.notBlockedWith(viewerId, other)];
    if (before) filters.push(sql`(${follows.createdAt}, ${other}) < (${instantOf(before)}, ${before.id})`);
    const rows: PersonRow[] = await this.db
      .select({
        ...publicMemberColumns,
        cursor: cursorOf(follows.createdAt, other),
      })
      .from(follows)
      .innerJoin(users, eq(users.id, other))
      .where(and(...filters))
      .orderBy(desc(follows.createdAt), desc(other))
      .limit(limit + 1);
    const kept = rows.slice(0, limit);
    return { rows: kept, nextCursor: rows.length > limit ? kept[kept.length - 1]!.cursor : null };
  }

  /** After a block: neither follows the other any more. The pairs that were removed. */
  async removeFollowsBetween(a: number, b: number): Promise<Array<{ followerId: number; followeeId: number }>> {
    return this.db
      .delete(follows)
      .where(or(and(eq(follows.followerId, a), eq(follows.followeeId, b)), and(eq(follows.followerId, b), eq(follows.followeeId, a))))
      .returning({ followerId: follows.followerId, followeeId: follows.followeeId });
  }

  async findActor(userId: number) {
    const [row] = await this.db.select({ username: users.username, name: users.fullName }).from(users).where(eq(users.id, userId)).limit(1);
    return row ?? null;
  }

  /** Your data: whom the member follows and who follows them, with when. */
  async followsOf(userId: number) {
    const other = (id: typeof follows.followerId | typeof follows.followeeId) => ({
      userId: id,
      username: users.username,
      since: follows.createdAt,
    });
    const following = await this.db
      .select(other(follows.followeeId))
      .from(follows)
      .innerJoin(users, eq(users.id, follows.followeeId))
      .where(eq(follows.followerId, userId))
      .orderBy(asc(follows.createdAt));
    const followers = await this.db
      .select(other(follows.followerId))
      .from(follows)
      .innerJoin(users, eq(users.id, follows.followerId))
      .where(eq(follows.followeeId, userId))
      .orderBy(asc(follows.createdAt));
    return { following, followers };
  }

  /** A deleted account follows no one and is followed by no one: the counts of the others drop at once. */
  async removeAllFollowsOf(userId: number): Promise<void> {
    await this.db.delete(follows).where(or(eq(follows.followerId, userId), eq(follows.followeeId, userId)));
  }
}
