import { fillPlaceholders, getTableColumns, type SQL } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from '../client.ts';

const dialect = new PgDialect();
type Rows = Array<Record<string, unknown>>;

/** Times, dates and intervals (and their arrays) stay text, as the query builder reads them; the rest as pg reads it. */
const KEPT_AS_TEXT = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1115, // timestamp[]
  1182, // date[]
  1185, // timestamptz[]
  1187, // interval[]
  1231, // numeric[]
]);
const asText = (value: string) => value;
const readers = {
  getTypeParser: (typeId: number, format?: 'text' | 'binary') =>
    KEPT_AS_TEXT.has(typeId) ? asText : pg.types.getTypeParser(typeId, format as 'text'),
};

/**
 * A hand-written statement (one the query builder cannot express, such as a data-modifying CTE) prepared once: its
 * text is built once, and the database parses and plans it once per pooled connection, not per call. Values go in by
 * `sql.placeholder(name)`; the rows come back as the driver reads them (column names as in the database; read a
 * table's row out of one with `tableRowReader`). It goes to the pool directly, past the query builder's layers
 * (tracing spans, logger, cache), since it is on the send path of every message.
 */
export function prepareStatement(db: Db, name: string, query: SQL): (values: Record<string, unknown>) => Promise<Rows> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const config = { name, text, types: readers };
  return async (values) => (await pool.query<Record<string, unknown>>(config, fillPlaceholders(params, values))).rows;
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
