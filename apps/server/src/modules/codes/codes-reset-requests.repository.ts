import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resetCodeRequests } from '../../db/schema/index.ts';

export type ResetRequestRow = typeof resetCodeRequests.$inferSelect;

/** Reset codes sent per email hash; each change is one statement, so parallel requests cannot both get a code. */
export class ResetRequestsRepository {
  constructor(private readonly db: Db) {}

  async find(emailHash: string): Promise<ResetRequestRow | null> {
    const [row] = await this.db.select().from(resetCodeRequests).where(eq(resetCodeRequests.emailHash, emailHash)).limit(1);
    return row ?? null;
  }

  /**
   * Counts a code sent now, if the cooldown since the last one is over and the current window has room (a new
   * window starts when the last one is over). Null when refused: the row is then left as it was.
   */
  async claim(emailHash: string, rules: { cooldownMs: number; windowMs: number; maxPerWindow: number }): Promise<ResetRequestRow | null> {
    const now = new Date();
    const t = resetCodeRequests;
    const windowOver = sql`${t.windowStartedAt} <= ${new Date(now.getTime() - rules.windowMs)}`;
    const [row] = await this.db
      .insert(t)
      .values({ emailHash, lastSentAt: now, windowStartedAt: now, sentInWindow: 1, wrongTries: 0 })
      .onConflictDoUpdate({
        target: t.emailHash,
        set: {
          lastSentAt: now,
          windowStartedAt: sql`case when ${windowOver} then ${now} else ${t.windowStartedAt} end`,
          sentInWindow: sql`case when ${windowOver} then 1 else ${t.sentInWindow} + 1 end`,
          wrongTries: 0,
        },
        setWhere: and(
          sql`${t.lastSentAt} <= ${new Date(now.getTime() - rules.cooldownMs)}`,
          sql`(${windowOver} or ${t.sentInWindow} < ${rules.maxPerWindow})`,
        ),
      })
      .returning();
    return row ?? null;
  }

  /** Counts a wrong try unless the tries are used up already; null when they were. */
  async recordWrongTry(emailHash: string, maxTries: number): Promise<number | null> {
    const [row] = await this.db
      .update(resetCodeRequests)
      .set({ wrongTries: sql`${resetCodeRequests.wrongTries} + 1` })
      .where(and(eq(resetCodeRequests.emailHash, emailHash), lt(resetCodeRequests.wrongTries, maxTries)))
      .returning({ wrongTries: resetCodeRequests.wrongTries });
    return row?.wrongTries ?? null;
  }
}
