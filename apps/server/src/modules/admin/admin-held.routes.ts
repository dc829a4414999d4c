import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { heldPostsSchema, idParamSchema, resolveHeldBodySchema } from '@tribeverse/shared';
import { bearer, errorResponses } from '../../http/route-kit.ts';
import type { Staff } from './admin.policy.ts';
import type { AdminHeldService } from './admin-held.service.ts';

/** /api/admin/held: posts held for review. Registered inside the admin area, behind its 404. */
export const adminHeldRoutes: FastifyPluginAsyncZod<{ held: AdminHeldService; staff(request: FastifyRequest): Staff }> = async (
  app,
  { held, staff },
) => {
  const tags = ['admin'];
  const answer = { 200: heldPostsSchema, ...errorResponses(400, 404) };
  app.get('/admin/held', { schema: { tags, security: bearer, response: { 200: heldPostsSchema, ...errorResponses(404) } } }, async () =>
    held.list(),
  );
  app.post(
    '/admin/held/:id/release',
    {
      schema: { tags, security: bearer, description: 'The post reaches everyone, as a new one.', params: idParamSchema, response: answer },
    },
    async (request) => held.release(staff(request), request.params.id),
  );
  app.post(
    '/admin/held/:id/remove',
    {
      schema: {
        tags,
        security: bearer,
        description: 'The post is taken down; its author is told why (`note`) and may appeal.',
        params: idParamSchema,
        body: resolveHeldBodySchema,
        response: answer,
      },
    },
    async (request) => held.remove(staff(request), request.params.id, request.body.note || null),
  );
};
