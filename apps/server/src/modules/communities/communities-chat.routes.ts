import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  COMMUNITY_LIMITS,
  clearResultSchema,
  communityEditBodySchema,
  communityMessageParamsSchema,
  communityMessagesQuerySchema,
  communityMessagesSchema,
  communityParamsSchema,
  communityReactionParamsSchema,
  communityReadBodySchema,
  communityReadResultSchema,
  communitySendBodySchema,
  communitySendFieldsSchema,
  communitySendResultSchema,
  communityUnreadSchema,
  muteBodySchema,
  muteResultSchema,
} from '@tribeverse/shared';
import { readMultipart } from '../../lib/multipart.ts';
import { parseOrThrow } from '../../lib/validation.ts';
import { badRequest } from '../../lib/errors.ts';
import type { CommunityAttachment, CommunityChatService, CommunitySendInput } from './communities-chat.service.ts';
import { common, errors, me, uploadErrors } from './communities-http.ts';

/** Sends per minute and member over HTTP (the socket has the same budget). */
export const COMMUNITY_SENDS_PER_MINUTE = 120;

export function communityChatRoutes(deps: {
  chat: CommunityChatService;
  prepareAttachment: (data: Buffer, name: string | undefined) => Promise<CommunityAttachment>;
  rateLimitFactor: number;
}): FastifyPluginAsyncZod {
  const { chat } = deps;

  async function readMultipartSend(request: FastifyRequest): Promise<{ input: CommunitySendInput; attachment?: CommunityAttachment }> {
    const { fields, files } = await readMultipart(request, {
      fileField: 'file',
      maxFiles: 1,
      maxFileBytes: COMMUNITY_LIMITS.attachmentMaxBytes,
      maxFields: 10,
    });
    const file = files[0];
    if (!file) return { input: parseOrThrow(communitySendBodySchema, fields) };
    if (!file.data.length) throw badRequest('The file is empty.', 'VALIDATION_FAILED', 'file');
    return { input: parseOrThrow(communitySendFieldsSchema, fields), attachment: await deps.prepareAttachment(file.data, file.filename) };
  }

  return async (app) => {
    const params = communityParamsSchema;
    const messageParams = communityMessageParamsSchema;

    app.get('/communities/unread', { schema: { ...common, response: { 200: communityUnreadSchema, ...errors } } }, async (request) =>
      chat.unread(me(request)),
    );

    app.get(
      '/communities/:id/messages',
      {
        schema: {
          ...common,
          description: 'The `limit` newest messages older than `before` (after the caller’s Clear chat), oldest first. Members only.',
          params,
          querystring: communityMessagesQuerySchema,
          response: { 200: communityMessagesSchema, ...errors },
        },
      },
      async (request) => chat.history(me(request), request.params.id, request.query),
    );

    app.post(
      '/communities/:id/send',
      {
        schema: {
          ...common,
          description:
            'JSON {text, client_id?, reply_to?} or multipart `file` (+ text, client_id, reply_to). client_id makes retries safe.',
          params,
          response: { 201: communitySendResultSchema, ...uploadErrors },
        },
        config: {
          access: 'writer',
          rateLimit: { max: Math.ceil(COMMUNITY_SENDS_PER_MINUTE * deps.rateLimitFactor), timeWindow: '1 minute' },
        },
      },
      async (request, reply) => {
        const { input, attachment } = request.isMultipart()
          ? await readMultipartSend(request)
          : { input: parseOrThrow(communitySendBodySchema, request.body), attachment: undefined };
        return reply.status(201).send({ message: await chat.send(me(request), request.params.id, input, attachment) });
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

    app.post(
      '/communities/:id/read',
      { schema: { ...common, params, body: communityReadBodySchema, response: { 200: communityReadResultSchema, ...errors } } },
      async (request) => chat.markRead(me(request), request.params.id, request.body.up_to_id),
    );

    app.put(
      '/communities/:id/mute',
      { schema: { ...common, params, body: muteBodySchema, response: { 200: muteResultSchema, ...errors } } },
      async (request) => chat.mute(me(request), request.params.id, request.body.muted, request.body.until),
    );

    app.post(
      '/communities/:id/clear',
      { schema: { ...common, params, response: { 200: clearResultSchema, ...errors } } },
      async (request) => chat.clear(me(request), request.params.id),
    );
  };
}
