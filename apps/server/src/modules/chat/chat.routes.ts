import type { MemberBudget } from '../../lib/member-budget.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHAT_ATTACHMENT_MAX_BYTES,
  apiErrorSchema,
  blockParamsSchema,
  blocksResponseSchema,
  chatMessageSchema,
  chatMessagesQuerySchema,
  chatPinsQuerySchema,
  chatPinsResponseSchema,
  conversationPinBodySchema,
  chatMessagesResponseSchema,
  chatUsersQuerySchema,
  chatUsersResponseSchema,
  conversationsResponseSchema,
  editMessageBodySchema,
  markReadBodySchema,
  markReadResponseSchema,
  messageIdParamsSchema,
  reactionParamsSchema,
  sendMediaFieldsSchema,
  sendMessageBodySchema,
  sendMessageResponseSchema,
  peerResponseSchema,
  unreadCountSchema,
} from '@tribeverse/shared';
import { conversationRoutes, messageRoutes } from '../../http/conversation-routes.ts';
import { readSendBody, spendSend } from '../../http/send-body.ts';
import { currentUserId } from '../../http/route-kit.ts';
import { prepareAttachment } from '../../lib/attachments.ts';
import type { ChatBlocksService } from './chat-blocks.service.ts';
import type { ChatService } from './chat.service.ts';
import type { ChatPinsService } from './chat-pins.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** A direct send's body: JSON `{peer_id, text, …}`, or multipart with `peer_id` and one file within the chat limit. */
const directSend = {
  text: sendMessageBodySchema,
  withFile: sendMediaFieldsSchema,
  maxFileBytes: CHAT_ATTACHMENT_MAX_BYTES,
  prepare: prepareAttachment,
  fieldsFirst: true,
};

export const chatRoutes: FastifyPluginAsyncZod<{
  chat: ChatService;
  pins: ChatPinsService;
  blocks: ChatBlocksService;
  sendBudget: MemberBudget;
}> = async (app, { chat, pins, blocks, sendBudget }) => {
  const common = { tags: ['chat'], security: [{ bearer: [] }] };
  const me = currentUserId;

  app.get(
    '/chat/users',
    { schema: { ...common, querystring: chatUsersQuerySchema, response: { 200: chatUsersResponseSchema, ...errors } } },
    async (request) => chat.listUsers(me(request), request.query.search, request.query.offset),
  );

  app.get('/chat/conversations', { schema: { ...common, response: { 200: conversationsResponseSchema, ...errors } } }, async (request) => ({
    conversations: await chat.listConversations(me(request)),
  }));

  app.get(
    '/chat/peers/:userId',
    { schema: { ...common, params: blockParamsSchema, response: { 200: peerResponseSchema, ...errors } } },
    async (request) => chat.peer(me(request), request.params.userId),
  );

  app.post(
    '/chat/send',
    {
      schema: {
        ...common,
        description:
          'JSON {peer_id, text, client_id?, reply_to?} or multipart peer_id + file (+ text, client_id, reply_to). client_id makes retries safe.',
        response: { 201: sendMessageResponseSchema, ...errors, 413: apiErrorSchema, 415: apiErrorSchema },
      },
      // Others read what is sent here.
      // Counted per member (every session, tab and process), not per address: members behind one NAT each have theirs.
      config: { access: 'writer' },
    },
    async (request, reply) => {
      await spendSend(sendBudget, me(request));
      const { input, attachment } = await readSendBody(request, directSend);
      const message = await chat.send(me(request), input, attachment);
      return reply.status(201).send({ message });
    },
  );

  app.get('/chat/unread-count', { schema: { ...common, response: { 200: unreadCountSchema, ...errors } } }, async (request) => ({
    unreadCount: await chat.unreadCount(me(request)),
  }));

  app.delete(
    '/chat/messages/:id/for-me',
    {
      schema: {
        ...common,
        description: "'Delete for me': the message leaves the caller's history and chat list; the other person keeps it.",
        params: messageIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await chat.hideForMe(me(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // The direct kind names its chat in the query or body (`peer_id`), its messages by id alone.
  const direct = conversationRoutes(app, { tags: common.tags, errors, path: '/chat' });
  direct.route('messages', {
    description:
      'The `limit` newest messages of the conversation older than `before`, or the page centred on `around` (a jump to a pin), oldest first.',
    input: chatMessagesQuerySchema,
    response: chatMessagesResponseSchema,
    run: (me, _params, query) => chat.history(me, query),
  });
  direct.route('read', {
    input: markReadBodySchema,
    response: markReadResponseSchema,
    run: (me, _params, body) => chat.markRead(me, body),
  });
  direct.route('pins', {
    description: 'The chat’s pinned messages the caller sees, newest pin first.',
    input: chatPinsQuerySchema,
    response: chatPinsResponseSchema,
    run: async (me, _params, query) => ({ pins: await pins.pins(me, query.peer_id) }),
  });

  const message = messageRoutes(app, {
    tags: common.tags,
    errors,
    path: '/chat/messages/:id',
    params: messageIdParamsSchema,
    response: chatMessageSchema,
  });
  message.route('edit', { input: editMessageBodySchema, run: (me, { id }, body) => chat.edit(me, id, body.text) });
  message.route('remove', { run: (me, { id }) => chat.remove(me, id) });
  message.route('pin', {
    description: 'Either person pins or unpins a message of their chat (not across a block; unpinning always).',
    input: conversationPinBodySchema,
    run: (me, { id }, body) => pins.pin(me, id, body.pinned),
  });
  message.reactions(reactionParamsSchema, (me, { id, emoji }, on) => chat.react(me, id, emoji, on));

  app.get('/chat/blocks', { schema: { ...common, response: { 200: blocksResponseSchema, ...errors } } }, async (request) => ({
    blocked: await blocks.listBlocked(me(request)),
  }));

  const blockedState = z.object({ user_id: z.number().int(), blocked: z.boolean() });
  app.post(
    '/chat/blocks/:userId',
    { schema: { ...common, params: blockParamsSchema, response: { 200: blockedState, ...errors } } },
    async (request) => {
      await blocks.block(me(request), request.params.userId);
      return { user_id: request.params.userId, blocked: true };
    },
  );

  app.delete(
    '/chat/blocks/:userId',
    { schema: { ...common, params: blockParamsSchema, response: { 200: blockedState, ...errors } } },
    async (request) => {
      await blocks.unblock(me(request), request.params.userId);
      return { user_id: request.params.userId, blocked: false };
    },
  );
};
