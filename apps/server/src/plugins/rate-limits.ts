import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { ErrorCode } from '@tribeverse/shared';
import type { Config } from '../lib/env.ts';
import { closeRedis } from '../lib/redis.ts';

/**
 * Per-route limits (declared in each route's `config.rateLimit`), shared through Redis when there is one so that
 * several processes count together; answered 429 `{code, msg}` with the wait.
 */
export async function registerRateLimits(app: FastifyInstance, config: Config, nameSpace: string) {
  // Runs before the rate-limit plugin reads each route's limit, so one factor scales them all.
  if (config.rateLimitFactor !== 1) {
    app.addHook('onRoute', (route) => {
      const limit = (route.config as { rateLimit?: { max?: unknown } } | undefined)?.rateLimit;
      if (limit && typeof limit.max === 'number') limit.max = Math.ceil(limit.max * config.rateLimitFactor);
    });
  }
  const redis = config.redisUrl ? new Redis(config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1 }) : undefined;
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      code: ErrorCode.RATE_LIMITED,
      msg: `Too many requests. Try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`,
    }),
  });
  app.addHook('onClose', async () => {
    if (redis) await closeRedis(redis);
  });
}
