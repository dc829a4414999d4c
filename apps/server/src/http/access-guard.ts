import type { FastifyInstance, preHandlerHookHandler } from 'fastify';

export interface AccessGuards {
  /** A live session, or 401. */
  member: preHandlerHookHandler;
  /** After `member`: a member who may write what others read, or 403. */
  writer: preHandlerHookHandler;
}

/**
 * Applies each route's declared `config.access` (see route-kit.ts) to every route registered in this scope after
 * it: the guard runs before the route's own preHandlers.
 */
export function installAccessGuard(scope: FastifyInstance, guards: AccessGuards) {
  scope.addHook('onRoute', (route) => {
    const access = route.config?.access ?? 'member';
    if (access === 'public') return;
    const own = route.preHandler ? (Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) : [];
    route.preHandler = [...(access === 'writer' ? [guards.member, guards.writer] : [guards.member]), ...own];
  });
}
