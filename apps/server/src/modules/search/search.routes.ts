import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchQuerySchema, searchResponseSchema } from '@tribeverse/shared';
import { bearer, currentUserId, errorResponses } from '../../http/route-kit.ts';
import type { SearchService } from './search.service.ts';

export const searchRoutes: FastifyPluginAsyncZod<{ service: SearchService }> = async (app, { service }) => {
  app.get(
    '/search',
    {
      config: { access: 'member' },
      schema: {
        tags: ['search'],
        security: bearer,
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => service.search(currentUserId(request), request.query),
  );
};
