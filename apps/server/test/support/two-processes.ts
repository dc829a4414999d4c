import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Socket } from 'socket.io-client';
import { connectRecorder, socketUrl } from './sockets.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Two app processes of one deployment (one database, one Redis, the same `env`), both listening, for a describe block
 * that checks what crosses between them. Registers its own set-up and tear-down; sockets opened through `connect` are closed
 * after each test.
 */
export function twoProcesses(env: Record<string, string> = {}) {
  const open: Socket[] = [];
  const apps: { one?: TestApp; two?: TestApp } = {};
  beforeAll(async () => {
    apps.one = await createTestApp(env);
    apps.two = await createTestApp(env, { sameDeploymentAs: apps.one });
    await apps.one.app.listen({ port: 0, host: '127.0.0.1' });
    await apps.two.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => {
    open.splice(0).forEach((s) => s.disconnect());
  });
  afterAll(async () => {
    await apps.two?.close();
    await apps.one?.close();
  });
  return {
    get one() {
      return apps.one!;
    },
    get two() {
      return apps.two!;
    },
    /** A recording client of that process, signed in with the token; closed after the test. */
    async connect(t: TestApp, token: string) {
      const client = await connectRecorder(socketUrl(t), token);
      open.push(client.socket);
      return client;
    },
  };
}
