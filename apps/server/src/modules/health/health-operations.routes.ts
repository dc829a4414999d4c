import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorCode } from '@tribeverse/shared';
import type { Metrics } from '../../lib/metrics.ts';
import { bearsToken, fromThisMachine } from './health-local-only.ts';
import type { Readiness } from './health-readiness.ts';

/**
 * What load balancers and scrapers call, at the root: /healthz (the process runs), /readyz (its database and Redis
 * answer) and /metrics. Not in the API's documentation and not rate limited: a probe must never be refused.
 */
export const operationsRoutes: FastifyPluginAsyncZod<{ readiness: Readiness; metrics: Metrics; metricsToken?: string }> = async (
  app,
  { readiness, metrics, metricsToken },
) => {
  const hidden = { schema: { hide: true }, config: { access: 'public' as const } };

  // No database work: a slow database must not get a live process restarted, only taken out of rotation.
  app.get('/healthz', hidden, async () => ({ status: 'ok' }));

  app.get('/readyz', hidden, async (_request, reply) => {
    const failing = await readiness.check();
    if (failing) return reply.status(503).send({ code: 'NOT_READY', msg: `Not ready: ${failing} does not answer.` });
    return { status: 'ok' };
  });

  // Route names, volumes and pool sizes are for the operator: the machine itself (a local scraper or agent), or
  // whoever holds METRICS_TOKEN. Anyone else is told there is nothing here.
  app.get('/metrics', hidden, async (request, reply) => {
    if (!fromThisMachine(request) && !bearsToken(request, metricsToken))
      return reply.status(404).send({ code: ErrorCode.NOT_FOUND, msg: 'Not found.' });
    const { contentType, body } = await metrics.text();
    return reply.type(contentType).send(body);
  });
};
