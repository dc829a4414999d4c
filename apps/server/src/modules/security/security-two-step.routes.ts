import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authResponseSchema,
  twoStepResendBodySchema,
  twoStepResendResponseSchema,
  twoStepStatusSchema,
  twoStepToggleBodySchema,
  twoStepVerifyBodySchema,
} from '@tribeverse/shared';
import { bearer, currentUserId, errorResponses } from '../../http/route-kit.ts';
import { sessionOrigin } from '../auth/auth.service.ts';
import type { SecurityParts } from './security.types.ts';

export const twoStepRoutes: FastifyPluginAsyncZod<{ parts: SecurityParts }> = async (app, { parts }) => {
  const { accounts, twoStep, presentMe } = parts;
  const errors = errorResponses(400, 401, 409, 429);

  app.post(
    '/auth/two-step/verify',
    {
      schema: {
        tags: ['auth'],
        description: 'The second step of a password sign-in: the challenge from /auth/login and the mailed code.',
        body: twoStepVerifyBodySchema,
        response: { 200: authResponseSchema, ...errors },
      },
      // Five tries per code already; this stops one address from cycling through challenges.
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '10 minutes' } },
    },
    async (request) => {
      const { user, token } = await twoStep.verify(request.body.challenge_token, request.body.code, sessionOrigin(request));
      return { access_token: token, user: await presentMe(user) };
    },
  );

  app.post(
    '/auth/two-step/resend',
    {
      schema: { tags: ['auth'], body: twoStepResendBodySchema, response: { 200: twoStepResendResponseSchema, ...errors } },
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '10 minutes' } },
    },
    async (request) => twoStep.resend(request.body.challenge_token),
  );

  app.get(
    '/auth/two-step',
    { schema: { tags: ['auth'], security: bearer, response: { 200: twoStepStatusSchema, ...errorResponses(401) } } },
    async (request) => twoStep.status(await accounts.requireUser(currentUserId(request))),
  );

  for (const [path, enabled] of [
    ['/auth/two-step/enable', true],
    ['/auth/two-step/disable', false],
  ] as const) {
    app.post(
      path,
      {
        schema: { tags: ['auth'], security: bearer, body: twoStepToggleBodySchema, response: { 200: twoStepStatusSchema, ...errors } },
        // A password check: a session left open must not become a way to guess it.
        config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      },
      async (request) => twoStep.setEnabled(await accounts.requireUser(currentUserId(request)), enabled, request.body.password),
    );
  }
};
