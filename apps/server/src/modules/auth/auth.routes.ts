import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  authResponseSchema,
  loginBodySchema,
  loginResponseSchema,
  messageResponseSchema,
  registerBodySchema,
  registrationPendingSchema,
  userSchema,
} from '@tribeverse/shared';
import type { AuthParts } from './auth.types.ts';
import { currentIdentity, currentUserId } from '../../http/route-kit.ts';
import { sessionOrigin } from './auth-session-origin.ts';
import { sessionsRoutes } from './auth-sessions.routes.ts';

const PENDING_MSG = 'Your account is made and waits for an admin to let you in: we will mail you when they do.';

export const authRoutes: FastifyPluginAsyncZod<{ parts: AuthParts }> = async (app, { parts }) => {
  const { auth, presentMe } = parts;
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema };

  app.post(
    '/auth/register',
    {
      schema: {
        tags: ['auth'],
        description: "201 with a session; 202 without one while sign-ups need an admin's approval; 403 REGISTRATION_CLOSED.",
        body: registerBodySchema,
        response: { 201: authResponseSchema, 202: registrationPendingSchema, 403: apiErrorSchema, ...errors },
      },
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { user, token } = await auth.register(request.body, sessionOrigin(request));
      if (token === null) return reply.status(202).send({ status: 'pending', message: PENDING_MSG });
      return reply.status(201).send({ access_token: token, user: await presentMe(user) });
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        description: 'A session, or, with two-step verification on, a challenge for /auth/two-step/verify and a mailed code.',
        body: loginBodySchema,
        response: { 200: loginResponseSchema, ...errors },
      },
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const result = await auth.signIn(request.body, sessionOrigin(request));
      if (result.kind === 'challenge') return result.challenge;
      return { access_token: result.token, user: await presentMe(result.user) };
    },
  );

  await app.register(sessionsRoutes, { parts });

  app.post(
    '/auth/logout',
    {
      schema: { tags: ['auth'], security: [{ bearer: [] }], response: { 200: messageResponseSchema, 401: apiErrorSchema } },
    },
    async (request) => {
      await auth.logout(currentIdentity(request).sessionId);
      return { message: 'Signed out' };
    },
  );

  app.get(
    '/auth/me',
    { schema: { tags: ['auth'], security: [{ bearer: [] }], response: { 200: userSchema, 401: apiErrorSchema } } },
    async (request) => presentMe(await auth.requireUser(currentUserId(request))),
  );

  app.get(
    '/auth/session',
    {
      schema: {
        tags: ['auth'],
        description: 'Whether the bearer token is still live.',
        security: [{ bearer: [] }],
        response: { 200: z.object({ active: z.literal(true) }), 401: apiErrorSchema },
      },
    },
    async () => ({ active: true as const }),
  );
};
