import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamSchema,
  pushKeySchema,
  pushPreferencesSchema,
  pushSubscriptionBodySchema,
  pushSubscriptionCreatedSchema,
  updatePushPreferencesBodySchema,
  z,
} from '@tribeverse/shared';
import { bearer, currentIdentity, currentUserId, errorResponses } from '../../http/route-kit.ts';
import type { PushService } from './push.service.ts';

export const pushRoutes: FastifyPluginAsyncZod<{ push: PushService }> = async (app, { push }) => {
  const tags = ['push'];

  app.get('/push/key', { config: { access: 'public' }, schema: { tags, response: { 200: pushKeySchema } } }, async () => push.key());

  app.post(
    '/push/subscriptions',
    {
      // Each subscription is checked by resolving its host: a member cannot make the server do that without bound.
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        security: bearer,
        body: pushSubscriptionBodySchema,
        response: { 201: pushSubscriptionCreatedSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => reply.status(201).send(await push.subscribe(currentIdentity(request), request.body)),
  );

  app.delete(
    '/push/subscriptions/:id',
    { schema: { tags, security: bearer, params: idParamSchema, response: { 204: z.null(), ...errorResponses(400, 401, 404) } } },
    async (request, reply) => {
      await push.unsubscribe(currentUserId(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/push/preferences',
    { schema: { tags, security: bearer, response: { 200: pushPreferencesSchema, ...errorResponses(401) } } },
    async (request) => push.preferences(currentUserId(request)),
  );

  app.patch(
    '/push/preferences',
    {
      schema: {
        tags,
        security: bearer,
        body: updatePushPreferencesBodySchema,
        response: { 200: pushPreferencesSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => push.updatePreferences(currentUserId(request), request.body),
  );
};
