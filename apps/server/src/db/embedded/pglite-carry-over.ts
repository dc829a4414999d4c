import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

const BATCH = 2000;

/**
 * Installs from before the embedded PostgreSQL server kept their data in an embedded PGlite database in DATA_DIR/db.
 * On the first start after the upgrade its rows are copied into the new server, in one transaction, after both
 * carry the committed migrations; then the old folder is renamed (kept, not deleted) so the copy happens once.
 * PGlite is loaded only here, so a running app never holds it in memory. Returns what was done, or null.
 */
export async function carryOverPgliteData(dataDir: string, target: pg.Pool, migrationsFolder: string): Promise<string | null> {
  const oldDir = path.join(dataDir, 'db');
  if (!fs.existsSync(path.join(oldDir, 'PG_VERSION'))) return null;
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // The migrations create these extensions (search, 0025): PGlite ships them, loaded on request.
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const source = await PGlite.create(oldDir, { extensions: { unaccent, pg_trgm } });
  let rows = 0;
  try {
    // Old data may predate some migrations: bring it to the schema the new server has.
    await migrate(drizzle({ client: source }), { migrationsFolder });
    const tables = (
      await source.query<{ name: string }>(
        `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
      )
    ).rows.map((r) => r.name);
    const client = await target.connect();
    try {
      await client.query('begin');
      // Rows go in exactly as they were: foreign keys are not checked row by row (the set is consistent as a whole).
      await client.query('set local session_replication_role = replica');
      // The rows the migrations seeded come again from the old database, with everything else.
      if (tables.length) await client.query(`truncate ${tables.map(quote).join(', ')}`);
      for (const table of tables) rows += await copyTable(source, client, table);
      await copySequences(source, client);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  } finally {
    await source.close();
  }
  const keptAt = freeName(path.join(dataDir, 'db-pglite-before-upgrade'));
  fs.renameSync(oldDir, keptAt);
  return `carried ${rows} rows over from the earlier embedded database (PGlite) into PostgreSQL; its files are kept in ${keptAt} (delete them once you are happy)`;
}

type Source = PGlite;

async function copyTable(source: Source, target: pg.PoolClient, table: string) {
  const columns = (
    await source.query<{ name: string }>(
      `select column_name as name from information_schema.columns
        where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
      [table],
    )
  ).rows.map((r) => quote(r.name));
  const list = columns.join(', ');
  let copied = 0;
  await source.transaction(async (tx) => {
    await tx.query(`declare old_rows no scroll cursor for select row_to_json(t)::text as row from ${quote(table)} t`);
    for (;;) {
      const { rows } = await tx.query<{ row: string }>(`fetch ${BATCH} from old_rows`);
      if (!rows.length) break;
      // Each value goes through its type's text form (timestamps, arrays, jsonb alike), as a dump and restore would.
      await target.query(
        `insert into ${quote(table)} (${list}) overriding system value
         select ${list} from json_populate_recordset(null::${quote(table)}, $1::json)`,
        [`[${rows.map((r) => r.row).join(',')}]`],
      );
      copied += rows.length;
    }
  });
  const { rows } = await target.query<{ n: number }>(`select count(*)::int as n from ${quote(table)}`);
  if (rows[0]!.n !== copied) throw new Error(`carrying ${table} over: ${copied} rows read, ${rows[0]!.n} written`);
  return copied;
}

/** Ids continue where the old database left off. */
async function copySequences(source: Source, target: pg.PoolClient) {
  const sequences = await source.query<{ name: string }>(
    `select sequence_name as name from information_schema.sequences where sequence_schema = 'public'`,
  );
  for (const { name } of sequences.rows) {
    const state = await source.query<{ last_value: string; is_called: boolean }>(`select last_value, is_called from ${quote(name)}`);
    const { last_value, is_called } = state.rows[0]!;
    await target.query('select setval($1::regclass, $2, $3)', [quote(name), last_value, is_called]);
  }
}

function quote(identifier: string) {
  return `"${identifier.replace(/"/g, '""')}"`;
}

function freeName(base: string) {
  let name = base;
  for (let n = 2; fs.existsSync(name); n++) name = `${base}-${n}`;
  return name;
}
