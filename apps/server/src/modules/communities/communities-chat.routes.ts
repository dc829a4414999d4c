import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clearResultSchema,
  communityEditBodySchema,
  communityMessageParamsSchema,
  communityMessagesQuerySchema,
  communityMessagesSchema,
  communityParamsSchema,
  communityReactionParamsSchema,
  communityReadBodySchema,
  communityReadResultSchema,
  communitySendResultSchema,
  communityUnreadSchema,
  conversationPinBodySchema,
  muteBodySchema,
  muteResultSchema,
} from '@tribeverse/shared';
import type { CommunityChatService } from './communities-chat.service.ts';
import type { CommunityReadsService } from './communities-reads.service.ts';
import { COMMUNITY_SENDS_PER_MINUTE, common, errors, me, readSend, uploadErrors, type PrepareAttachment } from './communities-http.ts';

/** The community's own chat (its first channel: `/messages`, `/send`), message actions in any channel, reads and mutes. */
export function communityChatRoutes(deps: {
  chat: CommunityChatService;
  reads: CommunityReadsService;
  prepareAttachment: PrepareAttachment;
  rateLimitFactor: number;
}): FastifyPluginAsyncZod {
  const { chat, reads } = deps;

  return async (app) => {
    const params = communityParamsSchema;
    const messageParams = communityMessageParamsSchema;

    app.get('/communities/unread', { schema: { ...common, response: { 200: communityUnreadSchema, ...errors } } }, async (request) =>
      reads.unread(me(request)),
    );

    app.get(
      '/communities/:id/messages',
      {
        schema: {
          ...common,
          description:
            'The first channel’s messages: the `limit` newest older than `before`, or those around `around` (after the caller’s Clear chat), oldest first. Members only.',
          params,
          querystring: communityMessagesQuerySchema,
          response: { 200: communityMessagesSchema, ...errors },
        },
      },
      async (request) => chat.history(me(request), request.params.id, null, request.query),
    );

    app.post(
      '/communities/:id/send',
      {
        schema: {
          ...common,
          description:
            'To the first channel. JSON {text, client_id?, reply_to?} or multipart `file` (+ text, client_id, reply_to). client_id makes retries safe.',
          params,
          response: { 201: communitySendResultSchema, ...uploadErrors },
        },
        config: {
          access: 'writer',
          rateLimit: { max: Math.ceil(COMMUNITY_SENDS_PER_MINUTE * deps.rateLimitFactor), timeWindow: '1 minute' },
        },
      },
      async (request, reply) => {
        const { input, attachment } = await readSend(request, deps.prepareAttachment);
        return reply.status(201).send({ message: await chat.send(me(request), request.params.id, null, input, attachment) });
      },
    );

    app.patch(
      '/communities/:id/messages/:messageId',
      {
        schema: {
          ...common,
          params: messageParams,
          body: communityEditBodySchema,
          response: { 200: communitySendResultSchema, ...errors },
        },
      },
      async (request) => chat.edit(me(request), request.params.id, request.params.messageId, request.body.text),
    );

    app.delete(
      '/communities/:id/messages/:messageId',
      { schema: { ...common, params: messageParams, response: { 200: communitySendResultSchema, ...errors } } },
      async (request) => chat.remove(me(request), request.params.id, request.params.messageId),
    );

    for (const [method, on] of [
      ['put', true],
      ['delete', false],
    ] as const)
      app[method](
        '/communities/:id/messages/:messageId/reactions/:emoji',
        { schema: { ...common, params: communityReactionParamsSchema, response: { 200: communitySendResultSchema, ...errors } } },
        async (request) => chat.react(me(request), request.params.id, request.params.messageId, request.params.emoji, on),
      );

    app.put(
      '/communities/:id/messages/:messageId/pin',
      {
        schema: {
          ...common,
          description: 'Moderators and up: `{pinned: true}` pins the message in its channel, `{pinned: false}` unpins it.',
          params: messageParams,
          body: conversationPinBodySchema,
          response: { 200: communitySendResultSchema, ...errors },
        },
      },
      async (request) => chat.pin(me(request), request.params.id, request.params.messageId, request.body.pinned),
    );

    app.post(
      '/communities/:id/read',
      {
        schema: {
          ...common,
          description: 'Read up to `up_to_id`, in the channel that message is in. `unread` is the community’s.',
          params,
          body: communityReadBodySchema,
          response: { 200: communityReadResultSchema, ...errors },
        },
      },
      async (request) => reads.markRead(me(request), request.params.id, request.body.up_to_id),
    );

    app.put(
      '/communities/:id/mute',
      { schema: { ...common, params, body: muteBodySchema, response: { 200: muteResultSchema, ...errors } } },
      async (request) => reads.mute(me(request), request.params.id, request.body.muted, request.body.until),
    );

    app.post(
      '/communities/:id/clear',
      {
        schema: {
          ...common,
          description: 'Clear chat: every channel’s history up to now is hidden for the caller only.',
          params,
          response: { 200: clearResultSchema, ...errors },
        },
      },
      async (request) => reads.clear(me(request), request.params.id),
    );
  };
}
