import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { chatPresence, presenceProcesses } from '../../db/schema/index.ts';
import { connectRecorder } from '../../../test/support/sockets.ts';
import { freePort, runServer, whenHealthy } from '../../../test/support/server-process.ts';
import { openTestDatabase } from '../../../test/support/test-app.ts';
import { directMember } from '../../../test/support/direct-member.ts';

// Beats every second: a process silent for three is taken as gone.
const env = { PRESENCE_BEAT_SECONDS: '1' };
let database: Database;

/** The deployment's only process, as `npm start` runs it, on the test's database. */
async function startProcess(databaseUrl: string, dataDir: string) {
  const port = await freePort();
  const server = runServer({ ...env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  if (!(await whenHealthy(port))) throw new Error(`the server did not start: ${server.output().stderr}`);
  return { ...server, url: `http://127.0.0.1:${port}/ws/chat` };
}

/** The processes' beats once `ready` says so, or as they are after 20 s (the test's expectations then fail). */
async function beatsWhen(ready: (rows: Array<typeof presenceProcesses.$inferSelect>) => boolean) {
  const deadline = Date.now() + 20_000;
  let rows = await database.db.select().from(presenceProcesses);
  while (!ready(rows) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    rows = await database.db.select().from(presenceProcesses);
  }
  return rows;
}

const stop = async (server: Awaited<ReturnType<typeof startProcess>>) => {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  await server.exited;
};

describe('the only process of a deployment, killed and started again', () => {
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database?.close());

  it('takes over its own crashed run: the members it had are offline as of its last beat', { timeout: 90_000 }, async () => {
    const db = database.db;
    const databaseUrl = (db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
    const members = await Promise.all([1, 2, 3].map(() => directMember({ db })));
    const ids = members.map((m) => m.id);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribeverse-restart-'));
    let first: Awaited<ReturnType<typeof startProcess>> | undefined;
    let second: Awaited<ReturnType<typeof startProcess>> | undefined;
    try {
      first = await startProcess(databaseUrl, dataDir);
      const connectedAt = Date.now();
      const clients = await Promise.all(members.map((m) => connectRecorder(first!.url, m.token)));
      // Its beat names them.
      const beats = await beatsWhen((rows) => rows.some((b) => ids.every((id) => b.memberIds.includes(id))));
      const crashed = beats.find((b) => ids.every((id) => b.memberIds.includes(id)))?.processId;
      expect(crashed).toBeDefined();
      const killedAt = Date.now();
      first.child.kill('SIGKILL');
      await first.exited;
      for (const c of clients) c.socket.disconnect();
      // Nobody else is running: nothing is written until the deployment runs again.
      expect(await db.select().from(chatPresence).where(inArray(chatPresence.userId, ids))).toEqual([]);

      second = await startProcess(databaseUrl, dataDir);
      // Its beats find the first run silent for three beats and take it over.
      const left = await beatsWhen((rows) => !rows.some((b) => b.processId === crashed));
      expect(left.map((b) => b.processId)).not.toContain(crashed);
      const stored = new Map(
        (await db.select().from(chatPresence).where(inArray(chatPresence.userId, ids))).map((r) => [r.userId, r.lastSeenAt]),
      );
      for (const m of members) {
        const at = stored.get(m.id);
        expect(at, `last seen of member ${m.id}`).toBeInstanceOf(Date);
        // As of its last beat: after they connected, not after it died.
        expect(at!.getTime()).toBeGreaterThanOrEqual(connectedAt - 1000);
        expect(at!.getTime()).toBeLessThanOrEqual(killedAt);
      }
    } finally {
      if (first) await stop(first);
      if (second) await stop(second);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
