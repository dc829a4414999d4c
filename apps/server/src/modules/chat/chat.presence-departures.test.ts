import { inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatPresence } from '../../db/schema/index.ts';
import { connectRecorder, socketUrl } from '../../../test/support/sockets.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { directMember, type DirectMember } from '../../../test/support/direct-member.ts';

let one: TestApp;

const lastSeenOf = async (t: TestApp, ids: number[]) =>
  new Map((await t.db.select().from(chatPresence).where(inArray(chatPresence.userId, ids))).map((r) => [r.userId, r.lastSeenAt]));

const connectAll = (t: TestApp, members: DirectMember[]) => Promise.all(members.map((m) => connectRecorder(socketUrl(t), m.token)));

/** When a network drops or a process restarts, members leave by the hundreds at once. */
describe('many members leaving at once', () => {
  beforeAll(async () => {
    one = await createTestApp();
    await one.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => one?.close());

  it('records when each one left, and tells the people they talk with', { timeout: 60_000 }, async () => {
    const ann = await directMember(one);
    const members = await Promise.all(Array.from({ length: 60 }, () => directMember(one)));
    for (const m of members) {
      const sent = await one.app.inject({
        method: 'POST',
        url: '/api/chat/send',
        headers: m.auth,
        payload: { peer_id: ann.id, text: 'hi' },
      });
      expect(sent.statusCode).toBe(201);
    }
    const a = await connectRecorder(socketUrl(one), ann.token);
    const clients = await connectAll(one, members);
    const before = Date.now();
    for (const c of clients) c.socket.disconnect();

    const told = await Promise.all(members.map((m) => a.next('presence:update', (p) => p.user_id === m.id && !p.online)));
    const seen = await lastSeenOf(
      one,
      members.map((m) => m.id),
    );
    members.forEach((m, i) => {
      const at = seen.get(m.id)!;
      expect(at.getTime()).toBeGreaterThanOrEqual(before);
      // What the partner was told is what is stored.
      expect(told[i]).toEqual({ user_id: m.id, online: false, last_seen: at.toISOString() });
    });
    a.socket.disconnect();
  });

  it('records every last seen before the process stops, however long the database takes', { timeout: 60_000 }, async () => {
    const t = await createTestApp();
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const members = await Promise.all(Array.from({ length: 100 }, () => directMember(t)));
      const clients = await connectAll(t, members);
      // Every connection of the app's pool busy for longer than a shutdown waits for its sockets' work (2 s), as
      // when thousands of departures queue on the database.
      const pool = (t.db as unknown as { $client: pg.Pool }).$client;
      const busy = Array.from({ length: pool.options.max }, () => pool.query('select pg_sleep(4)'));
      const before = Date.now();
      for (const c of clients) c.socket.disconnect();
      while (t.app.ctx.realtime.chat.sockets.size) await new Promise((resolve) => setTimeout(resolve, 20));
      await t.app.close();

      // On a connection of its own, the moment the app has stopped (it would close its database next).
      const reader = new pg.Client({ connectionString: pool.options.connectionString });
      await reader.connect();
      const { rows } = await reader.query<{ user_id: number; last_seen_at: Date }>(
        'select user_id, last_seen_at from chat_presence where user_id = any($1::int[])',
        [members.map((m) => m.id)],
      );
      await reader.end();
      const seen = new Map(rows.map((r) => [r.user_id, r.last_seen_at.getTime()]));
      expect(members.filter((m) => !((seen.get(m.id) ?? 0) >= before)).map((m) => m.id)).toEqual([]);
      await Promise.all(busy);
    } finally {
      await t.close();
    }
  });
});
