import crypto from 'node:crypto';
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createRealtime, type Realtime } from './io.ts';

const opened: Array<{ realtime: Realtime; server: http.Server }> = [];
afterEach(async () => {
  for (const { realtime, server } of opened.splice(0)) {
    await realtime.close();
    server.close();
  }
});

describe.skipIf(!process.env.REDIS_URL)('the socket server on Redis (skipped: REDIS_URL is not set)', () => {
  it('outlives a lost Redis connection: events the adapter could not publish do not end the process', async () => {
    const server = http.createServer();
    const realtime = createRealtime(server, {
      redisUrl: process.env.REDIS_URL,
      redisKey: `io-test-${crypto.randomUUID()}`,
      authenticate: async () => null,
    });
    opened.push({ realtime, server });
    const pub = (
      realtime.chat.adapter as unknown as { pubClient: { status: string; disconnect(): void; once(e: string, f: () => void): void } }
    ).pubClient;
    if (pub.status !== 'ready') await new Promise<void>((resolve) => pub.once('ready', resolve));

    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      pub.disconnect();
      // Each of these publishes to the other processes, over the connection that is gone.
      realtime.chat.in('user:1').socketsJoin('community:1');
      realtime.chat.to('user:2').emit('session:revoked');
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      process.off('unhandledRejection', record);
    }
    expect(unhandled).toEqual([]);
  });
});
