import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  backupCodesResponseSchema,
  changePasswordBodySchema,
  messageResponseSchema,
  revokedSessionsResponseSchema,
  sessionParamsSchema,
  sessionsResponseSchema,
  totpDisableBodySchema,
  totpEnableBodySchema,
  totpSetupBodySchema,
  totpSetupResponseSchema,
  totpStatusSchema,
} from '@tribeverse/shared';
import { bearer, currentIdentity, currentUserId, errorResponses } from '../../http/route-kit.ts';
import type { AuthParts } from './auth.types.ts';

/** Settings → Security: the authenticator app, active sessions and changing the password. */
export const securityRoutes: FastifyPluginAsyncZod<{ parts: AuthParts }> = async (app, { parts }) => {
  const { auth, totp, sessionsService, passwordChange } = parts;
  // Every write here checks the password: a session left open must not become a way to guess it.
  const passwordChecked = { access: 'member' as const, rateLimit: { max: 10, timeWindow: '10 minutes' } };
  const me = async (request: Parameters<typeof currentUserId>[0]) => auth.requireUser(currentUserId(request));

  app.get(
    '/auth/totp',
    {
      schema: { tags: ['security'], security: bearer, response: { 200: totpStatusSchema, ...errorResponses(401) } },
    },
    async (request) => totp.status(await me(request)),
  );

  app.post(
    '/auth/totp/setup',
    {
      schema: {
        tags: ['security'],
        description: 'A new secret for an authenticator app (QR code and key); it is on only after /auth/totp/enable.',
        security: bearer,
        body: totpSetupBodySchema,
        response: { 200: totpSetupResponseSchema, ...errorResponses(400, 401, 409, 429) },
      },
      config: passwordChecked,
    },
    async (request) => totp.startSetup(await me(request), request.body.password),
  );

  app.post(
    '/auth/totp/enable',
    {
      schema: {
        tags: ['security'],
        description: 'The first code from the app turns it on; the answer holds the ten backup codes, shown only this once.',
        security: bearer,
        body: totpEnableBodySchema,
        response: { 200: backupCodesResponseSchema, ...errorResponses(400, 401, 409, 429) },
      },
      config: passwordChecked,
    },
    async (request) => totp.enable(await me(request), request.body.password, request.body.code),
  );

  app.post(
    '/auth/totp/disable',
    {
      schema: {
        tags: ['security'],
        security: bearer,
        body: totpDisableBodySchema,
        response: { 200: totpStatusSchema, ...errorResponses(400, 401, 409, 429) },
      },
      config: passwordChecked,
    },
    async (request) => totp.disable(await me(request), request.body.password, request.body.code),
  );

  app.post(
    '/auth/totp/backup-codes',
    {
      schema: {
        tags: ['security'],
        description: 'Ten new backup codes; the old ones stop working.',
        security: bearer,
        body: totpDisableBodySchema,
        response: { 200: backupCodesResponseSchema, ...errorResponses(400, 401, 409, 429) },
      },
      config: passwordChecked,
    },
    async (request) => totp.regenerateBackupCodes(await me(request), request.body.password, request.body.code),
  );

  app.get(
    '/auth/sessions',
    {
      schema: { tags: ['security'], security: bearer, response: { 200: sessionsResponseSchema, ...errorResponses(401) } },
    },
    async (request) => {
      const { userId, sessionId } = currentIdentity(request);
      return { sessions: await sessionsService.list(userId, sessionId) };
    },
  );

  app.delete(
    '/auth/sessions/:id',
    {
      schema: {
        tags: ['security'],
        description: "Signs that session out; its sockets close at once. Another member's session is answered 404.",
        security: bearer,
        params: sessionParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await sessionsService.revoke(currentUserId(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/auth/sessions',
    {
      schema: {
        tags: ['security'],
        description: 'Signs out every other session of the member; this one stays.',
        security: bearer,
        response: { 200: revokedSessionsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { userId, sessionId } = currentIdentity(request);
      return { revoked: await sessionsService.revokeOthers(userId, sessionId) };
    },
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
};
