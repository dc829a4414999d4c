import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { presenceProcesses } from '../../db/schema/index.ts';

/** Each process's beat: who is connected to it, and when it last said so (the database's clock, shared by all). */
export class PresenceProcessesRepository {
  constructor(private readonly db: Db) {}

  async beat(processId: string, memberIds: number[]) {
    await this.db
      .insert(presenceProcesses)
      .values({ processId, beatAt: sql`now()`, memberIds })
      .onConflictDoUpdate({ target: presenceProcesses.processId, set: { beatAt: sql`now()`, memberIds } });
  }

  async forget(processId: string) {
    await this.db.delete(presenceProcesses).where(sql`${presenceProcesses.processId} = ${processId}`);
  }

  /**
   * Takes away the processes that have not beaten for `seconds`: deleted and returned in one statement, so when
   * several processes look at once each silent one is handled by exactly one of them.
   */
  async claimSilent(seconds: number): Promise<Array<{ beatAt: Date; memberIds: number[] }>> {
    return this.db
      .delete(presenceProcesses)
      .where(sql`${presenceProcesses.beatAt} < now() - make_interval(secs => ${seconds})`)
      .returning({ beatAt: presenceProcesses.beatAt, memberIds: presenceProcesses.memberIds });
  }
}
