import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailUnsubscribeQuerySchema, PushErrorCode, z } from '@tribeverse/shared';
import { errorResponses } from '../../http/route-kit.ts';
import { badRequest } from '../../lib/errors.ts';
import type { UnsubscribeTokens } from './mail-unsubscribe.ts';
import type { PushService } from './push.service.ts';

/**
 * One-click unsubscribe (RFC 8058): the mail client posts `List-Unsubscribe=One-Click` as a form to the link in the
 * mail's List-Unsubscribe header, with no session. The signed token says who and which mail; that kind is turned off.
 */
export const mailUnsubscribeRoutes: FastifyPluginAsyncZod<{ push: PushService; tokens: UnsubscribeTokens }> = async (
  app,
  { push, tokens },
) => {
  await app.register(formbody, { bodyLimit: 1024 });
  app.post(
    '/push/mail/unsubscribe',
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags: ['push'], querystring: mailUnsubscribeQuerySchema, response: { 204: z.null(), ...errorResponses(400, 429) } },
    },
    async (request, reply) => {
      const named = tokens.read(request.query.token);
      if (!named) throw badRequest('This unsubscribe link is not valid.', PushErrorCode.UNSUBSCRIBE_TOKEN_INVALID, 'token');
      await push.updatePreferences(named.userId, { mail: { [named.kind]: false } });
      return reply.status(204).send(null);
    },
  );
};
