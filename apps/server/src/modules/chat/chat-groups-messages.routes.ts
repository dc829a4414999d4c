import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CHAT_ATTACHMENT_MAX_BYTES,
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
} from '@tribeverse/shared';
import { conversationRoutes, messageRoutes } from '../../http/conversation-routes.ts';
import { readSendBody, spendSend } from '../../http/send-body.ts';
import { bearer, currentUserId as me, errorResponses } from '../../http/route-kit.ts';
import { prepareAttachment } from '../../lib/attachments.ts';
import type { MemberBudget } from '../../lib/member-budget.ts';
import type { ChatGroupMessagesService } from './chat-groups-messages.service.ts';

const tags = ['chat groups'];
const common = { tags, security: bearer };
const errors = errorResponses(400, 401, 403, 404, 429);
const uploadErrors = errorResponses(400, 401, 403, 404, 413, 415, 429);

/** A group send's body: JSON, or multipart with one file within the chat attachment limit. */
const groupSend = {
  text: conversationSendBodySchema,
  withFile: conversationSendFieldsSchema,
  maxFileBytes: CHAT_ATTACHMENT_MAX_BYTES,
  prepare: prepareAttachment,
};

/** A group's messages, reading, mute and Clear chat: members only; anyone else gets 404. */
export function chatGroupMessagesRoutes(deps: { messages: ChatGroupMessagesService; sendBudget: MemberBudget }): FastifyPluginAsyncZod {
  const { messages, sendBudget } = deps;
  return async (app) => {
    app.post(
      '/chat/groups/:id/send',
      {
        schema: {
          ...common,
          description:
            'JSON {text, client_id?, reply_to?} or multipart `file` (+ text, client_id, reply_to). client_id makes retries safe.',
          params: groupParamsSchema,
          response: { 201: groupSendResultSchema, ...uploadErrors },
        },
        // The member's one chat budget, shared with private chat and the socket, every session and process.
        config: { access: 'writer' },
      },
      async (request, reply) => {
        await spendSend(sendBudget, me(request));
        const { input, attachment } = await readSendBody(request, groupSend);
        return reply.status(201).send({ message: await messages.send(me(request), request.params.id, input, attachment) });
      },
    );

    const group = conversationRoutes(app, { tags, errors, path: '/chat/groups/:id', params: groupParamsSchema });
    group.route('messages', {
      description: '`?limit&before` or `?around`: the messages since the caller joined (after their Clear chat), oldest first.',
      input: conversationMessagesQuerySchema,
      response: conversationMessagesSchema,
      run: (me, { id }, query) => messages.history(me, id, query),
    });
    group.route('read', {
      input: groupReadBodySchema,
      response: groupReadResultSchema,
      run: (me, { id }, body) => messages.markRead(me, id, body.message_id),
    });
    group.route('reads', {
      description: 'How far each member has read (for "Seen by N"), but those who turned read receipts off.',
      response: groupReadsResponseSchema,
      run: async (me, { id }) => ({ reads: await messages.reads(me, id) }),
    });
    group.route('pins', { response: groupPinsResponseSchema, run: async (me, { id }) => ({ pins: await messages.pins(me, id) }) });
    group.muteAndClear({
      mute: (me, { id }, muted, until) => messages.mute(me, id, muted, until),
      clear: (me, { id }) => messages.clear(me, id),
      clearDescription: 'Clear chat: the history up to now is hidden for the caller only.',
    });

    const message = messageRoutes(app, {
      tags,
      errors,
      path: '/chat/groups/:id/messages/:messageId',
      params: groupMessageParamsSchema,
      response: conversationMessageSchema,
    });
    message.route('react', {
      description: 'Toggles the caller’s reaction: on, or off when it was on.',
      input: conversationReactionBodySchema,
      run: (me, { id, messageId }, body) => messages.react(me, id, messageId, body.emoji),
    });
    message.route('edit', {
      description: 'Edits one of the caller’s own messages.',
      input: conversationEditBodySchema,
      run: (me, { id, messageId }, body) => messages.edit(me, id, messageId, body.text),
    });
    message.route('remove', {
      description: 'Deletes for everyone: one’s own message, or anyone’s by an admin (shown as removed).',
      run: (me, { id, messageId }) => messages.remove(me, id, messageId),
    });
    message.route('pin', {
      description: 'Admins pin or unpin a message.',
      input: conversationPinBodySchema,
      run: (me, { id, messageId }, body) => messages.pin(me, id, messageId, body.pinned),
    });
  };
}
