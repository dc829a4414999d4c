import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyDatabase, migrateTo, migrationsBefore } from '../../../test/support/migrations.ts';

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
    const { db } = database;

    await migrateTo(database, folder);
    await db.execute(
      sql`insert into users (id, email, username) values (1, 'a@example.test', 'a'), (2, 'b@example.test', 'b'), (3, 'c@example.test', 'c')`,
    );
    await db.execute(sql`insert into posts (id, author_id, text) values (10, 1, 'popular'), (11, 1, 'quiet')`);
    await db.execute(sql`insert into posts (id, author_id, text, shared_post_id) values (12, 2, '', 10), (13, 3, '', 10)`);
    await db.execute(sql`insert into post_likes (post_id, user_id) values (10, 1), (10, 2), (10, 3), (11, 2)`);
    await db.execute(sql`insert into post_comments (post_id, author_id, text) values (10, 2, 'x'), (10, 3, 'y')`);

    await migrateTo(database);
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
