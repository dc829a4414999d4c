import { fillPlaceholders, getTableColumns, type Query, type SQL } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import { parse, protocol, type PGlite } from '@electric-sql/pglite';
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
  const built = dialect.sqlToQuery(query);
  const client = (db._.session as unknown as { client: unknown }).client;
  if (isPglite(client)) return pgliteStatement(client, name, built);
  // node-postgres: a named statement, parsed and planned once per pooled connection.
  const prepared = db._.session.prepareQuery(built, undefined, name, false);
  return async (values) => ((await prepared.execute(values)) as { rows: Rows }).rows;
}

const isPglite = (client: unknown): client is PGlite =>
  typeof client === 'object' && client !== null && 'execProtocol' in client && 'runExclusive' in client;

let pgliteStatements = 0;

/**
 * The embedded database runs on the server's own thread, so planning a large statement on every call costs the
 * event loop each time. Its query() always uses an unnamed statement; here the statement is parsed once under its
 * own name and then only bound and executed (the extended protocol, as PostgreSQL's own drivers do).
 */
function pgliteStatement(client: PGlite, name: string, query: Query) {
  // One name per statement made: several apps (tests) may share one embedded database.
  const statement = `${name}_${++pgliteStatements}`;
  let paramTypes: Promise<number[]> | null = null;
  const { serialize } = protocol;
  const exec = async (message: Uint8Array, syncToFs = false) => (await client.execProtocol(message, { syncToFs })).messages;
  const prepare = async () => {
    try {
      await exec(serialize.parse({ name: statement, text: query.sql }));
      return parse.parseDescribeStatementResults(await exec(serialize.describe({ type: 'S', name: statement })));
    } finally {
      await exec(serialize.sync());
    }
  };
  return async (values: Record<string, unknown>): Promise<Rows> => {
    const params = fillPlaceholders(query.params, values);
    return client.runExclusive(async () => {
      const types = await (paramTypes ??= prepare().catch((error) => {
        paramTypes = null;
        throw error;
      }));
      const messages = [];
      try {
        const serialized = params.map((value, i) =>
          value === null || value === undefined ? null : (client.serializers[types[i]!]?.(value) ?? String(value)),
        );
        messages.push(...(await exec(serialize.bind({ statement, values: serialized }))));
        messages.push(...(await exec(serialize.describe({ type: 'P' }))));
        messages.push(...(await exec(serialize.execute({}))));
      } finally {
        messages.push(...(await exec(serialize.sync(), true)));
      }
      return parse.parseResults(messages, client.parsers)[0]?.rows as Rows;
    });
  };
}

/** Reads a table's row out of a raw result row (database column names, driver values) the way the query builder would. */
export function tableRowReader<T extends PgTable>(table: T) {
  const columns = Object.entries(getTableColumns(table));
  return (raw: Record<string, unknown>): T['$inferSelect'] =>
    Object.fromEntries(
      columns.map(([key, column]) => {
        const value = raw[column.name];
        // The embedded database's own parsers already give dates.
        if (value === null || value === undefined || value instanceof Date) return [key, value ?? null];
        return [key, column.mapFromDriverValue(value)];
      }),
    ) as T['$inferSelect'];
}
