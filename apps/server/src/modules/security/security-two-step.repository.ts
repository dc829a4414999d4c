import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { twoStepChallenges } from '../../db/schema/index.ts';

export type ChallengeRow = typeof twoStepChallenges.$inferSelect;

/** Password sign-ins waiting for their two-step code; only token hashes are stored. */
export class TwoStepChallengesRepository {
  constructor(private readonly db: Db) {}

  async create(input: { userId: number; tokenHash: string; remember: boolean; userAgent?: string; expiresAt: Date }) {
    // Old, finished or expired challenges of anyone are of no use: drop them as new ones come.
    await this.db.delete(twoStepChallenges).where(lt(twoStepChallenges.expiresAt, new Date()));
    const [row] = await this.db.insert(twoStepChallenges).values(input).returning();
    return row!;
  }

  /** The challenge if it is still open: not used and not expired. */
  async findLive(tokenHash: string): Promise<ChallengeRow | null> {
    const [row] = await this.db
      .select()
      .from(twoStepChallenges)
      .where(and(eq(twoStepChallenges.tokenHash, tokenHash), isNull(twoStepChallenges.usedAt), gt(twoStepChallenges.expiresAt, new Date())))
      .limit(1);
    return row ?? null;
  }

  /** Uses the challenge once: false if another request used it meanwhile or it expired. */
  async consume(id: number): Promise<boolean> {
    const rows = await this.db
      .update(twoStepChallenges)
      .set({ usedAt: new Date() })
      .where(and(eq(twoStepChallenges.id, id), isNull(twoStepChallenges.usedAt), gt(twoStepChallenges.expiresAt, new Date())))
      .returning({ id: twoStepChallenges.id });
    return rows.length === 1;
  }

  /** Counts a wrong authenticator or backup code; returns the count so far. */
  async recordFailure(id: number): Promise<number> {
    const [row] = await this.db
      .update(twoStepChallenges)
      .set({ failedAttempts: sql`${twoStepChallenges.failedAttempts} + 1` })
      .where(eq(twoStepChallenges.id, id))
      .returning({ failedAttempts: twoStepChallenges.failedAttempts });
    return row?.failedAttempts ?? Number.MAX_SAFE_INTEGER;
  }

  /** Ends every open challenge of a member (two-step turned off, or on again). */
  async deleteForUser(userId: number) {
    await this.db.delete(twoStepChallenges).where(eq(twoStepChallenges.userId, userId));
  }
}
