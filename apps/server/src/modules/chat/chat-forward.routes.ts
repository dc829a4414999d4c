import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forwardBodySchema, forwardResultSchema } from '@tribeverse/shared';
import { currentUserId as me, errorResponses } from '../../http/route-kit.ts';
import { spendSend } from '../../http/send-body.ts';
import type { MemberBudget } from '../../lib/member-budget.ts';
import type { ForwardService } from './chat-forward.service.ts';

/** POST /chat/forward: one call for every kind of conversation, from any the caller reads to any they may write to. */
export function chatForwardRoutes(deps: { forwarding: ForwardService; sendBudget: MemberBudget }): FastifyPluginAsyncZod {
  const { forwarding, sendBudget } = deps;
  return async (app) => {
    app.post(
      '/chat/forward',
      {
        schema: {
          tags: ['chat'],
          security: [{ bearer: [] }],
          description:
            '{message_id, to: {peer_id} | {group_id} | {community_id, channel_id}, client_id?}: a copy of a message the caller may read (its text and a copy of its ' +
            'file, `forwarded_from` its first author) sent to a chat, group or channel they may write to, refused as a send there would be. ' +
            'client_id makes retries safe.',
          body: forwardBodySchema,
          response: { 201: forwardResultSchema, ...errorResponses(400, 401, 403, 404, 429) },
        },
        // A send like any other: the member's one chat budget, and only for members who may write.
        config: { access: 'writer' },
      },
      async (request, reply) => {
        await spendSend(sendBudget, me(request));
        return reply.status(201).send({ message: await forwarding.forward(me(request), request.body) });
      },
    );
  };
}
