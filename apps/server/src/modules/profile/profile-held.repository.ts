import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { heldProfiles, users } from '../../db/schema/index.ts';

/** A name and bio waiting for review ('held') or turned down and kept for an appeal ('removed'). */
export interface HeldProfileRow {
  userId: number;
  fullName: string | null;
  bio: string | null;
  state: 'held' | 'removed';
  createdAt: Date;
}

/** The held_profiles table: at most one row per member, the newest edit a 'hold' filter kept back. */
export class HeldProfilesRepository {
  constructor(private readonly db: Db) {}

  async find(userId: number): Promise<HeldProfileRow | null> {
    const [row] = await this.db.select().from(heldProfiles).where(eq(heldProfiles.userId, userId)).limit(1);
    return row ?? null;
  }

  /** Oldest first, with the member's handle for the queue's context line. */
  listHeld(): Promise<Array<HeldProfileRow & { username: string | null }>> {
    return this.db
      .select({
        userId: heldProfiles.userId,
        fullName: heldProfiles.fullName,
        bio: heldProfiles.bio,
        state: heldProfiles.state,
        createdAt: heldProfiles.createdAt,
        username: users.username,
      })
      .from(heldProfiles)
      .innerJoin(users, eq(users.id, heldProfiles.userId))
      .where(eq(heldProfiles.state, 'held'))
      .orderBy(asc(heldProfiles.createdAt), asc(heldProfiles.userId));
  }

  /** A new edit to review replaces whatever the member had waiting or turned down; it joins the queue at its end. */
  async hold(userId: number, values: { fullName: string | null; bio: string | null }) {
    const row = { ...values, state: 'held' as const, createdAt: new Date() };
    await this.db
      .insert(heldProfiles)
      .values({ userId, ...row })
      .onConflictDoUpdate({ target: heldProfiles.userId, set: row });
  }

  /** Gone in any state; false when there was none. */
  async discard(userId: number): Promise<boolean> {
    const rows = await this.db.delete(heldProfiles).where(eq(heldProfiles.userId, userId)).returning({ userId: heldProfiles.userId });
    return rows.length > 0;
  }

  /** Takes the row out if it is in that state, and says what it held: the one step release and restore build on. */
  async take(userId: number, state: HeldProfileRow['state']): Promise<HeldProfileRow | null> {
    const [row] = await this.db
      .delete(heldProfiles)
      .where(and(eq(heldProfiles.userId, userId), eq(heldProfiles.state, state)))
      .returning();
    return row ?? null;
  }

  /** A moderator turned it down: kept for an appeal. False when nothing was held. */
  async markRemoved(userId: number): Promise<boolean> {
    const rows = await this.db
      .update(heldProfiles)
      .set({ state: 'removed' })
      .where(and(eq(heldProfiles.userId, userId), eq(heldProfiles.state, 'held')))
      .returning({ userId: heldProfiles.userId });
    return rows.length > 0;
  }
}
