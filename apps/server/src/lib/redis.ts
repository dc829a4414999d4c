import type { Redis } from 'ioredis';

/**
 * Lets a client still connecting finish (the adapter's subscriptions are queued on it, and cutting the line under
 * them would leave their promises rejected with nobody listening), then quits after the replies. Bounded: a Redis
 * that never answers does not hold up the shutdown.
 */
export async function closeRedis(client: Redis, waitMs = 2000) {
  if (client.status === 'connecting' || client.status === 'connect' || client.status === 'wait') {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, waitMs);
      timer.unref();
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      client.once('ready', done);
      client.once('end', done);
    });
  }
  if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
  else client.disconnect();
}
