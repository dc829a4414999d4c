import { sql, type SQL } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client.ts';

// A relation kept as one row (a follow, a mute, a block…): whether it is there, made once, or ended.

/** Whether any row of `table` matches `where`: reads one row at most. */
export async function anyRow(db: Db, table: PgTable, where: SQL | undefined): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(1);
  return rows.length > 0;
}

/** Adds the row unless one with the same key is there; true when it was added. */
export async function addRow<T extends PgTable>(db: Db, table: T, values: PgInsertValue<T>): Promise<boolean> {
  const rows = await db
    .insert(table)
    .values(values)
    .onConflictDoNothing()
    .returning({ one: sql`1` });
  return rows.length > 0;
}

/** Deletes the rows of `table` matching `where`; true when there was one. */
export async function removeRows(db: Db, table: PgTable, where: SQL | undefined): Promise<boolean> {
  const rows = await db
    .delete(table)
    .where(where)
    .returning({ one: sql`1` });
  return rows.length > 0;
}
