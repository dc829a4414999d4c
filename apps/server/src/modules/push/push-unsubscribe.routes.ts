import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailUnsubscribeQuerySchema, PushErrorCode, z } from '@tribeverse/shared';
import { errorResponses } from '../../http/route-kit.ts';
import { badRequest } from '../../lib/errors.ts';
import { confirmPage, donePage } from './push-unsubscribe-page.ts';
import type { UnsubscribeTokens } from './push-unsubscribe.ts';
import { SETTINGS_PATH } from './push-missed-mail-text.ts';
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
  const config = { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } } as const;
  const named = (token: string) => {
    const found = tokens.read(token);
    if (!found) throw badRequest('This unsubscribe link is not valid.', PushErrorCode.UNSUBSCRIBE_TOKEN_INVALID, 'token');
    return found;
  };
  // A browser opening the link: a page that asks, so a link checker opening it turns nothing off.
  app.get(
    '/push/mail/unsubscribe',
    {
      config,
      schema: { tags: ['push'], querystring: mailUnsubscribeQuerySchema, response: { 200: z.string(), ...errorResponses(400, 429) } },
    },
    async (request, reply) => {
      named(request.query.token);
      const action = `/api/push/mail/unsubscribe?token=${encodeURIComponent(request.query.token)}`;
      return reply.type('text/html; charset=utf-8').send(confirmPage(action, SETTINGS_PATH));
    },
  );

  app.post(
    '/push/mail/unsubscribe',
    {
      config,
      schema: {
        tags: ['push'],
        querystring: mailUnsubscribeQuerySchema,
        response: { 200: z.string(), 204: z.null(), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const { userId, kind } = named(request.query.token);
      await push.updatePreferences(userId, { mail: { [kind]: false } });
      // The page's button: the browser shows what happened. A mail client's one-click post gets no body.
      if (request.headers.accept?.includes('text/html')) return reply.type('text/html; charset=utf-8').send(donePage(SETTINGS_PATH));
      return reply.status(204).send(null);
    },
  );
};
