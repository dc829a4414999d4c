import type { FeatureModule, ModuleHost } from '../module.ts';
import { HealthRepository } from './health.repository.ts';
import { healthRoutes } from './health.routes.ts';
import { operationsRoutes } from './health-operations.routes.ts';
import { Readiness } from './health-readiness.ts';

/** Liveness and readiness for load balancers, metrics for scrapers, and the dev outbox (never in production). */
export function createHealthModule({ ctx, app }: ModuleHost): FeatureModule {
  const health = new HealthRepository(ctx.db);
  const outbox = ctx.config.isProduction ? null : (ctx.mailer.outbox ?? []);
  const readiness = new Readiness(health, ctx.config.redisUrl);
  ctx.metrics.watchPool(() => health.poolStats());
  app.addHook('onClose', () => readiness.close());
  return {
    name: 'health',
    routes: (api) => healthRoutes(api, { health, outbox }),
    rootRoutes: (root) => operationsRoutes(root, { readiness, metrics: ctx.metrics, metricsToken: ctx.config.metricsToken }),
    api: {},
  };
}
