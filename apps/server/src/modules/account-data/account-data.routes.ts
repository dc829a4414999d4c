import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteAccountBodySchema } from '@tribeverse/shared';
import { bearer, currentIdentity, currentUserId, errorResponses } from '../../http/route-kit.ts';
import type { AccountDataService } from './account-data.service.ts';

export async function accountDataRoutes(scope: FastifyInstance, { service }: { service: AccountDataService }) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/account/export',
    {
      schema: {
        tags: ['account'],
        description: 'Everything the member made and chose, as a JSON file to download.',
        security: bearer,
        response: { 200: z.record(z.string(), z.unknown()), ...errorResponses(401, 429) },
      },
      config: { access: 'member', rateLimit: { max: 10, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const data = await service.export(currentUserId(request));
      const day = new Date().toISOString().slice(0, 10);
      reply.header('content-disposition', `attachment; filename="tribeverse-data-${day}.json"`);
      reply.header('cache-control', 'no-store');
      return data;
    },
  );

  app.delete(
    '/account',
    {
      schema: {
        tags: ['account'],
        description:
          'Deletes the account: the password, or for a Google/Apple-only account a sign-in within the last 10 minutes. Sessions end, sockets close, files are removed; messages others received stay, from "Deleted member".',
        security: bearer,
        body: deleteAccountBodySchema.optional(),
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 429) },
      },
      // A password check: a session left open must not become a way to guess it.
      config: { access: 'member', rateLimit: { max: 10, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const { userId, sessionId } = currentIdentity(request);
      await service.delete(userId, sessionId, request.body?.password);
      return reply.status(204).send(null);
    },
  );
}
