import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { failedLogins } from '../../db/schema/index.ts';

/** Failed sign-in counts per email hash; each change is one statement, so parallel guesses all count. */
export class FailedLoginsRepository {
  constructor(private readonly db: Db) {}

  async find(emailHash: string) {
    const [row] = await this.db.select().from(failedLogins).where(eq(failedLogins.emailHash, emailHash)).limit(1);
    return row ?? null;
  }

  /** Counts one failure: a new window when there is none or the last one is over. */
  async record(emailHash: string, windowMs: number) {
    const now = new Date();
    const windowOver = sql`${failedLogins.windowStartedAt} <= ${new Date(now.getTime() - windowMs)}`;
    await this.db
      .insert(failedLogins)
      .values({ emailHash, failures: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: failedLogins.emailHash,
        set: {
          failures: sql`case when ${windowOver} then 1 else ${failedLogins.failures} + 1 end`,
          windowStartedAt: sql`case when ${windowOver} then ${now} else ${failedLogins.windowStartedAt} end`,
        },
      });
  }

  async clear(emailHash: string) {
    await this.db.delete(failedLogins).where(eq(failedLogins.emailHash, emailHash));
  }
}
