import { getTableColumns, type SQL } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client.ts';

const dialect = new PgDialect();

/**
 * A hand-written statement (one the query builder cannot express, such as a data-modifying CTE) prepared once: its
 * text is built once, and PostgreSQL parses and plans it once per connection under `name`. Values go in by
 * `sql.placeholder(name)`; the rows come back as the driver gives them (column names as in the database).
 */
export function prepareStatement(db: Db, name: string, query: SQL) {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return async (values: Record<string, unknown>): Promise<Array<Record<string, unknown>>> => {
    const result = (await prepared.execute(values)) as { rows: Array<Record<string, unknown>> };
    return result.rows;
  };
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
