import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { embeddedServerPid, freePort, postJson, runServer, stopLeftoverServer, whenHealthy } from './support/server-process.ts';

// The default install: no DATABASE_URL, the app runs its own PostgreSQL server in DATA_DIR/pg.
const dataDirs: string[] = [];
const newDataDir = async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tribeverse-embedded-'));
  dataDirs.push(dir);
  return dir;
};
afterEach(async () => {
  for (const dir of dataDirs.splice(0)) {
    await stopLeftoverServer(dir);
    await fs.rm(dir, { recursive: true, force: true });
  }
});

async function start(dataDir: string) {
  const port = await freePort();
  const proc = runServer({ PORT: String(port), DATA_DIR: dataDir });
  if (!(await whenHealthy(port))) throw new Error(`the app did not start: ${proc.output().stderr}`);
  return { ...proc, port };
}

const ann = { email: 'ann@example.test', password: 'Sup3r$ecret' };
const bob = { email: 'bob@example.test', password: 'Sup3r$ecret' };

describe('the embedded database (default install)', () => {
  it('refuses a second copy on the same DATA_DIR with a clear message, and runs another DATA_DIR beside it', async () => {
    const dataDir = await newDataDir();
    const first = await start(dataDir);

    const second = runServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output().stderr.trim()).toBe(
      `Tribeverse cannot start: DATA_DIR: ${dataDir} is in use by another running Tribeverse (process ${first.child.pid}): ` +
        'stop that one first, or give this one its own DATA_DIR',
    );
    // The first one did not notice.
    expect((await postJson(first.port, '/api/auth/register', ann)).status).toBe(201);

    const elsewhere = await start(await newDataDir());
    expect((await postJson(elsewhere.port, '/api/auth/register', ann)).status).toBe(201);

    for (const app of [first, elsewhere]) {
      app.child.kill('SIGTERM');
      expect(await app.exited).toBe(0);
    }
  }, 120_000);

  it('loses no acknowledged write when the app is killed with -9, nor when its database is killed with it', async () => {
    const dataDir = await newDataDir();
    const first = await start(dataDir);
    expect((await postJson(first.port, '/api/auth/register', ann)).status).toBe(201);
    first.child.kill('SIGKILL');
    await first.exited;
    // Its PostgreSQL server outlives it; the next start takes it over.
    expect(embeddedServerPid(dataDir)).not.toBeNull();

    const second = await start(dataDir);
    expect((await postJson(second.port, '/api/auth/login', ann)).status).toBe(200);
    expect((await postJson(second.port, '/api/auth/register', bob)).status).toBe(201);
    // Both die at once, as in a power cut of the process tree: the next start recovers from the write-ahead log.
    process.kill(embeddedServerPid(dataDir)!, 'SIGKILL');
    second.child.kill('SIGKILL');
    await second.exited;

    const third = await start(dataDir);
    expect((await postJson(third.port, '/api/auth/login', ann)).status).toBe(200);
    expect((await postJson(third.port, '/api/auth/login', bob)).status).toBe(200);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 120_000);
});
