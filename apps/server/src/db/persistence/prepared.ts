import { getTableColumns, type SQL } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client.ts';

const dialect = new PgDialect();
type Rows = Array<Record<string, unknown>>;

/**
 * A hand-written statement (one the query builder cannot express, such as a data-modifying CTE) prepared once: its
 * text is built once, and the database parses and plans it once, not per call. Values go in by
 * `sql.placeholder(name)`; the rows come back as the driver reads them (column names as in the database; read a
 * table's row out of one with `tableRowReader`).
 */
export function prepareStatement(db: Db, name: string, query: SQL): (values: Record<string, unknown>) => Promise<Rows> {
  // A named statement: PostgreSQL parses and plans it once per pooled connection.
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return async (values) => ((await prepared.execute(values)) as { rows: Rows }).rows;
}

/** Reads a table's row out of a raw result row (database column names, driver values) the way the query builder would. */
export function tableRowReader<T extends PgTable>(table: T) {
  const columns = Object.entries(getTableColumns(table));
  return (raw: Record<string, unknown>): T['$inferSelect'] =>
    Object.fromEntries(
      columns.map(([key, column]) => {
        const value = raw[column.name];
        return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
      }),
    ) as T['$inferSelect'];
}
