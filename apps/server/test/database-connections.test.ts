import pg from 'pg';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';

// The PostgreSQL server at DATABASE_URL, or the run's embedded one (the default install's database is PostgreSQL too).
const url = process.env.DATABASE_URL ?? inject('embeddedPostgres')!.serverUrl;

describe('PostgreSQL connections', () => {
  it('a connection killed while idle is reported and replaced, and the app keeps answering', async () => {
    const broken: Error[] = [];
    const database = await openDatabase({ databaseUrl: url, migrate: false, poolSize: 1, onConnectionError: (e) => broken.push(e) });
    const { rows } = (await database.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] };
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // What a database restart or a failover does to the pool's idle connection.
    await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
    await admin.end();
    await expect.poll(() => broken.length).toBe(1);

    const after = (await database.db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] };
    expect(after.rows[0]!.one).toBe(1);
    await database.close();
  });

  it('close() returns only once every connection has gone, so the database can be dropped at once', async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const name = `tribeverse_close_${process.pid}_${Date.now()}`;
    await admin.query(`CREATE DATABASE ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: target.toString(), migrate: false, poolSize: 3 });
    await Promise.all([1, 2, 3].map(() => database.db.execute(sql`select pg_sleep(0.05)`)));
    await database.close();
    const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    expect(rows[0].n).toBe(0);
    await admin.query(`DROP DATABASE ${name}`);
    await admin.end();
  });
});
