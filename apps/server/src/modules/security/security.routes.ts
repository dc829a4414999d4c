import type { FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  backupCodesResponseSchema,
  changePasswordBodySchema,
  messageResponseSchema,
  totpDisableBodySchema,
  totpEnableBodySchema,
  totpSetupBodySchema,
  totpSetupResponseSchema,
  totpStatusSchema,
} from '@tribeverse/shared';
import { bearer, currentIdentity, currentUserId, errorResponses } from '../../http/route-kit.ts';
import type { Member } from '../users/users.service.ts';
import type { SecurityParts } from './security.types.ts';
import { emailChangeRoutes } from './security-email-change.routes.ts';
import { twoStepRoutes } from './security-two-step.routes.ts';

/** Settings → Security: two-step verification, the authenticator app, changing the password and the address. */
export const securityRoutes: FastifyPluginAsyncZod<{ parts: SecurityParts }> = async (app, { parts }) => {
  const { accounts, totp, passwordChange } = parts;
  // Every write here checks the password: a session left open must not become a way to guess it.
  const passwordChecked = { access: 'member' as const, rateLimit: { max: 10, timeWindow: '10 minutes' } };
  const me = async (request: Parameters<typeof currentUserId>[0]) => accounts.requireUser(currentUserId(request));

  /** A password-checked change of the signed-in member's authenticator: one shape for each of its calls. */
  function authenticatorRoute<Body extends z.ZodType, Reply extends z.ZodType>(
    path: string,
    route: { description?: string; body: Body; reply: Reply },
    act: (user: Member, body: z.output<Body>) => Promise<z.input<Reply>>,
  ) {
    const { description, body, reply } = route;
    // Typed as a plain schema: the route's generics, not the schema's, type what `act` takes and answers.
    const schema: FastifySchema = {
      tags: ['security'],
      ...(description && { description }),
      security: bearer,
      body,
      response: { 200: reply, ...errorResponses(400, 401, 409, 429) },
    };
    app.post(path, { schema, config: passwordChecked }, async (request) => act(await me(request), request.body as z.output<Body>));
  }

  app.get(
    '/auth/totp',
    {
      schema: { tags: ['security'], security: bearer, response: { 200: totpStatusSchema, ...errorResponses(401) } },
    },
    async (request) => totp.status(await me(request)),
  );

  authenticatorRoute(
    '/auth/totp/setup',
    {
      description: 'A new secret for an authenticator app (QR code and key); it is on only after /auth/totp/enable.',
      body: totpSetupBodySchema,
      reply: totpSetupResponseSchema,
    },
    (user, body) => totp.startSetup(user, body.password),
  );
  authenticatorRoute(
    '/auth/totp/enable',
    {
      description: 'The first code from the app turns it on; the answer holds the ten backup codes, shown only this once.',
      body: totpEnableBodySchema,
      reply: backupCodesResponseSchema,
    },
    (user, body) => totp.enable(user, body.password, body.code),
  );
  authenticatorRoute('/auth/totp/disable', { body: totpDisableBodySchema, reply: totpStatusSchema }, (user, body) =>
    totp.disable(user, body.password, body.code),
  );
  authenticatorRoute(
    '/auth/totp/backup-codes',
    { description: 'Ten new backup codes; the old ones stop working.', body: totpDisableBodySchema, reply: backupCodesResponseSchema },
    (user, body) => totp.regenerateBackupCodes(user, body.password, body.code),
  );

  app.post(
    '/auth/password',
    {
      schema: {
        tags: ['security'],
        description: 'Changes the password; every other session is signed out.',
        security: bearer,
        body: changePasswordBodySchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 409, 429) },
      },
      config: passwordChecked,
    },
    async (request) => {
      const { userId, sessionId } = currentIdentity(request);
      await passwordChange.change(userId, sessionId, request.body.current_password, request.body.new_password);
      return { message: 'Your password was changed. Other sessions were signed out.' };
    },
  );

  await app.register(twoStepRoutes, { parts });
  await app.register(emailChangeRoutes, { parts });
};
