import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import type pg from 'pg';

/**
 * The database's rows as JSON lines, one file per table, read in one snapshot; and loaded back into a database with
 * the same schema. Plain SQL through the app's own driver: the embedded server ships no pg_dump, and a pg_dump from
 * the system is usually older than the server and refuses it.
 */

export interface DumpManifest {
  format: 1;
  createdAt: string;
  /** Migrations the database had (drizzle's `created_at`, the journal's `when`): restore rebuilds that schema. */
  migrations: number[];
  tables: Array<{ name: string; rows: number }>;
  sequences: Array<{ name: string; lastValue: string; isCalled: boolean }>;
}

const FETCH = 1000;
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function tableNames(client: pg.ClientBase) {
  const { rows } = await client.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((r) => r.name);
}

/**
 * Writes every table of the `public` schema to `dir/<table>.jsonl`. One REPEATABLE READ transaction (what pg_dump
 * does): every table is read as of the same instant, so the dump is consistent while the app keeps writing.
 */
export async function dumpDatabase(client: pg.ClientBase, dir: string): Promise<DumpManifest> {
  fs.mkdirSync(dir, { recursive: true });
  await client.query('begin isolation level repeatable read read only');
  try {
    const migrations = await client.query<{ when: string }>('select created_at as when from drizzle.__drizzle_migrations order by id');
    const tables: DumpManifest['tables'] = [];
    for (const name of await tableNames(client)) {
      const out = fs.createWriteStream(path.join(dir, `${name}.jsonl`));
      await client.query(`declare rows_out no scroll cursor for select to_jsonb(t)::text as row from ${quote(name)} t`);
      let count = 0;
      for (;;) {
        const { rows } = await client.query<{ row: string }>(`fetch ${FETCH} from rows_out`);
        if (!rows.length) break;
        count += rows.length;
        // JSON text holds no raw line breaks, so one row is one line.
        if (!out.write(rows.map((r) => r.row).join('\n') + '\n')) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      }
      await client.query('close rows_out');
      await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
      tables.push({ name, rows: count });
    }
    // Sequences are not transactional: read now they may be ahead of the snapshot, which leaves only gaps in ids.
    const sequences: DumpManifest['sequences'] = [];
    const seqs = await client.query<{ name: string }>(`select sequencename as name from pg_sequences where schemaname = 'public'`);
    for (const { name } of seqs.rows) {
      const { rows } = await client.query<{ last_value: string; is_called: boolean }>(`select last_value, is_called from ${quote(name)}`);
      sequences.push({ name, lastValue: rows[0]!.last_value, isCalled: rows[0]!.is_called });
    }
    return {
      format: 1,
      createdAt: new Date().toISOString(),
      migrations: migrations.rows.map((m) => Number(m.when)),
      tables,
      sequences,
    };
  } finally {
    await client.query('rollback');
  }
}

/**
 * Replaces every row of the database (its schema already migrated to the dump's migrations) with the dump's, in one
 * transaction. Triggers and foreign-key checks are off while loading (session_replication_role = replica, as
 * pg_restore does): the rows were consistent when dumped, and the read caches' notify triggers have nobody to tell.
 */
export async function loadDatabase(client: pg.ClientBase, dir: string, manifest: DumpManifest) {
  await client.query('begin');
  try {
    await client.query(`set local session_replication_role = replica`);
    const present = new Set(await tableNames(client));
    const missing = manifest.tables.filter((t) => !present.has(t.name));
    if (missing.length) throw new Error(`the backup has tables this schema lacks: ${missing.map((t) => t.name).join(', ')}`);
    // Migrations seed some tables (the interests catalogue): the backup's rows replace them.
    if (present.size) await client.query(`truncate ${[...present].map(quote).join(', ')}`);
    for (const table of manifest.tables) {
      const { rows: columns } = await client.query<{ name: string }>(
        `select column_name as name from information_schema.columns
          where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
        [table.name],
      );
      const list = columns.map((c) => quote(c.name)).join(', ');
      const insert = `insert into ${quote(table.name)} (${list}) overriding system value
        select ${list} from jsonb_populate_recordset(null::${quote(table.name)}, $1::jsonb)`;
      const lines = readline.createInterface({ input: fs.createReadStream(path.join(dir, `${table.name}.jsonl`)), crlfDelay: Infinity });
      let batch: string[] = [];
      let loaded = 0;
      const flush = async () => {
        if (!batch.length) return;
        await client.query(insert, [`[${batch.join(',')}]`]);
        loaded += batch.length;
        batch = [];
      };
      for await (const line of lines) {
        if (!line) continue;
        batch.push(line);
        if (batch.length >= FETCH) await flush();
      }
      await flush();
      if (loaded !== table.rows) throw new Error(`${table.name}: the backup says ${table.rows} rows, its file holds ${loaded}`);
    }
    for (const seq of manifest.sequences) {
      await client.query('select setval($1::regclass, $2::bigint, $3)', [quote(seq.name), seq.lastValue, seq.isCalled]);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
}
