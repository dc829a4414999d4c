import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { instanceReports, messages, posts, users } from '../../db/schema/index.ts';

/** A count per UTC day, for the days that have any. */
export type DailyCounts = Map<string, number>;

const day = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
const rowsOf = (result: unknown) => (result as { rows: Array<{ day: string; n: number }> }).rows;

/**
 * The dashboard's figures, one statement per series, each a range scan of an index on its table's time column
 * (posts_feed_idx, and the BRIN indexes of migration 0036) from `since` on.
 */
export class AdminStatsRepository {
  constructor(private readonly db: Db) {}

  private async counts(query: SQL): Promise<DailyCounts> {
    return new Map(rowsOf(await this.db.execute(query)).map((r) => [r.day, Number(r.n)]));
  }

  signups(since: Date) {
    return this.counts(
      sql`select ${day(sql`created_at`)} as day, count(*)::int as n from ${users} where created_at >= ${since} group by 1`,
    );
  }

  posts(since: Date) {
    return this.counts(
      sql`select ${day(sql`created_at`)} as day, count(*)::int as n from ${posts} where created_at >= ${since} group by 1`,
    );
  }

  /** Messages members wrote (not the lines a conversation writes itself), of every kind of conversation. */
  messages(since: Date) {
    return this.counts(
      sql`select ${day(sql`created_at`)} as day, count(*)::int as n from ${messages}
        where created_at >= ${since} and system is null group by 1`,
    );
  }

  /** Members who posted or wrote a message that day. */
  activeMembers(since: Date) {
    return this.counts(sql`select day, count(distinct member)::int as n from (
        select ${day(sql`created_at`)} as day, sender_id as member from ${messages} where created_at >= ${since} and system is null
        union all
        select ${day(sql`created_at`)} as day, author_id as member from ${posts} where created_at >= ${since}
      ) acted group by day`);
  }

  /** Reports open at the end of each day from `since` (at this moment, for today). */
  openReports(since: Date) {
    return this.counts(sql`select to_char(d, 'YYYY-MM-DD') as day, count(r.id)::int as n
      from generate_series(${since}::timestamptz at time zone 'UTC', now() at time zone 'UTC', interval '1 day') d
      join ${instanceReports} r on r.created_at < least((d + interval '1 day') at time zone 'UTC', now())
        and (r.resolved_at is null or r.resolved_at >= least((d + interval '1 day') at time zone 'UTC', now()))
      group by 1`);
  }
}
