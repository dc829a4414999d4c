import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { heldParamsSchema, heldQueueSchema, resolveHeldBodySchema } from '@tribeverse/shared';
import { bearer, errorResponses } from '../../http/route-kit.ts';
import type { Staff } from './admin.policy.ts';
import type { AdminHeldService } from './admin-held.service.ts';

/** /api/admin/held: posts, comments, messages and profile changes held for review. Inside the admin area's 404. */
export const adminHeldRoutes: FastifyPluginAsyncZod<{ held: AdminHeldService; staff(request: FastifyRequest): Staff }> = async (
  app,
  { held, staff },
) => {
  const tags = ['admin'];
  const answer = { 200: heldQueueSchema, ...errorResponses(400, 404) };
  app.get('/admin/held', { schema: { tags, security: bearer, response: { 200: heldQueueSchema, ...errorResponses(404) } } }, async () =>
    held.list(),
  );
  app.post(
    '/admin/held/:kind/:id/release',
    {
      schema: { tags, security: bearer, description: 'It reaches everyone, as a new one.', params: heldParamsSchema, response: answer },
    },
    async (request) => held.release(staff(request), request.params.kind, request.params.id),
  );
  app.post(
    '/admin/held/:kind/:id/remove',
    {
      schema: {
        tags,
        security: bearer,
        description: 'It is taken down; its author is told why (`note`) and may appeal.',
        params: heldParamsSchema,
        body: resolveHeldBodySchema,
        response: answer,
      },
    },
    async (request) => held.remove(staff(request), request.params.kind, request.params.id, request.body.note || null),
  );
};
