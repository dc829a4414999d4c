import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/harness.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { pausableRelay } from '../../../test/support/tcp-pause.ts';
import { openDatabase, type Database } from '../../db/client.ts';

const t = useTestApp();

/** The URL the test app's own pool connects with. */
const databaseUrl = () => new URL((t.db as unknown as { $client: pg.Pool }).$client.options.connectionString!);

describe('liveness and readiness probes', () => {
  it('answers /healthz while the process runs, from anywhere, without limits or docs', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/healthz', remoteAddress: '203.0.113.9' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(docs.paths).filter((p) => /healthz|readyz|metrics/.test(p))).toEqual([]);
    // The old liveness route stays.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz 200 when the database (and Redis, when set) answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz', remoteAddress: '203.0.113.9' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('readiness of a process whose database hangs', () => {
  let relay: Awaited<ReturnType<typeof pausableRelay>> | undefined;
  let database: Database | undefined;
  let app: TestApp | undefined;
  afterAll(async () => {
    relay?.resume();
    await app?.close();
    await database?.close();
    await relay?.close();
  });

  it('answers 503 {code,msg} within seconds instead of hanging, and 200 once the database answers again', async () => {
    // A second process of the same deployment, reaching the same database through a relay the test can freeze.
    const direct = databaseUrl();
    const port = Number(direct.port || 5432);
    // The embedded server listens on a unix socket only (named by `host`), PostgreSQL on TCP.
    const socketDir = direct.searchParams.get('host');
    relay = await pausableRelay(socketDir ? { path: `${socketDir}/.s.PGSQL.${port}` } : { host: direct.hostname, port });
    const relayed = new URL(direct);
    relayed.searchParams.delete('host');
    relayed.hostname = '127.0.0.1';
    relayed.port = String(relay.port);
    database = await openDatabase({ databaseUrl: relayed.toString(), migrate: false, poolSize: 3 });
    app = await createTestApp(
      {},
      { sameDeploymentAs: { db: database.db, realtimeRedisKey: t.realtimeRedisKey, rateLimitNamespace: t.rateLimitNamespace } },
    );
    expect((await app.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

    relay.pause();
    const started = Date.now();
    const hung = await app.app.inject({ method: 'GET', url: '/readyz' });
    expect(hung.statusCode).toBe(503);
    expect(hung.json()).toEqual({ code: 'NOT_READY', msg: expect.stringMatching(/database/i) });
    expect(Date.now() - started).toBeLessThan(5000);
    // Liveness does no database work: the process is alive, only not ready.
    expect((await app.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    relay.resume();
    await expect.poll(async () => (await app!.app.inject({ method: 'GET', url: '/readyz' })).statusCode, { timeout: 10_000 }).toBe(200);
  });
});
