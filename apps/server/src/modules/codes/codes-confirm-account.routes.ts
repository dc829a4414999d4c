import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { confirmAccountBodySchema, confirmAccountResponseSchema, confirmStatusSchema, resendCodeResponseSchema } from '@tribeverse/shared';
import type { CodesParts } from './codes.types.ts';
import { bearer, currentUserId, errorResponses } from '../../http/route-kit.ts';

export const confirmAccountRoutes: FastifyPluginAsyncZod<{ parts: CodesParts }> = async (app, { parts }) => {
  const { accounts, confirmation, presentMe } = parts;
  const errors = errorResponses(400, 401, 409, 429);

  app.get(
    '/auth/confirm-account',
    { schema: { tags: ['auth'], security: bearer, response: { 200: confirmStatusSchema, ...errorResponses(401) } } },
    async (request) => confirmation.status(await accounts.requireUser(currentUserId(request))),
  );

  app.post(
    '/auth/confirm-account',
    {
      schema: {
        tags: ['auth'],
        security: bearer,
        body: confirmAccountBodySchema,
        response: { 200: confirmAccountResponseSchema, ...errors },
      },
      // Five tries per code already; this stops one address from cycling through accounts.
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
    },
    async (request) => {
      const user = await accounts.requireUser(currentUserId(request));
      const confirmed = await confirmation.confirm(user, request.body.code);
      return { message: 'Account confirmed', user: await presentMe(confirmed) };
    },
  );

  app.post(
    '/auth/confirm-account/resend',
    {
      schema: { tags: ['auth'], security: bearer, response: { 200: resendCodeResponseSchema, ...errors } },
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
    },
    async (request) => confirmation.resend(await accounts.requireUser(currentUserId(request))),
  );
};
