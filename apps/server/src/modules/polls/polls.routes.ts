import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createdPollSchema,
  createPollBodySchema,
  idParamSchema,
  pollListSchema,
  pollSchema,
  pollsQuerySchema,
  pollVoteBodySchema,
} from '@tribeverse/shared';
import { bearer, currentUserId, errorResponses } from '../../http/route-kit.ts';
import type { PollsService } from './polls.service.ts';

const tags = ['polls'];

/**
 * Per member, not per address: each new poll is a message to a whole room, each vote an event to everyone who sees the
 * poll. 20 polls and 120 votes a minute are far past what a person does, and stop a script flooding a room.
 */
const perMember = (what: string, max: number) => ({
  max,
  timeWindow: '1 minute',
  hook: 'preHandler' as const,
  keyGenerator: (request: FastifyRequest) => `polls-${what}:${currentUserId(request)}`,
});

export const pollsRoutes: FastifyPluginAsyncZod<{ polls: PollsService }> = async (app, { polls }) => {
  app.post(
    '/polls',
    {
      config: { access: 'writer', rateLimit: perMember('create', 20) },
      schema: {
        tags,
        security: bearer,
        description:
          'A poll in a group or a community channel (its question goes out as the caller’s message, the poll on it) or on the caller’s post just written. Never in a direct chat.',
        body: createPollBodySchema,
        response: { 201: createdPollSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await polls.create(currentUserId(request), request.body)),
  );

  app.get(
    '/polls',
    {
      schema: {
        tags,
        security: bearer,
        description: 'The polls of these messages and posts that the caller may read (others are left out).',
        querystring: pollsQuerySchema,
        response: { 200: pollListSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => ({ polls: await polls.list(currentUserId(request), request.query) }),
  );

  app.get(
    '/polls/:id',
    {
      schema: {
        tags,
        security: bearer,
        params: idParamSchema,
        response: { 200: pollSchema, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => polls.get(currentUserId(request), request.params.id),
  );

  app.put(
    '/polls/:id/vote',
    {
      config: { rateLimit: perMember('vote', 120) },
      schema: {
        tags,
        security: bearer,
        description: 'The caller’s whole vote, replacing any before; an empty list takes it back. 403 once the poll is closed.',
        params: idParamSchema,
        body: pollVoteBodySchema,
        response: { 200: pollSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => polls.vote(currentUserId(request), request.params.id, request.body.option_ids),
  );

  app.post(
    '/polls/:id/close',
    {
      schema: {
        tags,
        security: bearer,
        description: 'The creator ends voting now.',
        params: idParamSchema,
        response: { 200: pollSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => polls.close(currentUserId(request), request.params.id),
  );
};
