import { sql, type SQL } from 'drizzle-orm';
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
