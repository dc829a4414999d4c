import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
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
} from '@tribeverse/shared';
import type { CommunityChatService } from './communities-chat.service.ts';
import type { CommunityReadsService } from './communities-reads.service.ts';
import { conversationRoutes, messageRoutes } from '../../http/conversation-routes.ts';
import { common, errors, me, sendRoute, type PrepareAttachment } from './communities-http.ts';

const { tags } = common;

/** The community's own chat (its first channel: `/messages`, `/send`), message actions in any channel, reads and mutes. */
export function communityChatRoutes(deps: {
  chat: CommunityChatService;
  reads: CommunityReadsService;
  prepareAttachment: PrepareAttachment;
  rateLimitFactor: number;
}): FastifyPluginAsyncZod {
  const { chat, reads } = deps;

  return async (app) => {
    app.get('/communities/unread', { schema: { ...common, response: { 200: communityUnreadSchema, ...errors } } }, async (request) =>
      reads.unread(me(request)),
    );

    const community = conversationRoutes(app, { tags, errors, path: '/communities/:id', params: communityParamsSchema });
    community.route('messages', {
      description:
        'The first channel’s messages: the `limit` newest older than `before`, or those around `around` (after the caller’s Clear chat), oldest first. Members only.',
      input: communityMessagesQuerySchema,
      response: communityMessagesSchema,
      run: (me, { id }, query) => chat.history(me, id, null, query),
    });

    sendRoute(app, {
      url: '/communities/:id/send',
      params: communityParamsSchema,
      description:
        'To the first channel. JSON {text, client_id?, reply_to?} or multipart `file` (+ text, client_id, reply_to). client_id makes retries safe.',
      ...deps,
      send: (me, { id }, input, attachment) => chat.send(me, id, null, input, attachment),
    });

    const message = messageRoutes(app, {
      tags,
      errors,
      path: '/communities/:id/messages/:messageId',
      params: communityMessageParamsSchema,
      response: communitySendResultSchema,
    });
    message.route('edit', {
      input: communityEditBodySchema,
      run: (me, { id, messageId }, body) => chat.edit(me, id, messageId, body.text),
    });
    message.route('remove', { run: (me, { id, messageId }) => chat.remove(me, id, messageId) });
    message.reactions(communityReactionParamsSchema, (me, { id, messageId, emoji }, on) => chat.react(me, id, messageId, emoji, on));
    message.route('pin', {
      description: 'Moderators and up: `{pinned: true}` pins the message in its channel, `{pinned: false}` unpins it.',
      input: conversationPinBodySchema,
      run: (me, { id, messageId }, body) => chat.pin(me, id, messageId, body.pinned),
    });

    community.route('read', {
      description: 'Read up to `up_to_id`, in the channel that message is in. `unread` is the community’s.',
      input: communityReadBodySchema,
      response: communityReadResultSchema,
      run: (me, { id }, body) => reads.markRead(me, id, body.up_to_id),
    });
    community.muteAndClear({
      mute: (me, { id }, muted, until) => reads.mute(me, id, muted, until),
      clear: (me, { id }) => reads.clear(me, id),
      clearDescription: 'Clear chat: every channel’s history up to now is hidden for the caller only.',
    });
  };
}
