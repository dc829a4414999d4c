import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  confirmAccountBodySchema,
  confirmAccountResponseSchema,
  confirmStatusSchema,
  resendCodeResponseSchema,
} from '@tribeverse/shared';
import type { CodesParts } from './codes.types.ts';
import { currentUserId } from '../../http/route-kit.ts';

export const confirmAccountRoutes: FastifyPluginAsyncZod<{ parts: CodesParts }> = async (app, { parts }) => {
  const { accounts, confirmation, presentMe } = parts;
  const security = [{ bearer: [] }];
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

  app.get(
    '/auth/confirm-account',
    { schema: { tags: ['auth'], security, response: { 200: confirmStatusSchema, 401: apiErrorSchema } } },
    async (request) => confirmation.status(await accounts.requireUser(currentUserId(request))),
  );

  app.post(
    '/auth/confirm-account',
    {
      schema: { tags: ['auth'], security, body: confirmAccountBodySchema, response: { 200: confirmAccountResponseSchema, ...errors } },
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
      schema: { tags: ['auth'], security, response: { 200: resendCodeResponseSchema, ...errors } },
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
    },
    async (request) => confirmation.resend(await accounts.requireUser(currentUserId(request))),
  );
};
