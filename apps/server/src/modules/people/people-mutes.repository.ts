import type { ListCursor } from '@tribeverse/shared';
import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { addRow, anyRow, removeRows } from '../../db/persistence/any-row.ts';
import { cursorOf, instantOf, toPage, type Page } from '../../db/persistence/paging.ts';
import { userBlocks, userMutes, users } from '../../db/schema/index.ts';
import { publicMemberColumns } from '../../db/persistence/members.ts';

export interface MutedRow {
  id: number;
  username: string | null;
  fullName: string | null;
  profilePicture: string | null;
  mutedAt: Date;
  cursor: string;
}

/** Who muted whom. The feed reads the same table for its lists and live events. */
export class PeopleMutesRepository {
  constructor(private readonly db: Db) {}

  /** True when a row was added (not muted already). */
  mute(muterId: number, mutedId: number): Promise<boolean> {
    return addRow(this.db, userMutes, { muterId, mutedId });
  }

  /** True when a row was removed. */
  unmute(muterId: number, mutedId: number): Promise<boolean> {
    return removeRows(this.db, userMutes, and(eq(userMutes.muterId, muterId), eq(userMutes.mutedId, mutedId)));
  }

  isMuted(muterId: number, mutedId: number): Promise<boolean> {
    return anyRow(this.db, userMutes, and(eq(userMutes.muterId, muterId), eq(userMutes.mutedId, mutedId)));
  }

  /**
   * The members `muterId` muted, newest mute first. Members who blocked the muter since are left out: they are
   * hidden from the muter everywhere (and their posts with them, mute or not).
   */
  async findMuted(muterId: number, before: ListCursor | undefined, limit: number): Promise<Page<MutedRow>> {
    const filters = [
      eq(userMutes.muterId, muterId),
      sql`${users.profileCompletedAt} is not null`,
      sql`not exists (select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${userMutes.mutedId} and ${userBlocks.blockedId} = ${muterId})`,
    ];
    if (before) filters.push(sql`(${userMutes.createdAt}, ${userMutes.mutedId}) < (${instantOf(before)}, ${before.id})`);
    const rows = await this.db
      .select({
        ...publicMemberColumns,
        mutedAt: userMutes.createdAt,
        cursor: cursorOf(userMutes.createdAt, userMutes.mutedId),
      })
      .from(userMutes)
      .innerJoin(users, eq(users.id, userMutes.mutedId))
      .where(and(...filters))
      .orderBy(desc(userMutes.createdAt), desc(userMutes.mutedId))
      .limit(limit + 1);
    return toPage(rows, limit);
  }

  /** Your data: whom the member muted, and since when. */
  async mutesOf(muterId: number) {
    return this.db
      .select({ userId: userMutes.mutedId, username: users.username, since: userMutes.createdAt })
      .from(userMutes)
      .innerJoin(users, eq(users.id, userMutes.mutedId))
      .where(eq(userMutes.muterId, muterId))
      .orderBy(asc(userMutes.createdAt));
  }

  /** A deleted account mutes no one and is muted by no one (its row stays, so the foreign keys do not do it). */
  async removeAllMutesOf(userId: number): Promise<void> {
    await this.db.delete(userMutes).where(or(eq(userMutes.muterId, userId), eq(userMutes.mutedId, userId)));
  }
}
