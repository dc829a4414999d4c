/**
 * Child process of chat.bench.ts: either the real app (temporary DATA_DIR with its embedded PostgreSQL, members and sessions inserted
 * through the repositories) or a bare socket.io relay. Reports its port, tokens and heap over IPC.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';

const mode = process.argv[2] as 'app' | 'relay';
const clients = Number(process.argv[3]);
const send = (message: unknown) => process.send!(message);
const heap = () => {
  globalThis.gc?.();
  return process.memoryUsage().heapUsed;
};

async function startApp() {
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { openDatabase } = await import('../apps/server/src/db/client.ts');
  const { loadConfig } = await import('../apps/server/src/lib/env.ts');
  const { UsersRepository } = await import('../apps/server/src/modules/users/users.repository.ts');
  const { SessionsRepository } = await import('../apps/server/src/modules/auth/sessions.repository.ts');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribeverse-bench-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'warn', PORT: '0', WEB_DIST: path.join(dataDir, 'none') });
  // BENCH_DATABASE_URL=postgres://… runs the app on PostgreSQL, in a scratch database dropped afterwards.
  const { createScratchDatabase } = await import('./scratch-database.ts');
  const scratch = process.env.BENCH_DATABASE_URL ? await createScratchDatabase(process.env.BENCH_DATABASE_URL, 'chat') : null;
  const database = await openDatabase(scratch ? { databaseUrl: scratch.url, poolSize: 10 } : { dataDir });
  const app = await buildApp({ config, db: database.db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const users = new UsersRepository(database.db);
  const sessions = new SessionsRepository(database.db);
  const members: Array<{ id: number; token: string }> = [];
  for (let i = 0; i < clients; i++) {
    const user = await users.create({
      email: `bench${i}@example.test`,
      passwordHash: null,
      fullName: `Bench ${i}`,
      profileCompletedAt: new Date(),
    });
    const { token } = await sessions.create({ userId: user.id, remember: false, ttlMs: 3_600_000 });
    members.push({ id: user.id, token });
  }
  process.on('disconnect', () => {
    void app
      .close()
      .then(() => database.close())
      .then(() => scratch?.drop())
      .finally(() => {
        fs.rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      });
  });
  return { port: (app.server.address() as AddressInfo).port, members };
}

/** The baseline: authenticate by a claimed id, forward message:send to the receiver's room, ack at once. */
async function startRelay() {
  const server = http.createServer();
  const io = new Server(server, { path: '/socket.io', transports: ['websocket'] });
  const chat = io.of('/ws/chat');
  let nextId = 1;
  chat.on('connection', (socket) => {
    const me = Number(socket.handshake.auth.token);
    void socket.join(`user:${me}`);
    socket.on('message:send', (payload: { peer_id: number; text: string; client_id: string }, ack: (r: unknown) => void) => {
      const message = { id: nextId++, sender_id: me, receiver_id: payload.peer_id, text: payload.text, client_id: payload.client_id };
      chat.to([`user:${me}`, `user:${payload.peer_id}`]).emit('message:new', message);
      ack({ ok: true, message });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.on('disconnect', () => process.exit(0));
  return {
    port: (server.address() as AddressInfo).port,
    members: Array.from({ length: clients }, (_, i) => ({ id: i + 1, token: String(i + 1) })),
  };
}

const started = mode === 'app' ? await startApp() : await startRelay();
const baseHeap = heap();
send({ type: 'ready', ...started, heap: baseHeap });
process.on('message', (message: { type: string }) => {
  if (message.type === 'heap') send({ type: 'heap', heap: heap() });
});
