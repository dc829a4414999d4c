import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client.ts';

/** Whether any row of `table` matches `where` (a follow, a mute, a block…): reads one row at most. */
export async function anyRow(db: Db, table: PgTable, where: SQL | undefined): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(1);
  return rows.length > 0;
}
