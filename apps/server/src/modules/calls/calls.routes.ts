import { iceServersSchema } from '@tribeverse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearer, currentUserId, errorResponses } from '../../http/route-kit.ts';
import type { CallsConfig } from '../../lib/env-calls.ts';
import { iceServersFor } from './calls-ice.ts';

/** GET /api/calls/ice-servers: where a member's browser finds STUN and TURN, with TURN credentials of its own. */
export const callsRoutes =
  (config: CallsConfig): FastifyPluginAsyncZod =>
  async (api) => {
    api.get(
      '/calls/ice-servers',
      { schema: { tags: ['calls'], security: bearer, response: { 200: iceServersSchema, ...errorResponses(401, 429) } } },
      async (request, reply) => {
        // Credentials are the member's own and short-lived: no cache keeps them.
        reply.header('Cache-Control', 'no-store');
        return iceServersFor(config, currentUserId(request));
      },
    );
  };
