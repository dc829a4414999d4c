import type { FeatureModule, ModuleHost } from '../module.ts';
import { HealthRepository } from './health.repository.ts';
import { healthRoutes } from './health.routes.ts';

/** Liveness for load balancers, and the dev outbox (never in production). */
export function createHealthModule({ ctx }: ModuleHost): FeatureModule {
  const health = new HealthRepository(ctx.db);
  const outbox = ctx.config.isProduction ? null : (ctx.mailer.outbox ?? []);
  return { name: 'health', routes: (api) => healthRoutes(api, { health, outbox }), api: {} };
}
