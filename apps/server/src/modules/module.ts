import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';

/** What a `<feature>.module.ts` is built from: the app's real parts and the app itself (hooks, logger). */
export interface ModuleHost {
  ctx: AppContext;
  app: FastifyInstance;
}

/**
 * What every `<feature>.module.ts` returns. `routes` is registered under /api by modules/index.ts; `api` is the
 * only thing other features may use (services and ports, never repositories).
 */
export interface FeatureModule<Api extends object = object> {
  name: string;
  routes?: FastifyPluginAsyncZod;
  api: Api;
}
