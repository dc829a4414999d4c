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
      realtime.chat.adapter as unknown as {
        pubClient: {
          status: string;
          disconnect(): void;
          once(e: string, f: () => void): void;
          publish(channel: string, message: string): Promise<number>;
        };
      }
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
      // The closed connection refuses commands in the order they were given: once one of ours is refused, the adapter's
      // were too, and a turn of the event loop later any of them nobody handled has been reported.
      await expect(pub.publish(`io-test-${crypto.randomUUID()}`, 'x')).rejects.toThrow();
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('unhandledRejection', record);
    }
    expect(unhandled).toEqual([]);
  });
});
