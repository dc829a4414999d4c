import type { FastifyInstance } from 'fastify';
import { DECODE_PIXELS_PER_WINDOW, DECODE_WINDOW_MS, decodeOwner } from '../lib/decode-budget.ts';
import { budgetStore, MemberBudget } from '../lib/member-budget.ts';
import type { Config } from '../lib/env.ts';

/**
 * Runs every request in a context that knows its member (once the access guard has found them), so a picture decoded
 * anywhere in the request is charged to that member's pixel budget without each feature passing the member along.
 */
export function registerDecodeBudget(app: FastifyInstance, config: Config, prefix: string) {
  const store = budgetStore(config.redisUrl, prefix);
  const budget = new MemberBudget(
    'decode-pixels',
    Math.ceil(DECODE_PIXELS_PER_WINDOW * config.rateLimitFactor),
    DECODE_WINDOW_MS,
    store.store,
  );
  app.addHook('onRequest', (request, _reply, done) => {
    decodeOwner.run({ userId: () => request.auth?.userId ?? null, budget }, done);
  });
  app.addHook('onClose', async () => store.close());
}
