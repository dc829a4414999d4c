import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  channelMuteBodySchema,
  channelMuteResultSchema,
  channelParamsSchema,
  channelReadBodySchema,
  channelReadResultSchema,
  channelSchema,
  channelsResponseSchema,
  communityMessagesQuerySchema,
  communityMessagesSchema,
  communityParamsSchema,
  communityPinsSchema,
  createChannelBodySchema,
  updateChannelBodySchema,
} from '@tribeverse/shared';
import { conversationRoutes } from '../../http/conversation-routes.ts';
import type { CommunityChannelsService } from './communities-channels.service.ts';
import type { CommunityChatService } from './communities-chat.service.ts';
import type { CommunityReadsService } from './communities-reads.service.ts';
import { common, deleteRoute, errors, me, sendRoute, withConflict, type PrepareAttachment } from './communities-http.ts';

const { tags } = common;

/** A community's channels: the list (admins change it), and each channel's messages, sending, reading and mute. */
export function communityChannelsRoutes(deps: {
  channels: CommunityChannelsService;
  chat: CommunityChatService;
  reads: CommunityReadsService;
  prepareAttachment: PrepareAttachment;
  rateLimitFactor: number;
}): FastifyPluginAsyncZod {
  const { channels, chat, reads } = deps;

  return async (app) => {
    const params = channelParamsSchema;

    app.get(
      '/communities/:id/channels',
      {
        schema: {
          ...common,
          description:
            'The channels in their order (the first: the community’s own chat), with the caller’s unread count and mute. Members only.',
          params: communityParamsSchema,
          response: { 200: channelsResponseSchema, ...errors },
        },
      },
      async (request) => channels.list(me(request), request.params.id),
    );

    app.post(
      '/communities/:id/channels',
      {
        schema: {
          ...common,
          description: 'Admins: a new channel at the end of the list. 409 when the name is taken or the community has 50 channels.',
          params: communityParamsSchema,
          body: createChannelBodySchema,
          response: { 201: channelSchema, ...withConflict },
        },
      },
      async (request, reply) => reply.status(201).send(await channels.create(me(request), request.params.id, request.body)),
    );

    app.patch(
      '/communities/:id/channels/:channelId',
      {
        schema: {
          ...common,
          description: 'Admins: rename, re-topic, change the kind, or move (`position` 1 or more: the first channel stays first).',
          params,
          body: updateChannelBodySchema,
          response: { 200: channelSchema, ...withConflict },
        },
      },
      async (request) => channels.update(me(request), request.params.id, request.params.channelId, request.body),
    );

    deleteRoute(app, '/communities/:id/channels/:channelId', {
      description: 'Admins: the channel goes with its messages. The first channel cannot (409).',
      params,
      conflict: true,
      remove: (caller, { params: p }) => channels.remove(caller, p.id, p.channelId),
    });

    const channel = conversationRoutes(app, { tags, errors, path: '/communities/:id/channels/:channelId', params });
    channel.route('messages', {
      description:
        'The `limit` newest messages older than `before`, or those around `around`, after the caller’s Clear chat; oldest first.',
      input: communityMessagesQuerySchema,
      response: communityMessagesSchema,
      run: (me, { id, channelId }, query) => chat.history(me, id, channelId, query),
    });
    channel.route('pins', { response: communityPinsSchema, run: (me, { id, channelId }) => chat.pins(me, id, channelId) });

    sendRoute(app, {
      url: '/communities/:id/channels/:channelId/send',
      params,
      description: 'As /communities/{id}/send, to this channel. In an announcements channel only moderators and up (403 otherwise).',
      ...deps,
      send: (me, { id, channelId }, input, attachment) => chat.send(me, id, channelId, input, attachment),
    });

    channel.route('read', {
      input: channelReadBodySchema,
      response: channelReadResultSchema,
      run: async (me, { id, channelId }, body) => {
        const read = await reads.markRead(me, id, body.message_id, channelId);
        return {
          community_id: id,
          channel_id: channelId,
          unread: read.channel_unread,
          community_unread: read.unread,
          total_unread: read.total_unread,
        };
      },
    });
    channel.route('mute', {
      input: channelMuteBodySchema,
      response: channelMuteResultSchema,
      run: (me, { id, channelId }, body) => reads.muteChannel(me, id, channelId, body.muted),
    });
  };
}
