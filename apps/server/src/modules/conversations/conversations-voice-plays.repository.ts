import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { voicePlays } from '../../db/schema/index.ts';

/** Who played which voice note (voice_plays), for every kind of conversation. */
export class ConversationVoicePlaysRepository {
  constructor(private readonly db: Db) {}

  /**
   * Records that `userId` played the note. `fresh`: this is their first play (their other tabs learn of it);
   * `first`: nobody but the sender had played it before (the sender learns of it). One statement: the insert, and
   * what the table held before it (a statement's subqueries see the rows as they were when it began).
   */
  async markPlayed(messageId: number, userId: number): Promise<{ fresh: boolean; first: boolean }> {
    const result = await this.db.execute(sql`
      with added as (
        insert into ${voicePlays} (message_id, user_id) values (${messageId}, ${userId})
        on conflict do nothing returning 1
      )
      select exists (select 1 from added) as fresh,
        not exists (select 1 from ${voicePlays} where message_id = ${messageId} and user_id <> ${userId}) as first`);
    const [row] = (result as unknown as { rows: Array<{ fresh: boolean; first: boolean }> }).rows;
    return { fresh: row!.fresh, first: row!.fresh && row!.first };
  }

  /**
   * Which of these notes are played as `viewerId` sees them, in one query: of those they received (`received`), the
   * ones they played; of their own (`own`), the ones anyone played (only others' plays are ever written).
   */
  async playedAmong(viewerId: number, received: number[], own: number[]): Promise<Set<number>> {
    if (!received.length && !own.length) return new Set();
    const mine = received.length ? and(inArray(voicePlays.messageId, received), eq(voicePlays.userId, viewerId)) : undefined;
    const theirs = own.length ? and(inArray(voicePlays.messageId, own), ne(voicePlays.userId, viewerId)) : undefined;
    const rows = await this.db.selectDistinct({ messageId: voicePlays.messageId }).from(voicePlays).where(or(mine, theirs));
    return new Set(rows.map((r) => r.messageId));
  }
}
