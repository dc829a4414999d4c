import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrationsFolder, type Database } from '../../src/db/client.ts';
import { scratchDatabase } from './test-app.ts';

/**
 * For tests of a migration's data move: an empty scratch database, the migrations folder as it stood before one
 * migration, and the step to the latest. Fill the old tables between the two steps and read what came through.
 */

/** The migrations folder as it stood before `tag`: the same files, the journal cut before it. Removed by the caller. */
export function migrationsBefore(tag: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribeverse-migrations-'));
  fs.cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at <= 0) throw new Error(`no migration ${tag} in the journal`);
  fs.writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return dir;
}

/** An empty scratch database on the server the tests run on (the run's embedded PostgreSQL, or DATABASE_URL's). */
export const emptyDatabase = () => scratchDatabase({ poolSize: 2, migrate: false });

/** Applies the migrations of `folder` (the real one by default) to the database. */
export const migrateTo = (database: Database, folder = migrationsFolder) => migratePg(database.db as never, { migrationsFolder: folder });

/** Raw SQL's rows (both drivers answer { rows }). */
export async function rowsOf<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
