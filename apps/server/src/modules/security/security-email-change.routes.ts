import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { confirmEmailChangeBodySchema, userSchema } from '@tribeverse/shared';
import { currentUserId, errorResponses } from '../../http/route-kit.ts';
import type { SecurityParts } from './security.types.ts';

/** The second half of an email change begun in PATCH /api/auth/edit-profile. */
export const emailChangeRoutes: FastifyPluginAsyncZod<{ parts: SecurityParts }> = async (app, { parts }) => {
  const { accounts, emailChange, presentMe } = parts;
  const schema = { tags: ['profile'], security: [{ bearer: [] }] };

  app.post(
    '/auth/email-change/confirm',
    {
      schema: {
        ...schema,
        description: 'The code mailed to the pending address; the address then replaces the old one.',
        body: confirmEmailChangeBodySchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 409, 429) },
      },
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
    },
    async (request) => {
      const user = await accounts.requireUser(currentUserId(request));
      return presentMe(await emailChange.confirm(user, request.body.code));
    },
  );

  app.delete(
    '/auth/email-change',
    { schema: { ...schema, description: 'Drops the pending address.', response: { 200: userSchema, ...errorResponses(401) } } },
    async (request) => presentMe(await emailChange.cancel(await accounts.requireUser(currentUserId(request)))),
  );
};
