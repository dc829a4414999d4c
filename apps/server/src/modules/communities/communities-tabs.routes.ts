import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  COMMUNITY_LIMITS,
  MEDIA_POST_MAX_IMAGES,
  attendeesSchema,
  communityEventSchema,
  communityParamsSchema,
  communityPreviewSchema,
  createEventBodySchema,
  createMediaPostFieldsSchema,
  createReplyBodySchema,
  createThreadBodySchema,
  eventParamsSchema,
  eventsPageSchema,
  eventsQuerySchema,
  mediaLikeResultSchema,
  mediaPostParamsSchema,
  mediaPostSchema,
  mediaPostsPageSchema,
  mediaShareResultSchema,
  rsvpBodySchema,
  tabsPageQuerySchema,
  threadParamsSchema,
  threadRepliesPageSchema,
  threadReplySchema,
  threadSchema,
  threadsPageSchema,
} from '@tribeverse/shared';
import { readMultipart } from '../../lib/multipart.ts';
import { parseOrThrow } from '../../lib/validation.ts';
import type { CommunityTabsService } from './communities-tabs.service.ts';
import { common, deleteRoute, errors, me, uploadErrors, writer } from './communities-http.ts';

/** Discussion threads, media posts and events of a community. Members only. */
export function communityTabsRoutes(deps: { tabs: CommunityTabsService }): FastifyPluginAsyncZod {
  const { tabs } = deps;
  const writing = writer;
  return async (app) => {
    const params = communityParamsSchema;

    app.get(
      '/communities/:id/threads',
      { schema: { ...common, params, querystring: tabsPageQuerySchema, response: { 200: threadsPageSchema, ...errors } } },
      async (request) => tabs.threads(me(request), request.params.id, request.query),
    );
    app.post(
      '/communities/:id/threads',
      {
        ...writing,
        schema: {
          ...common,
          params,
          description: 'JSON {title, body}, or multipart with an `image`.',
          response: { 201: threadSchema, ...uploadErrors },
        },
      },
      async (request, reply) => {
        if (request.isMultipart()) {
          const { fields, files } = await readMultipart(request, {
            fileField: 'image',
            maxFiles: 1,
            maxFileBytes: COMMUNITY_LIMITS.imageMaxBytes,
          });
          const body = parseOrThrow(createThreadBodySchema, fields);
          return reply.status(201).send(await tabs.createThread(me(request), request.params.id, body, files[0]?.data));
        }
        return reply
          .status(201)
          .send(await tabs.createThread(me(request), request.params.id, parseOrThrow(createThreadBodySchema, request.body)));
      },
    );
    app.get(
      '/communities/:id/threads/:threadId',
      { schema: { ...common, params: threadParamsSchema, response: { 200: threadSchema, ...errors } } },
      async (request) => tabs.thread(me(request), request.params.id, request.params.threadId),
    );
    deleteRoute(app, '/communities/:id/threads/:threadId', {
      params: threadParamsSchema,
      remove: (caller, { params: p }) => tabs.deleteThread(caller, p.id, p.threadId),
    });
    app.get(
      '/communities/:id/threads/:threadId/replies',
      {
        schema: {
          ...common,
          params: threadParamsSchema,
          querystring: tabsPageQuerySchema,
          response: { 200: threadRepliesPageSchema, ...errors },
        },
      },
      async (request) => tabs.replies(me(request), request.params.id, request.params.threadId, request.query),
    );
    app.post(
      '/communities/:id/threads/:threadId/replies',
      {
        ...writing,
        schema: { ...common, params: threadParamsSchema, body: createReplyBodySchema, response: { 201: threadReplySchema, ...errors } },
      },
      async (request, reply) =>
        reply.status(201).send(await tabs.reply(me(request), request.params.id, request.params.threadId, request.body.text)),
    );

    app.get(
      '/communities/:id/preview',
      {
        schema: {
          ...common,
          params,
          description: "A public community's newest pictures for those who have not joined; 404 for a private one, 403 BANNED.",
          response: { 200: communityPreviewSchema, ...errors },
        },
      },
      async (request) => tabs.preview(me(request), request.params.id),
    );
    app.get(
      '/communities/:id/posts',
      { schema: { ...common, params, querystring: tabsPageQuerySchema, response: { 200: mediaPostsPageSchema, ...errors } } },
      async (request) => tabs.posts(me(request), request.params.id, request.query),
    );
    app.post(
      '/communities/:id/posts',
      {
        ...writing,
        schema: {
          ...common,
          params,
          description: 'multipart: `text` and up to 4 `images`.',
          response: { 201: mediaPostSchema, ...uploadErrors },
        },
      },
      async (request, reply) => {
        const { fields, files } = request.isMultipart()
          ? await readMultipart(request, {
              fileField: 'images',
              maxFiles: MEDIA_POST_MAX_IMAGES,
              maxFileBytes: COMMUNITY_LIMITS.imageMaxBytes,
            })
          : { fields: (request.body ?? {}) as Record<string, string>, files: [] };
        const { text } = parseOrThrow(createMediaPostFieldsSchema, fields);
        const images = files.map((f) => f.data).filter((d) => d.length);
        return reply.status(201).send(await tabs.createPost(me(request), request.params.id, text, images));
      },
    );
    deleteRoute(app, '/communities/:id/posts/:postId', {
      params: mediaPostParamsSchema,
      remove: (caller, { params: p }) => tabs.deletePost(caller, p.id, p.postId),
    });
    for (const [method, on] of [
      ['put', true],
      ['delete', false],
    ] as const)
      app[method](
        '/communities/:id/posts/:postId/like',
        { schema: { ...common, params: mediaPostParamsSchema, response: { 200: mediaLikeResultSchema, ...errors } } },
        async (request) => tabs.like(me(request), request.params.id, request.params.postId, on),
      );
    app.post(
      '/communities/:id/posts/:postId/share',
      { schema: { ...common, params: mediaPostParamsSchema, response: { 200: mediaShareResultSchema, ...errors } } },
      async (request) => tabs.share(me(request), request.params.id, request.params.postId),
    );

    app.get(
      '/communities/:id/events',
      { schema: { ...common, params, querystring: eventsQuerySchema, response: { 200: eventsPageSchema, ...errors } } },
      async (request) => tabs.events(me(request), request.params.id, request.query),
    );
    app.post(
      '/communities/:id/events',
      { ...writing, schema: { ...common, params, body: createEventBodySchema, response: { 201: communityEventSchema, ...errors } } },
      async (request, reply) => reply.status(201).send(await tabs.createEvent(me(request), request.params.id, request.body)),
    );
    deleteRoute(app, '/communities/:id/events/:eventId', {
      params: eventParamsSchema,
      remove: (caller, { params: p }) => tabs.deleteEvent(caller, p.id, p.eventId),
    });
    app.put(
      '/communities/:id/events/:eventId/rsvp',
      { schema: { ...common, params: eventParamsSchema, body: rsvpBodySchema, response: { 200: communityEventSchema, ...errors } } },
      async (request) => tabs.rsvp(me(request), request.params.id, request.params.eventId, request.body.going),
    );
    app.get(
      '/communities/:id/events/:eventId/attendees',
      { schema: { ...common, params: eventParamsSchema, response: { 200: attendeesSchema, ...errors } } },
      async (request) => tabs.attendees(me(request), request.params.id, request.params.eventId),
    );
  };
}
