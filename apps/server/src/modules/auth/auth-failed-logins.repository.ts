import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { failedLogins } from '../../db/schema/index.ts';

/**
 * Failure counts per key (the hash of what is being guessed at: an address's password, an account's second step).
 * Each change is one statement, so parallel guesses all count.
 */
export class FailedLoginsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Counts one attempt as a failure and returns the count: a new window when there is none or the last one is
   * over. Counted before the attempt is checked, so attempts sent at once cannot all slip under the limit.
   */
  async charge(key: string, windowMs: number) {
    const now = new Date();
    const windowOver = sql`${failedLogins.windowStartedAt} <= ${new Date(now.getTime() - windowMs)}`;
    const [row] = await this.db
      .insert(failedLogins)
      .values({ emailHash: key, failures: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: failedLogins.emailHash,
        set: {
          failures: sql`case when ${windowOver} then 1 else ${failedLogins.failures} + 1 end`,
          windowStartedAt: sql`case when ${windowOver} then ${now} else ${failedLogins.windowStartedAt} end`,
        },
      })
      .returning({ failures: failedLogins.failures, windowStartedAt: failedLogins.windowStartedAt });
    return row!;
  }

  /** Takes back one charged attempt that turned out right. */
  async refund(key: string) {
    await this.db
      .update(failedLogins)
      .set({ failures: sql`greatest(${failedLogins.failures} - 1, 0)` })
      .where(eq(failedLogins.emailHash, key));
  }

  async clear(key: string) {
    await this.db.delete(failedLogins).where(eq(failedLogins.emailHash, key));
  }
}
