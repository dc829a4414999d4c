import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';

/** What a `<feature>.module.ts` is built from: the app's real parts and the app itself (hooks, logger). */
export interface ModuleHost {
  ctx: AppContext;
  app: FastifyInstance;
}

/**
 * What every `<feature>.module.ts` returns. `routes` is registered under /api by modules/index.ts, `rootRoutes` at
 * the root (only what load balancers and scrapers expect there: /healthz, /readyz, /metrics); `api` is the only thing
 * other features may use (services and ports, never repositories).
 */
export interface FeatureModule<Api extends object = object> {
  name: string;
  routes?: FastifyPluginAsyncZod;
  rootRoutes?: FastifyPluginAsyncZod;
  api: Api;
}
