import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatPresence, presenceProcesses } from '../../db/schema/index.ts';
import { connectRecorder, socketUrl } from '../../../test/support/sockets.ts';
import { freePort, runServer, whenHealthy } from '../../../test/support/server-process.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { directMember } from '../../../test/support/direct-member.ts';

// Beats every second: a process silent for three is taken as gone.
const env = { PRESENCE_BEAT_SECONDS: '1' };
let t: TestApp;

describe('a process that crashes', () => {
  beforeAll(async () => {
    t = await createTestApp(env);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t?.close());

  it('has its members taken offline by the others, as of its last beat, and their partners told', { timeout: 60_000 }, async () => {
    const ann = await directMember(t);
    const members = await Promise.all([1, 2, 3].map(() => directMember(t)));
    for (const m of members) {
      const sent = await t.app.inject({ method: 'POST', url: '/api/chat/send', headers: m.auth, payload: { peer_id: ann.id, text: 'hi' } });
      expect(sent.statusCode).toBe(201);
    }
    const a = await connectRecorder(socketUrl(t), ann.token);

    // A second process of the deployment, as `npm start` runs it, on the same database.
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribeverse-crash-'));
    const databaseUrl = (t.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
    const other = runServer({ ...env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
    try {
      expect(await whenHealthy(port)).toBe(true);
      const connectedAt = Date.now();
      const clients = await Promise.all(members.map((m) => connectRecorder(`http://127.0.0.1:${port}/ws/chat`, m.token)));
      // Its beat names them.
      const ids = members.map((m) => m.id);
      for (;;) {
        const beats = await t.db.select().from(presenceProcesses);
        if (beats.some((b) => ids.every((id) => b.memberIds.includes(id)))) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }

      const killedAt = Date.now();
      other.child.kill('SIGKILL');
      await other.exited;
      for (const c of clients) c.socket.disconnect();

      const told = await Promise.all(members.map((m) => a.next('presence:update', (p) => p.user_id === m.id && !p.online)));
      const stored = new Map(
        (await t.db.select().from(chatPresence).where(inArray(chatPresence.userId, ids))).map((r) => [r.userId, r.lastSeenAt]),
      );
      members.forEach((m, i) => {
        const at = stored.get(m.id)!;
        // As of its last beat: after they connected, not after it died.
        expect(at.getTime()).toBeGreaterThanOrEqual(connectedAt - 1000);
        expect(at.getTime()).toBeLessThanOrEqual(killedAt);
        expect(told[i]).toEqual({ user_id: m.id, online: false, last_seen: at.toISOString() });
      });
      a.socket.disconnect();
    } finally {
      if (other.child.exitCode === null && other.child.signalCode === null) other.child.kill('SIGKILL');
      await other.exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
