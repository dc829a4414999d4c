import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { embeddedServerPid, freePort, postJson, runServer, whenHealthy } from './support/server-process.ts';

describe('start-up and shutdown', () => {
  it('stops with one clear line naming a bad variable', async () => {
    const proc = runServer({ PORT: 'not-a-port' });
    expect(await proc.exited).toBe(1);
    const lines = proc.output().stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Tribeverse cannot start: PORT: /);
  });

  it('stops with one clear line when the database cannot be reached', async () => {
    const proc = runServer({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(await proc.exited).toBe(1);
    expect(proc.output().stderr.trim()).toMatch(/^Tribeverse cannot start: DATABASE_URL: cannot use the database/);
  });

  it('serves, then shuts down cleanly on SIGTERM (its database too) and starts again on the same data', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tribeverse-life-'));
    const postgresLog = () => fs.readFile(path.join(dataDir, 'pg', 'postgres.log'), 'utf8');
    try {
      for (let round = 0; round < 2; round++) {
        const port = await freePort();
        const proc = runServer({ PORT: String(port), DATA_DIR: dataDir });
        expect(await whenHealthy(port)).toBe(true);
        const account = { email: 'kept@example.test', password: 'Sup3r$ecret' };
        if (round === 0) {
          expect((await postJson(port, '/api/auth/register', account)).status).toBe(201);
        } else {
          // The account made before the restart is still there.
          expect((await postJson(port, '/api/auth/login', account)).status).toBe(200);
          // The database had been shut down cleanly: nothing to recover on this start.
          expect(await postgresLog()).not.toMatch(/not properly shut down|automatic recovery/);
        }
        proc.child.kill('SIGTERM');
        expect(await proc.exited).toBe(0);
        // The embedded PostgreSQL server stopped with the app.
        expect(embeddedServerPid(dataDir)).toBeNull();
        expect(await postgresLog()).toMatch(/database system is shut down\s*$/);
      }
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
