import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export class HealthRepository {
  constructor(private readonly db: Db) {}

  /** One round trip: the database answers. */
  async ping() {
    await this.db.execute(sql`select 1`);
  }
}
