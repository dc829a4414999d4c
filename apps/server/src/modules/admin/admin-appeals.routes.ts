import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminAppealSchema,
  adminAppealsPageSchema,
  adminAppealsQuerySchema,
  appealBodySchema,
  appealSchema,
  decideAppealBodySchema,
  idParamSchema,
  suspensionAppealBodySchema,
} from '@tribeverse/shared';
import { bearer, currentUserId, errorResponses } from '../../http/route-kit.ts';
import type { Staff } from './admin.policy.ts';
import type { AdminAppealsService } from './admin-appeals.service.ts';

/** POST /api/appeals (a member, of a removal) and /api/appeals/suspension (a suspended member, with no session). */
export const appealRoutes: FastifyPluginAsyncZod<{ appeals: AdminAppealsService }> = async (app, { appeals }) => {
  const tags = ['appeals'];
  app.post(
    '/appeals',
    {
      schema: {
        tags,
        description: 'Appeals a moderation action about the caller (`action_id` from its notification), once.',
        security: bearer,
        body: appealBodySchema,
        response: { 201: appealSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await appeals.appeal(currentUserId(request), request.body.action_id, request.body.text)),
  );

  app.post(
    '/appeals/suspension',
    {
      // No session to count by: per address, and few, as a token is only good for one appeal anyway.
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        description:
          "Appeals the caller's suspension with the `appeal_token` of the 403 ACCOUNT_SUSPENDED sign-in answered (valid a day). Signs nobody in.",
        body: suspensionAppealBodySchema,
        response: { 201: appealSchema, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request, reply) => reply.status(201).send(await appeals.appealSuspension(request.body.token, request.body.text)),
  );
};

/** /api/admin/appeals: registered inside the admin area, behind its 404. */
export const adminAppealsRoutes: FastifyPluginAsyncZod<{ appeals: AdminAppealsService; staff(request: FastifyRequest): Staff }> = async (
  app,
  { appeals, staff },
) => {
  const tags = ['admin'];
  app.get(
    '/admin/appeals',
    {
      schema: {
        tags,
        security: bearer,
        querystring: adminAppealsQuerySchema,
        response: { 200: adminAppealsPageSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => appeals.page(request.query.status, request.query.before, request.query.limit),
  );

  app.post(
    '/admin/appeals/:id/decide',
    {
      schema: {
        tags,
        security: bearer,
        description: 'Accepting reverses the action (the content comes back, the suspension is lifted); the member is told either way.',
        params: idParamSchema,
        body: decideAppealBodySchema,
        response: { 200: adminAppealSchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => appeals.decide(staff(request), request.params.id, request.body),
  );
};
