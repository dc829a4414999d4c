import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../../db/client.ts';
import type { PoolStats } from '../../lib/metrics.ts';

export class HealthRepository {
  constructor(private readonly db: Db) {}

  /** One round trip: the database answers. */
  async ping() {
    await this.db.execute(sql`select 1`);
  }

  /** The pool under the app's database (the embedded server's too): connections open, idle, and callers waiting. */
  poolStats(): PoolStats | undefined {
    const pool = (this.db as unknown as { $client?: pg.Pool }).$client;
    if (!pool || typeof pool.totalCount !== 'number') return undefined;
    return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
  }
}
