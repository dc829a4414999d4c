import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  messageResponseSchema,
  resetPasswordBodySchema,
  resetPasswordParamsSchema,
  sendResetCodeBodySchema,
  sendResetCodeResponseSchema,
  verifyResetCodeBodySchema,
  verifyResetCodeResponseSchema,
} from '@tribeverse/shared';
import { errorResponses } from '../../http/route-kit.ts';
import type { CodesParts } from './codes.types.ts';

export const passwordResetRoutes: FastifyPluginAsyncZod<{ parts: CodesParts }> = async (app, { parts }) => {
  const { passwordReset } = parts;
  const errors = errorResponses(400, 429);

  app.post(
    '/send-reset-code',
    {
      schema: { tags: ['auth'], body: sendResetCodeBodySchema, response: { 200: sendResetCodeResponseSchema, ...errors } },
      // Per address the service keeps a cooldown and an hourly cap (and says so); this caps one client across many addresses.
      config: { access: 'public', rateLimit: { max: 5, timeWindow: '10 minutes' } },
    },
    async (request) => passwordReset.sendCode(request.body.email),
  );

  app.post(
    '/verify-reset-code',
    {
      schema: { tags: ['auth'], body: verifyResetCodeBodySchema, response: { 200: verifyResetCodeResponseSchema, ...errors } },
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '10 minutes' } },
    },
    async (request) => passwordReset.verifyCode(request.body.email, request.body.code),
  );

  app.post(
    '/reset-password/:resetToken',
    {
      schema: {
        tags: ['auth'],
        params: resetPasswordParamsSchema,
        body: resetPasswordBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '10 minutes' } },
    },
    async (request) => {
      await passwordReset.resetPassword(request.params.resetToken, request.body.password);
      return { message: 'Password has been reset!' };
    },
  );
};
