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
import type { AppContext } from '../../context.ts';
import { sha256 } from '../../lib/crypto.ts';
import type { AccountModule } from '../auth/account.module.ts';
import { bearerToken, currentUser } from '../auth/auth.guard.ts';
import { FeedRepository } from './feed.repository.ts';
import { FeedService, type FeedNotifier } from './feed.service.ts';
import { readPostForm } from './post-form.ts';

/** Writes are limited per session, not per address: members behind one NAT do not share a budget. The key is hashed so no token lands in Redis. */
const perSession = (request: FastifyRequest) => {
  const token = bearerToken(request);
  return token ? `s:${sha256(token)}` : request.ip;
};

export const feedRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; account: AccountModule; notifier: FeedNotifier }> = async (
  app,
  { ctx, account, notifier },
) => {
  const feed = new FeedService(new FeedRepository(ctx.db), ctx.media, ctx.realtime.chat, notifier);
  const guarded = { preHandler: account.requireAuth };
  // What others will read needs an author with a set-up profile.
  const writing = { preHandler: [account.requireAuth, account.profileGate.requireProfile] };
  const security = [{ bearer: [] }];
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
  const tags = ['feed'];

  app.get(
    '/posts/get-post',
    { ...guarded, schema: { tags, security, description: 'The feed, newest first.', querystring: feedQuerySchema, response: { 200: postListSchema, ...errors } } },
    async (request) => feed.list(currentUser(request).userId, request.query),
  );

  app.get(
    '/posts/feed',
    {
      ...guarded,
      schema: {
        tags,
        security,
        description: "The feed, newest first, by cursor: pass the previous page's next_cursor as 'before'; next_cursor is null at the end.",
        querystring: feedPageQuerySchema,
        response: { 200: postPageSchema, ...errors },
      },
    },
    async (request) => feed.listPage(currentUser(request).userId, request.query),
  );

  app.get(
    '/posts/user/:userId',
    {
      ...guarded,
      schema: { tags, security, description: "A member's own posts ('me' for the caller), by cursor as /posts/feed.", params: userPostsParamsSchema, querystring: userPostsQuerySchema, response: { 200: postPageSchema, ...errors } },
    },
    async (request) => feed.listByUser(currentUser(request).userId, request.params.userId, request.query),
  );

  app.get(
    '/posts/user/:userId/stats',
    {
      ...guarded,
      schema: { tags, security, description: "A member's post and received-like counts ('me' for the caller).", params: userPostsParamsSchema, response: { 200: memberPostStatsSchema, ...errors } },
    },
    async (request) => feed.statsOf(request.params.userId, currentUser(request).userId),
  );

  app.post(
    '/posts/create',
    {
      ...writing,
      schema: {
        tags,
        security,
        description:
          "multipart/form-data: text field 'post', up to 10 files 'images' (10 MB each), optional 'content_warning', optional 'client_id' (a UUID made once per post: a retry with the same one returns the same post).",
        consumes: ['multipart/form-data'],
        response: { 201: postSchema, ...errors, 413: apiErrorSchema, 415: apiErrorSchema },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: perSession } },
    },
    async (request, reply) => {
      const { userId } = currentUser(request);
      const form = await readPostForm(request);
      return reply.status(201).send(await feed.create(userId, form, form.files));
    },
  );

  app.patch(
    '/posts/:id',
    { ...guarded, schema: { tags, security, params: postIdParamSchema, body: updatePostBodySchema, response: { 200: postSchema, ...errors } } },
    async (request) => feed.update(currentUser(request).userId, request.params.id, request.body),
  );

  app.delete(
    '/posts/:id',
    { ...guarded, schema: { tags, security, params: postIdParamSchema, response: { 200: deletePostResponseSchema, ...errors } } },
    async (request) => feed.remove(currentUser(request).userId, request.params.id),
  );

  app.post(
    '/posts/:id/like',
    { ...guarded, schema: { tags, security, params: postIdParamSchema, response: { 200: likeStateSchema, ...errors } } },
    async (request) => feed.like(currentUser(request).userId, request.params.id, true),
  );

  app.delete(
    '/posts/:id/like',
    { ...guarded, schema: { tags, security, params: postIdParamSchema, response: { 200: likeStateSchema, ...errors } } },
    async (request) => feed.like(currentUser(request).userId, request.params.id, false),
  );

  app.post(
    '/posts/:id/share',
    {
      ...writing,
      schema: { tags, security, params: postIdParamSchema, body: sharePostBodySchema, response: { 201: postSchema, ...errors, 409: apiErrorSchema } },
    },
    async (request, reply) => reply.status(201).send(await feed.share(currentUser(request).userId, request.params.id, request.body?.text ?? '')),
  );

  app.delete(
    '/posts/:id/share',
    { ...guarded, schema: { tags, security, params: postIdParamSchema, response: { 200: shareStateSchema, ...errors } } },
    async (request) => feed.unshare(currentUser(request).userId, request.params.id),
  );

  app.get(
    '/posts/:id/comments',
    {
      ...guarded,
      schema: { tags, security, description: "Oldest first: pass the previous page's next_cursor as 'after'; next_cursor is null at the end of the thread.", params: postIdParamSchema, querystring: commentsQuerySchema, response: { 200: commentPageSchema, ...errors } },
    },
    async (request) => feed.comments(request.params.id, request.query.after, request.query.limit),
  );

  app.post(
    '/posts/:id/comments',
    {
      ...writing,
      schema: { tags, security, params: postIdParamSchema, body: createCommentBodySchema, response: { 201: createCommentResponseSchema, ...errors } },
      config: { rateLimit: { max: 60, timeWindow: '1 minute', keyGenerator: perSession } },
    },
    async (request, reply) => reply.status(201).send(await feed.addComment(currentUser(request).userId, request.params.id, request.body?.text ?? '')),
  );

  app.delete(
    '/posts/:id/comments/:commentId',
    { ...guarded, schema: { tags, security, params: commentParamsSchema, response: { 200: deleteCommentResponseSchema, ...errors } } },
    async (request) => feed.removeComment(currentUser(request).userId, request.params.id, request.params.commentId),
  );
};
