import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { revokedSessionsResponseSchema, sessionParamsSchema, sessionsResponseSchema } from '@tribeverse/shared';
import { bearer, currentIdentity, currentUserId, errorResponses } from '../../http/route-kit.ts';
import type { AuthParts } from './auth.types.ts';

/** Settings → Security → Active sessions: where the member is signed in, and signing any of them out. */
export const sessionsRoutes: FastifyPluginAsyncZod<{ parts: AuthParts }> = async (app, { parts }) => {
  const { sessionsService } = parts;

  app.get(
    '/auth/sessions',
    {
      schema: { tags: ['security'], security: bearer, response: { 200: sessionsResponseSchema, ...errorResponses(401) } },
    },
    async (request) => {
      const { userId, sessionId } = currentIdentity(request);
      return { sessions: await sessionsService.list(userId, sessionId) };
    },
  );

  app.delete(
    '/auth/sessions/:id',
    {
      schema: {
        tags: ['security'],
        description: "Signs that session out; its sockets close at once. Another member's session is answered 404.",
        security: bearer,
        params: sessionParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await sessionsService.revoke(currentUserId(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/auth/sessions',
    {
      schema: {
        tags: ['security'],
        description: 'Signs out every other session of the member; this one stays.',
        security: bearer,
        response: { 200: revokedSessionsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { userId, sessionId } = currentIdentity(request);
      return { revoked: await sessionsService.revokeOthers(userId, sessionId) };
    },
  );
};
