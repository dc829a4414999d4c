import { and, asc, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { messageReactions, messages } from '../schema/index.ts';
import type { AutoDeletePeriod } from '@tribeverse/shared';

/** Postgres intervals of the timer; 1 month is a calendar month, as the member chose it. */
const TIMER_INTERVAL: Record<Exclude<AutoDeletePeriod, 'off'>, string> = { '1d': '1 day', '1w': '7 days', '1m': '1 month' };

/**
 * The interval of an auto-delete setting (null when off): `now() + timerInterval(setting)` is the expiry of a message
 * sent now. The sender's timer, in every kind of conversation.
 */
export const timerInterval = (setting: SQL) =>
  sql`(case ${setting} ${sql.join(
    Object.entries(TIMER_INTERVAL).map(([period, interval]) => sql`when ${period} then ${interval}::interval`),
    sql` `,
  )} end)`;

/**
 * Clears up to `limit` messages past their auto-delete time the way 'delete for everyone' does, in one transaction:
 * content, file and reactions go, the row stays. `which` picks the kind (direct rows, or a conversation's). Rows
 * another process is clearing are skipped (SKIP LOCKED) and cleared rows no longer match: each message is cleared, and
 * announced, once. Returns the cleared rows with the media each one held.
 */
export async function clearExpiredMessages(db: Db, which: SQL, limit: number) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: messages.id, mediaUrl: messages.mediaUrl })
      .from(messages)
      .where(and(which, isNotNull(messages.expiresAt), lte(messages.expiresAt, sql`now()`), isNull(messages.deletedAt)))
      .orderBy(asc(messages.expiresAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (!due.length) return [];
    const ids = due.map((d) => d.id);
    await tx.delete(messageReactions).where(inArray(messageReactions.messageId, ids));
    const rows = await tx
      .update(messages)
      .set({ text: '', mediaUrl: null, mediaType: null, fileName: null, deletedAt: new Date() })
      .where(inArray(messages.id, ids))
      .returning();
    const media = new Map(due.map((d) => [d.id, d.mediaUrl]));
    return rows.map((row) => ({ row, mediaUrl: media.get(row.id) ?? null }));
  });
}
