import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  authResponseSchema,
  twoStepResendBodySchema,
  twoStepResendResponseSchema,
  twoStepStatusSchema,
  twoStepToggleBodySchema,
  twoStepVerifyBodySchema,
} from '@tribeverse/shared';
import type { AccountModule } from './account.module.ts';
import { currentUser } from './auth.guard.ts';

export const twoStepRoutes: FastifyPluginAsyncZod<{ account: AccountModule }> = async (app, { account }) => {
  const { auth, twoStep, requireAuth, presentMe } = account;
  const security = [{ bearer: [] }];
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

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
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
    },
    async (request) => {
      const { user, token } = await twoStep.verify(request.body.challenge_token, request.body.code);
      return { access_token: token, user: await presentMe(user) };
    },
  );

  app.post(
    '/auth/two-step/resend',
    {
      schema: { tags: ['auth'], body: twoStepResendBodySchema, response: { 200: twoStepResendResponseSchema, ...errors } },
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
    },
    async (request) => twoStep.resend(request.body.challenge_token),
  );

  app.get(
    '/auth/two-step',
    { schema: { tags: ['auth'], security, response: { 200: twoStepStatusSchema, 401: apiErrorSchema } }, preHandler: requireAuth },
    async (request) => twoStep.status(await auth.requireUser(currentUser(request).userId)),
  );

  for (const [path, enabled] of [['/auth/two-step/enable', true], ['/auth/two-step/disable', false]] as const) {
    app.post(
      path,
      {
        schema: { tags: ['auth'], security, body: twoStepToggleBodySchema, response: { 200: twoStepStatusSchema, ...errors } },
        preHandler: requireAuth,
        // A password check: a session left open must not become a way to guess it.
        config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      },
      async (request) => twoStep.setEnabled(await auth.requireUser(currentUser(request).userId), enabled, request.body.password),
    );
  }
};
