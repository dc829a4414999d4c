import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { migrationsFolder, openDatabase, type Database } from '../../db/client.ts';

/** The migrations folder as it stood before the counters: the same files, the journal cut before `tag`. */
function migrationsBefore(tag: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribeverse-migrations-'));
  fs.cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  fs.writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return dir;
}

/** An empty scratch database on the server the tests run on (the run's embedded PostgreSQL, or DATABASE_URL's). */
async function emptyDatabase(): Promise<Database> {
  const url = inject('embeddedPostgres')?.serverUrl ?? process.env.DATABASE_URL!;
  const name = `tribeverse_t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString(), poolSize: 2, migrate: false });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

const cleanUp: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const step of cleanUp) await step();
});

describe('the counters migration', () => {
  it('counts the likes, comments and reposts already stored, and keeps counting afterwards', async () => {
    const database = await emptyDatabase();
    const folder = migrationsBefore('0016_feed_counters');
    cleanUp.push(
      async () => fs.rmSync(folder, { recursive: true, force: true }),
      () => database.close(),
    );
    const migrate = (migrationsFolder: string) => migratePg(database.db as never, { migrationsFolder });
    const { db } = database;

    await migrate(folder);
    await db.execute(
      sql`insert into users (id, email, username) values (1, 'a@example.test', 'a'), (2, 'b@example.test', 'b'), (3, 'c@example.test', 'c')`,
    );
    await db.execute(sql`insert into posts (id, author_id, text) values (10, 1, 'popular'), (11, 1, 'quiet')`);
    await db.execute(sql`insert into posts (id, author_id, text, shared_post_id) values (12, 2, '', 10), (13, 3, '', 10)`);
    await db.execute(sql`insert into post_likes (post_id, user_id) values (10, 1), (10, 2), (10, 3), (11, 2)`);
    await db.execute(sql`insert into post_comments (post_id, author_id, text) values (10, 2, 'x'), (10, 3, 'y')`);

    await migrate(migrationsFolder);
    type Counts = { id: number; likes_count: number; comments_count: number; shares_count: number };
    const read = async () => {
      // Both drivers answer raw SQL with { rows }.
      const result = (await db.execute(sql`select id, likes_count, comments_count, shares_count from posts order by id`)) as unknown as {
        rows: Counts[];
      };
      return result.rows.map((r) => [r.id, r.likes_count, r.comments_count, r.shares_count]);
    };
    expect(await read()).toEqual([
      [10, 3, 2, 2],
      [11, 1, 0, 0],
      [12, 0, 0, 0],
      [13, 0, 0, 0],
    ]);

    await db.execute(sql`insert into post_likes (post_id, user_id) values (11, 3)`);
    await db.execute(sql`delete from posts where id = 13`);
    await db.execute(sql`delete from post_comments where post_id = 10 and author_id = 2`);
    expect(await read()).toEqual([
      [10, 3, 1, 1],
      [11, 2, 0, 0],
      [12, 0, 0, 0],
    ]);
  });
});
