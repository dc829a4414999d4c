/**
 * Child process of fanout.bench.ts: either the real app (temporary DATA_DIR with its embedded PostgreSQL, or a scratch
 * PostgreSQL database with BENCH_DATABASE_URL) holding one group chat or one community of `membersTotal` members, or a
 * bare socket.io server that joins every socket to one room and broadcasts each send to it. Reports its port and the
 * connecting members' tokens over IPC, and on request the database's row writes and this process's CPU time so far.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';

const mode = process.argv[2] as 'app' | 'bare' | 'bare-write';
const kind = process.argv[3] as 'group' | 'community';
const membersTotal = Number(process.argv[4]);
const connected = Number(process.argv[5]);
/** The event a member sends with, the one the others receive, and the payload's key naming the conversation. */
const events =
  kind === 'group'
    ? { send: 'group:send', received: 'group:message:new', key: 'group_id' }
    : { send: 'community:send', received: 'community:message:new', key: 'community_id' };
const send = (message: unknown) => process.send!(message);

async function startApp() {
  const { sql } = await import('drizzle-orm');
  const { SessionsRepository } = await import('../apps/server/src/modules/auth/auth-sessions.repository.ts');
  const { startBenchApp, rows } = await import('./bench-app.ts');
  const { db, port } = await startBenchApp(kind);
  // Members in bulk (set-up profiles), one group or community holding all of them, sessions for those who connect.
  const users = rows<{ id: number }>(
    // Confirmed, with a set-up profile: members who are not may not write.
    await db.execute(sql`insert into users (email, full_name, is_confirmed, profile_completed_at)
      select 'cbench' || g || '@example.test', 'Bench ' || g, true, now() from generate_series(1, ${membersTotal}) g returning id`),
  ).map((r) => Number(r.id));
  const everyone = sql.raw(`ARRAY[${users.join(',')}]`);
  let conversationId: number;
  if (kind === 'group') {
    const [group] = rows<{ id: number }>(
      await db.execute(sql`insert into conversations (kind, name, created_by) values ('group', 'Bench group', ${users[0]}) returning id`),
    );
    conversationId = Number(group!.id);
    await db.execute(sql`insert into conversation_members (conversation_id, user_id, role)
      select ${conversationId}, u, case when u = ${users[0]} then 'admin' else 'member' end from unnest(${everyone}::int[]) u`);
  } else {
    const [community] = rows<{ id: number }>(
      await db.execute(
        sql`insert into communities (owner_id, name, visibility) values (${users[0]}, 'Bench community', 'public') returning id`,
      ),
    );
    conversationId = Number(community!.id);
    await db.execute(sql`insert into conversations (kind, community_id, name) values ('channel', ${conversationId}, 'general')`);
    await db.execute(sql`insert into community_members (community_id, user_id, state, role)
      select ${conversationId}, u, 'member', case when u = ${users[0]} then 'owner' else 'member' end from unnest(${everyone}::int[]) u`);
  }
  const sessions = new SessionsRepository(db);
  const members: Array<{ id: number; token: string }> = [];
  for (const id of users.slice(0, connected))
    members.push({ id, token: (await sessions.create({ userId: id, remember: false, ttlMs: 3_600_000 })).token });

  const writes = async () => {
    await db.execute(sql`select pg_stat_force_next_flush()`);
    const [row] = rows<{ n: string }>(
      await db.execute(sql`select coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0) as n from pg_stat_user_tables`),
    );
    return Number(row!.n);
  };
  return { port, members, conversationId, writes };
}

/**
 * The baseline: a claimed id, one room for everyone, each send broadcast to it and acknowledged at once. bare-write
 * first writes each message by one durable insert (durable-write.ts) and sends it out once committed.
 */
async function startBare() {
  const write = mode === 'bare-write' ? await (await import('./durable-write.ts')).openDurableWrite(`${kind}_write`, connected) : null;
  const server = http.createServer();
  const io = new Server(server, { path: '/socket.io', transports: ['websocket'] });
  const ns = io.of('/ws/chat');
  let nextId = 1;
  ns.on('connection', (socket) => {
    const me = Number(socket.handshake.auth.token);
    void socket.join('room:1');
    socket.on(events.send, (payload: { text: string; client_id: string }, ack: (r: unknown) => void) => {
      const deliver = (id: number) => {
        const message = { id, [events.key]: 1, sender_id: me, text: payload.text, client_id: payload.client_id };
        // Like the app: every member's sockets but the sending one (its ack carries the message).
        socket.to('room:1').emit(events.received, message);
        ack({ ok: true, message });
      };
      if (!write) return deliver(nextId++);
      write.store(me, null, payload.text, payload.client_id).then(
        (stored) => deliver(stored.id),
        () => ack({ ok: false }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.on('disconnect', () => void (write?.close() ?? Promise.resolve()).finally(() => process.exit(0)));
  return {
    port: (server.address() as AddressInfo).port,
    members:
      write?.ids.map((id) => ({ id, token: String(id) })) ??
      Array.from({ length: connected }, (_, i) => ({ id: i + 1, token: String(i + 1) })),
    conversationId: 1,
    writes: async () => write?.statements() ?? 0,
  };
}

const started = mode === 'app' ? await startApp() : await startBare();
send({ type: 'ready', port: started.port, members: started.members, conversationId: started.conversationId });
process.on('message', (message: { type: string }) => {
  if (message.type === 'writes') void started.writes().then((n) => send({ type: 'writes', n }));
  // User and system CPU of this process so far, in microseconds.
  if (message.type === 'cpu') {
    const { user, system } = process.cpuUsage();
    send({ type: 'cpu', n: user + system });
  }
});
