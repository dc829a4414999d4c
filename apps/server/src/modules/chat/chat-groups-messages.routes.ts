import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CHAT_ATTACHMENT_MAX_BYTES,
  ErrorCode,
  clearResultSchema,
  conversationEditBodySchema,
  conversationMessageSchema,
  conversationMessagesQuerySchema,
  conversationMessagesSchema,
  conversationPinBodySchema,
  conversationReactionBodySchema,
  conversationSendBodySchema,
  conversationSendFieldsSchema,
  groupMessageParamsSchema,
  groupParamsSchema,
  groupPinsResponseSchema,
  groupReadBodySchema,
  groupReadResultSchema,
  groupReadsResponseSchema,
  groupSendResultSchema,
  muteBodySchema,
  muteResultSchema,
} from '@tribeverse/shared';
import { currentUserId as me, errorResponses } from '../../http/route-kit.ts';
import { prepareAttachment, type StoredAttachment } from '../../lib/attachments.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { MemberBudget } from '../../lib/member-budget.ts';
import { readMultipart } from '../../lib/multipart.ts';
import { parseOrThrow } from '../../lib/validation.ts';
import type { ChatGroupMessagesService, GroupSendInput } from './chat-groups-messages.service.ts';

const common = { tags: ['chat groups'], security: [{ bearer: [] }] };
const errors = errorResponses(400, 401, 403, 404, 429);
const uploadErrors = errorResponses(400, 401, 403, 404, 413, 415, 429);

/** Multipart send: text fields plus at most one file, read within the attachment limit (413 beyond). */
async function readMultipartSend(request: FastifyRequest): Promise<{ input: GroupSendInput; attachment?: StoredAttachment }> {
  const { fields, files } = await readMultipart(request, {
    fileField: 'file',
    maxFiles: 1,
    maxFileBytes: CHAT_ATTACHMENT_MAX_BYTES,
    maxFields: 10,
  });
  const file = files[0];
  if (!file) return { input: parseOrThrow(conversationSendBodySchema, fields) };
  if (!file.data.length) throw badRequest('The file is empty.', ErrorCode.VALIDATION_FAILED, 'file');
  return { input: parseOrThrow(conversationSendFieldsSchema, fields), attachment: await prepareAttachment(file.data, file.filename) };
}

/** A group's messages, reading, mute and Clear chat: members only; anyone else gets 404. */
export function chatGroupMessagesRoutes(deps: { messages: ChatGroupMessagesService; sendBudget: MemberBudget }): FastifyPluginAsyncZod {
  const { messages, sendBudget } = deps;
  return async (app) => {
    const params = groupParamsSchema;
    const messageParams = groupMessageParamsSchema;

    app.get(
      '/chat/groups/:id/messages',
      {
        schema: {
          ...common,
          description: '`?limit&before` or `?around`: the messages since the caller joined (after their Clear chat), oldest first.',
          params,
          querystring: conversationMessagesQuerySchema,
          response: { 200: conversationMessagesSchema, ...errors },
        },
      },
      async (request) => messages.history(me(request), request.params.id, request.query),
    );

    app.post(
      '/chat/groups/:id/send',
      {
        schema: {
          ...common,
          description:
            'JSON {text, client_id?, reply_to?} or multipart `file` (+ text, client_id, reply_to). client_id makes retries safe.',
          params,
          response: { 201: groupSendResultSchema, ...uploadErrors },
        },
        // The member's one chat budget, shared with private chat and the socket, every session and process.
        config: { access: 'writer' },
      },
      async (request, reply) => {
        const budget = await sendBudget.take(me(request));
        if (!budget.allowed) throw new AppError(429, ErrorCode.RATE_LIMITED, `Too many messages. Try again in ${budget.retryIn} seconds.`);
        const { input, attachment } = request.isMultipart()
          ? await readMultipartSend(request)
          : { input: parseOrThrow(conversationSendBodySchema, request.body), attachment: undefined };
        return reply.status(201).send({ message: await messages.send(me(request), request.params.id, input, attachment) });
      },
    );

    app.post(
      '/chat/groups/:id/read',
      { schema: { ...common, params, body: groupReadBodySchema, response: { 200: groupReadResultSchema, ...errors } } },
      async (request) => messages.markRead(me(request), request.params.id, request.body.message_id),
    );

    app.get(
      '/chat/groups/:id/reads',
      {
        schema: {
          ...common,
          description: 'How far each member has read (for "Seen by N"), but those who turned read receipts off.',
          params,
          response: { 200: groupReadsResponseSchema, ...errors },
        },
      },
      async (request) => ({ reads: await messages.reads(me(request), request.params.id) }),
    );

    app.post(
      '/chat/groups/:id/messages/:messageId/reactions',
      {
        schema: {
          ...common,
          description: 'Toggles the caller’s reaction: on, or off when it was on.',
          params: messageParams,
          body: conversationReactionBodySchema,
          response: { 200: conversationMessageSchema, ...errors },
        },
      },
      async (request) => messages.react(me(request), request.params.id, request.params.messageId, request.body.emoji),
    );

    app.patch(
      '/chat/groups/:id/messages/:messageId',
      {
        schema: {
          ...common,
          description: 'Edits one of the caller’s own messages.',
          params: messageParams,
          body: conversationEditBodySchema,
          response: { 200: conversationMessageSchema, ...errors },
        },
      },
      async (request) => messages.edit(me(request), request.params.id, request.params.messageId, request.body.text),
    );

    app.delete(
      '/chat/groups/:id/messages/:messageId',
      {
        schema: {
          ...common,
          description: 'Deletes for everyone: one’s own message, or anyone’s by an admin (shown as removed).',
          params: messageParams,
          response: { 200: conversationMessageSchema, ...errors },
        },
      },
      async (request) => messages.remove(me(request), request.params.id, request.params.messageId),
    );

    app.put(
      '/chat/groups/:id/messages/:messageId/pin',
      {
        schema: {
          ...common,
          description: 'Admins pin or unpin a message.',
          params: messageParams,
          body: conversationPinBodySchema,
          response: { 200: conversationMessageSchema, ...errors },
        },
      },
      async (request) => messages.pin(me(request), request.params.id, request.params.messageId, request.body.pinned),
    );

    app.get(
      '/chat/groups/:id/pins',
      { schema: { ...common, params, response: { 200: groupPinsResponseSchema, ...errors } } },
      async (request) => ({
        pins: await messages.pins(me(request), request.params.id),
      }),
    );

    app.put(
      '/chat/groups/:id/mute',
      { schema: { ...common, params, body: muteBodySchema, response: { 200: muteResultSchema, ...errors } } },
      async (request) => messages.mute(me(request), request.params.id, request.body.muted, request.body.until),
    );

    app.post(
      '/chat/groups/:id/clear',
      {
        schema: {
          ...common,
          description: 'Clear chat: the history up to now is hidden for the caller only.',
          params,
          response: { 200: clearResultSchema, ...errors },
        },
      },
      async (request) => messages.clear(me(request), request.params.id),
    );
  };
}
