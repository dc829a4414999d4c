import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  commentPageSchema,
  commentParamsSchema,
  commentsQuerySchema,
  createCommentBodySchema,
  createCommentResponseSchema,
  deleteCommentResponseSchema,
  deletePostResponseSchema,
  feedPageQuerySchema,
  feedQuerySchema,
  likeStateSchema,
  memberPostStatsSchema,
  postIdParamSchema,
  postListSchema,
  postPageSchema,
  postSchema,
  sharePostBodySchema,
  shareStateSchema,
  updatePostBodySchema,
  userPostsParamsSchema,
  userPostsQuerySchema,
} from '@tribeverse/shared';
import type { FastifyRequest } from 'fastify';
import { currentUserId } from '../../http/route-kit.ts';
import type { FeedService } from './feed.service.ts';
import { readPostForm } from './feed-post-form.ts';
import { fastSerializerCompiler } from './feed-fast-serializer.ts';

/**
 * Writes are limited per member, not per address (members behind one NAT do not share a budget) and not per session
 * (a second sign-in is no second budget). Counted in the preHandler stage, after the access guard knows the member.
 */
const perMember = { hook: 'preHandler' as const, keyGenerator: (request: FastifyRequest) => `m:${currentUserId(request)}` };

export const feedRoutes: FastifyPluginAsyncZod<{ feed: FeedService }> = async (app, { feed }) => {
  const security = [{ bearer: [] }];
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
  const tags = ['feed'];

  app.get(
    '/posts/get-post',
    {
      schema: {
        tags,
        security,
        description: 'The feed, newest first.',
        querystring: feedQuerySchema,
        response: { 200: postListSchema, ...errors },
      },
    },
    async (request) => feed.list(currentUserId(request), request.query),
  );

  app.get(
    '/posts/feed',
    {
      schema: {
        tags,
        security,
        description: "The feed, newest first, by cursor: pass the previous page's next_cursor as 'before'; next_cursor is null at the end.",
        querystring: feedPageQuerySchema,
        response: { 200: postPageSchema, ...errors },
      },
      // The page every member loads first: its answer is written by code generated from the schema.
      serializerCompiler: fastSerializerCompiler,
    },
    async (request) => feed.listPage(currentUserId(request), request.query),
  );

  app.get(
    '/posts/user/:userId',
    {
      schema: {
        tags,
        security,
        description: "A member's own posts ('me' for the caller), by cursor as /posts/feed.",
        params: userPostsParamsSchema,
        querystring: userPostsQuerySchema,
        response: { 200: postPageSchema, ...errors },
      },
    },
    async (request) => feed.listByUser(currentUserId(request), request.params.userId, request.query),
  );

  app.get(
    '/posts/user/:userId/stats',
    {
      schema: {
        tags,
        security,
        description: "A member's post and received-like counts ('me' for the caller).",
        params: userPostsParamsSchema,
        response: { 200: memberPostStatsSchema, ...errors },
      },
    },
    async (request) => feed.statsOf(request.params.userId, currentUserId(request)),
  );

  app.post(
    '/posts/create',
    {
      schema: {
        tags,
        security,
        description:
          "multipart/form-data: text field 'post', up to 10 files 'images' (10 MB each), optional 'content_warning', optional 'client_id' (a UUID made once per post: a retry with the same one returns the same post).",
        consumes: ['multipart/form-data'],
        response: { 201: postSchema, ...errors, 413: apiErrorSchema, 415: apiErrorSchema },
      },
      config: { access: 'writer', rateLimit: { max: 30, timeWindow: '1 minute', ...perMember } },
    },
    async (request, reply) => {
      const userId = currentUserId(request);
      const form = await readPostForm(request);
      return reply.status(201).send(await feed.create(userId, form, form.files));
    },
  );

  app.patch(
    '/posts/:id',
    {
      schema: { tags, security, params: postIdParamSchema, body: updatePostBodySchema, response: { 200: postSchema, ...errors } },
    },
    async (request) => feed.update(currentUserId(request), request.params.id, request.body),
  );

  app.delete(
    '/posts/:id',
    { schema: { tags, security, params: postIdParamSchema, response: { 200: deletePostResponseSchema, ...errors } } },
    async (request) => feed.remove(currentUserId(request), request.params.id),
  );

  app.post(
    '/posts/:id/like',
    { schema: { tags, security, params: postIdParamSchema, response: { 200: likeStateSchema, ...errors } } },
    async (request) => feed.like(currentUserId(request), request.params.id, true),
  );

  app.delete(
    '/posts/:id/like',
    { schema: { tags, security, params: postIdParamSchema, response: { 200: likeStateSchema, ...errors } } },
    async (request) => feed.like(currentUserId(request), request.params.id, false),
  );

  app.post(
    '/posts/:id/share',
    {
      schema: {
        tags,
        security,
        params: postIdParamSchema,
        body: sharePostBodySchema,
        response: { 201: postSchema, ...errors, 409: apiErrorSchema },
      },
      config: { access: 'writer' },
    },
    async (request, reply) => reply.status(201).send(await feed.share(currentUserId(request), request.params.id, request.body?.text ?? '')),
  );

  app.delete(
    '/posts/:id/share',
    { schema: { tags, security, params: postIdParamSchema, response: { 200: shareStateSchema, ...errors } } },
    async (request) => feed.unshare(currentUserId(request), request.params.id),
  );

  app.get(
    '/posts/:id/comments',
    {
      schema: {
        tags,
        security,
        description: "Oldest first: pass the previous page's next_cursor as 'after'; next_cursor is null at the end of the thread.",
        params: postIdParamSchema,
        querystring: commentsQuerySchema,
        response: { 200: commentPageSchema, ...errors },
      },
    },
    async (request) => feed.comments.list(currentUserId(request), request.params.id, request.query.after, request.query.limit),
  );

  app.post(
    '/posts/:id/comments',
    {
      schema: {
        tags,
        security,
        params: postIdParamSchema,
        body: createCommentBodySchema,
        response: { 201: createCommentResponseSchema, ...errors },
      },
      config: { access: 'writer', rateLimit: { max: 60, timeWindow: '1 minute', ...perMember } },
    },
    async (request, reply) =>
      reply.status(201).send(await feed.comments.add(currentUserId(request), request.params.id, request.body?.text ?? '')),
  );

  app.delete(
    '/posts/:id/comments/:commentId',
    { schema: { tags, security, params: commentParamsSchema, response: { 200: deleteCommentResponseSchema, ...errors } } },
    async (request) => feed.comments.remove(currentUserId(request), request.params.id, request.params.commentId),
  );
};
