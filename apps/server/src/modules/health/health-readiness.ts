import { Redis } from 'ioredis';
import { closeRedis } from '../../lib/redis.ts';
import type { HealthRepository } from './health.repository.ts';

/** How long each check may take: a database that hangs makes the process not ready, never a probe that hangs. */
export const READINESS_TIMEOUT_MS = 2000;

/** Resolves true when `work` settles in time and did not fail. */
async function answersWithin(work: () => Promise<unknown>, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([
      work().then(
        () => true,
        () => false,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether this process can serve: its database, and Redis when the deployment has one. */
export class Readiness {
  private readonly redis: Redis | undefined;

  constructor(
    private readonly health: HealthRepository,
    redisUrl: string | undefined,
    private readonly timeoutMs = READINESS_TIMEOUT_MS,
  ) {
    // Its own connection. A ping made while it (re)connects waits for it, up to the check's timeout; one made while
    // Redis is down fails at the next failed reconnect, so pings never pile up.
    this.redis = redisUrl ? new Redis(redisUrl, { connectTimeout: timeoutMs, maxRetriesPerRequest: 0 }) : undefined;
    this.redis?.on('error', () => {
      // Reported by /readyz; ioredis reconnects on its own.
    });
  }

  /** The name of the first part that does not answer in time, or null when all do. */
  async check(): Promise<'database' | 'Redis' | null> {
    const [database, redis] = await Promise.all([
      answersWithin(() => this.health.ping(), this.timeoutMs),
      this.redis ? answersWithin(() => this.redis!.ping(), this.timeoutMs) : true,
    ]);
    return !database ? 'database' : !redis ? 'Redis' : null;
  }

  async close() {
    if (this.redis) await closeRedis(this.redis);
  }
}
